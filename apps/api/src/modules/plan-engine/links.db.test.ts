import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { SimChannel } from '@linq/line-simulator';
import { planAnalysisApi, talksApi, type PlanDetail } from '@linq/contract';
import { useTestApp } from '../../test/kit.ts';
import { trackedLinks } from '../links/schema.ts';
import { follow } from '../links/service.ts';
import { boxOf, filledMessage, simplePlan, type Caller } from '../plans/test-support.ts';
import { planSends } from './schema.ts';
import { activePlan, engineChannel, listening, receivedCount } from './test-support.ts';

const t = useTestApp({ simulator: true });
let channel: SimChannel;
let lineAccountId: number;
let as: Caller;
let consoleUrl: string;

beforeAll(async () => {
  consoleUrl = await listening(t);
});
beforeEach(async () => {
  ({ channel, lineAccountId, as } = await engineChannel(t, consoleUrl));
});

const SALE = 'https://shop.example/sale';

/** A broadcast of one confirm whose first answer opens the sale page (no branch under it). */
function linkBroadcast(name: string): PlanDetail {
  const detail = simplePlan('broadcast', name);
  const confirm = filledMessage('confirm', 'セールを見ますか？');
  const [open, later] = confirm.message_confirm!.message_actions;
  return {
    ...detail,
    plan_actions: [
      {
        ...detail.plan_actions[0]!,
        message_type: 'confirm',
        message: {
          ...confirm,
          message_confirm: {
            ...confirm.message_confirm!,
            message_actions: [
              { ...open!, action_type: 'uri', label: '見る', uri: SALE },
              { ...later!, action_type: 'message', label: 'あとで', text: 'あとで' },
            ],
          },
        },
      },
    ],
  };
}

/** The address the friend's phone got for the confirm's first answer. */
function sentUri(friend: ReturnType<SimChannel['createFriend']>): string {
  const message = friend.inbox().at(-1)!.message as { template: { actions: { uri?: string }[] } };
  return message.template.actions[0]!.uri!;
}

const tokenOf = (uri: string) => new URL(uri).pathname.split('/').at(-1)!;

describe('plan engine: tracked links', () => {
  it("gives each friend their own tracked link per box; openings count per box and link and show in the friend's talk", async () => {
    const first = await t.factory.followingFriend(channel, lineAccountId, 'リンク 一');
    const second = await t.factory.followingFriend(channel, lineAccountId, 'リンク 二');
    const plan = await activePlan(t, as, linkBroadcast('セール配信'));
    const box = boxOf(plan, 'box-0');
    await receivedCount(t, first.friend, 1);
    await receivedCount(t, second.friend, 1);

    const uris = [sentUri(first.friend), sentUri(second.friend)];
    expect(uris.every((uri) => uri.includes('/redirects/'))).toBe(true);
    expect(new Set(uris).size).toBe(2);
    const rows = await t.db
      .select()
      .from(trackedLinks)
      .where(inArray(trackedLinks.friendId, [first.row.id, second.row.id]));
    expect(rows.map((row) => [row.friendId, row.planActionId, row.targetUrl]).sort()).toEqual(
      [
        [first.row.id, box.id, SALE],
        [second.row.id, box.id, SALE],
      ].sort(),
    );
    // One push each, not one multicast: each carries its friend's link.
    const sends = await t.db.select().from(planSends).where(eq(planSends.planId, plan.plan.id!));
    expect(new Set(sends.map((send) => send.deliveryId)).size).toBe(2);

    await follow(t.ctx, tokenOf(uris[0]!), consoleUrl);
    await follow(t.ctx, tokenOf(uris[0]!), consoleUrl);
    await follow(t.ctx, tokenOf(uris[1]!), consoleUrl);
    const { output } = await t.call(planAnalysisApi.get, { params: { id: plan.plan.id! }, query: {} }, as);
    const figures = output.plan_actions.find((action) => action.box_id === 'box-0')!.figures;
    expect([figures.clicks, figures.click_friends]).toEqual([3, 2]);
    expect(figures.options.map((option) => [option.label, option.clicks, option.click_friends])).toEqual([
      ['見る', 3, 2],
      ['あとで', 0, 0],
    ]);
    const later = await t.call(
      planAnalysisApi.get,
      { params: { id: plan.plan.id! }, query: { from: '2099-01-01' } },
      as,
    );
    expect(later.output.plan_actions[0]!.figures.clicks).toBe(0);

    const talk = await t.call(talksApi.history, { query: { friend_id: first.row.id } }, as);
    expect(talk.output.data.filter((entry) => entry.type === 'link_opened').map((entry) => entry.content)).toEqual([
      { url: SALE },
      { url: SALE },
    ]);
  });

  it('a box without web links still goes to many friends in one multicast', async () => {
    const friends = [
      await t.factory.followingFriend(channel, lineAccountId, '一斉 一'),
      await t.factory.followingFriend(channel, lineAccountId, '一斉 二'),
      await t.factory.followingFriend(channel, lineAccountId, '一斉 三'),
    ];
    const plan = await activePlan(t, as, simplePlan('broadcast', 'お知らせ配信'));
    for (const { friend } of friends) await receivedCount(t, friend, 1);
    const sends = await t.db.select().from(planSends).where(eq(planSends.planId, plan.plan.id!));
    expect(sends).toHaveLength(3);
    expect(new Set(sends.map((send) => send.deliveryId)).size).toBe(1);
    const links = await t.db
      .select()
      .from(trackedLinks)
      .where(
        inArray(
          trackedLinks.friendId,
          friends.map(({ row }) => row.id),
        ),
      );
    expect(links).toEqual([]);
  });
});
