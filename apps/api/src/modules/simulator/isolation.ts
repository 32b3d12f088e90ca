import { inChannel, NOT_FOUND, probes, type Entry, type IsolationModule } from '../../test/isolation.ts';
import { simulateChannels } from './test-support.ts';

/** Phone panel: the first channel of each tenant is bound to a simulator with one virtual friend (see below). */
let simulated: Awaited<ReturnType<typeof simulateChannels>>;
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

export const isolation: IsolationModule = {
  async setup(t, tenants) {
    simulated = await simulateChannels(
      t,
      tenants.map((tenant) => tenant.channels[0]!.id),
    );
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
  }),
};
