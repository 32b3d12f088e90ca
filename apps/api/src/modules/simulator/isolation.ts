import type { Tenant } from '../../test/factory.ts';
import { inChannel, NOT_FOUND, probes, type Entry, type IsolationModule } from '../../test/isolation.ts';
import { planIn } from '../plans/isolation.ts';
import { simulateChannels } from './test-support.ts';

/** Phone panel: the first channel of each tenant is bound to a simulator with one virtual friend (see below). */
let simulated: Awaited<ReturnType<typeof simulateChannels>>;
/** The console's friend row of each channel's virtual friend (as if its follow had been processed). */
const consoleFriendOf = new Map<number, number>();
/** A's staff asking for B's virtual friend in A's channel: 404; in B's channel (header): 403. */
const virtualFriend = (action: string, body?: unknown): Entry =>
  probes((a, b) => {
    const path = `/service/simulator/friends/${simulated.friendOf(b.channels[0]!.id)}/${action}`;
    const own = `/service/simulator/friends/${simulated.friendOf(a.channels[0]!.id)}/${action}`;
    const extra = body ? { body } : {};
    return [
      { path, token: a.tokens.staff, lineAccountId: a.channels[0]!.id, answers: NOT_FOUND, ...extra },
      { path, token: a.tokens.staff, lineAccountId: b.channels[0]!.id, answers: [403], ...extra },
      { path: own, token: a.tokens.staff, lineAccountId: b.channels[0]!.id, answers: [403], ...extra },
    ];
  });

/** The time warp and rehearsal naming B's friend (console id or LINE user id) or B's plan from A's channel: 404. */
const timeWarp = (path: string, bodies: (a: Tenant, b: Tenant) => unknown[]): Entry =>
  probes((a, b) => [
    ...bodies(a, b).map((body) => ({
      path,
      token: a.tokens.staff,
      lineAccountId: a.channels[0]!.id,
      answers: NOT_FOUND,
      body,
    })),
    { path, token: a.tokens.staff, lineAccountId: b.channels[0]!.id, answers: [403], body: bodies(a, b)[0] },
  ]);
const userOf = (tenant: Tenant) => simulated.friendOf(tenant.channels[0]!.id);

export const isolation: IsolationModule = {
  async setup(t, tenants) {
    simulated = await simulateChannels(
      t,
      tenants.map((tenant) => tenant.channels[0]!.id),
    );
    for (const tenant of tenants) {
      const lineAccountId = tenant.channels[0]!.id;
      const row = await t.factory.friend(lineAccountId, { lineUserId: simulated.friendOf(lineAccountId) });
      consoleFriendOf.set(lineAccountId, row.id);
    }
  },
  teardown: () => simulated.stop(),
  routes: () => ({
    'GET /api/service/simulator': inChannel('/service/simulator', [200]),
    'GET /api/service/simulator/friends': inChannel('/service/simulator/friends', [200]),
    'POST /api/service/simulator/friends': inChannel('/service/simulator/friends', [201], {}),
    'POST /api/service/simulator/friends/:userId/follow': virtualFriend('follow'),
    'POST /api/service/simulator/friends/:userId/unfollow': virtualFriend('unfollow'),
    'POST /api/service/simulator/friends/:userId/text': virtualFriend('text', { text: 'probe' }),
    'POST /api/service/simulator/friends/:userId/image': virtualFriend('image'),
    'POST /api/service/simulator/friends/:userId/sticker': virtualFriend('sticker', {
      package_id: '446',
      sticker_id: '1988',
    }),
    'POST /api/service/simulator/friends/:userId/postback': virtualFriend('postback', { data: 'probe=1' }),
    'GET /api/service/simulator/friends/:userId/conversation': virtualFriend('conversation'),
    'GET /api/service/simulator/friends/:userId/rich_menu': virtualFriend('rich_menu'),
    'POST /api/service/simulator/friends/:userId/rich_menu/tap': virtualFriend('rich_menu/tap', { area_index: 0 }),
    'GET /api/service/simulator/clock': inChannel('/service/simulator/clock', [200]),
    'POST /api/service/simulator/clock/advance': timeWarp('/service/simulator/clock/advance', (_a, b) => [
      { to_next_send: true, friend_id: consoleFriendOf.get(b.channels[0]!.id) },
      { to_next_send: true, user_id: userOf(b) },
    ]),
    'GET /api/service/simulator/friends/:userId/rehearsal': virtualFriend('rehearsal'),
    'POST /api/service/simulator/friends/:userId/rehearsal/advance': virtualFriend('rehearsal/advance', {
      minutes: 60,
    }),
    'POST /api/service/simulator/rehearsal': timeWarp('/service/simulator/rehearsal', (a, b) => [
      { plan_id: planIn(b).plan.id, user_id: userOf(a) },
      { plan_id: planIn(a).plan.id, user_id: userOf(b) },
    ]),
  }),
};
