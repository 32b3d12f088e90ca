/**
 * The dashboard's figures come from the worker's roll-ups after real follows, blocks and plan sends
 * (through the simulator's webhooks), the unread count from the friends' index, and the quota from
 * LINE with its forecast to month end.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SimChannel } from '@linq/line-simulator';
import { dashboardApi as api, type Dashboard } from '@linq/contract';
import { count, eq, inArray } from 'drizzle-orm';
import { useTestApp, type Caller } from '../../test/kit.ts';
import { friends, friendStatusCounts } from '../friends/schema.ts';
import { waitFor } from '../../test/wait.ts';
import { activePlan, engineChannel, listening, receivedCount } from '../plan-engine/test-support.ts';
import { branchingScenario } from '../plans/test-support.ts';
import { quotaMonth } from '../abnormal-detection/detectors/quota.ts';

const t = useTestApp({ simulator: true });
let channel: SimChannel;
let as: Caller;

beforeAll(async () => {
  ({ channel, as } = await engineChannel(t, await listening(t)));
});

const dashboardOf = async (days: '7' | '30' | '90' = '30') =>
  (await t.call(api.get, { query: { days } }, as)).output.data;
const tokyoToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(t.ctx.clock.now());

describe('the dashboard', () => {
  it('a new channel has nothing yet and says what to do first', async () => {
    const empty = await dashboardOf('7');
    expect(empty.friends).toEqual({ total: 0, following: 0, blocked: 0 });
    expect(empty.series).toHaveLength(7);
    expect(empty.series.every((d) => d.follows === 0 && d.blocks === 0)).toBe(true);
    expect(empty.tops).toEqual([]);
    expect(empty.setup).toEqual({ connected: true, has_friends: false, has_welcome: false });
    expect(empty.open_anomalies).toEqual({ info: 0, warning: 0, critical: 0 });
  });

  it('counts follows, blocks, unread talks and the top plan from the roll-ups', async () => {
    let welcome = branchingScenario('ダッシュボードのようこそ');
    welcome = { ...welcome, plan: { ...welcome.plan, scenario_trigger: 'friend_added' } };
    const plan = await activePlan(t, as, welcome);
    const added = [0, 1, 2].map((i) => channel.createFriend({ displayName: `集計 ${i}` }));
    for (const friend of added) {
      await friend.follow();
      await receivedCount(t, friend, 1);
    }
    await added[2]!.unfollow();
    await added[0]!.sendText('質問があります');

    const settled = await waitFor(async () => {
      const d = await dashboardOf();
      const today = d.series.find((day) => day.day === tokyoToday());
      const top = d.tops.find((tp) => tp.kind === 'plans')?.items[0];
      return today?.follows === 3 && today.blocks === 1 && top?.value === 3 && d.unread_talks === 1 ? d : undefined;
    });
    expect(settled.friends).toEqual({ total: 3, following: 2, blocked: 1 });
    expect(settled.change).toEqual({ total: 3, following: 2, blocked: 1 });
    expect(settled.series).toHaveLength(30);
    expect(settled.tops).toEqual<Dashboard['tops']>([
      { kind: 'plans', items: [{ id: plan.plan.id!, label: 'ダッシュボードのようこそ', value: 3 }] },
    ]);
    expect(settled.setup).toEqual({ connected: true, has_friends: true, has_welcome: true });
  });

  it('keeps the friend counts through every write to friends, whoever makes it', async () => {
    const account = await t.factory.account();
    const other = await t.factory.lineAccount(account.id);
    const counts = async () =>
      Object.fromEntries(
        (await t.db.select().from(friendStatusCounts).where(eq(friendStatusCounts.lineAccountId, other.id))).map(
          (row) => [row.status, row.friends],
        ),
      );
    const actual = async () =>
      Object.fromEntries(
        (
          await t.db
            .select({ status: friends.status, n: count() })
            .from(friends)
            .where(eq(friends.lineAccountId, other.id))
            .groupBy(friends.status)
        ).map((row) => [row.status, row.n]),
      );
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await t.factory.friend(other.id));
    await t.db
      .insert(friends)
      .values(
        [0, 1, 2].map((i) => ({ lineAccountId: other.id, lineUserId: `Ucounts${i}`, status: 'blocked' as const })),
      );
    expect(await counts()).toEqual({ following: 5, blocked: 3 });
    // Two block in one statement, one follows again, a profile change moves nothing, two go.
    await t.db
      .update(friends)
      .set({ status: 'blocked' })
      .where(inArray(friends.id, [made[0]!.id, made[1]!.id]));
    await t.db.update(friends).set({ status: 'following' }).where(eq(friends.lineUserId, 'Ucounts0'));
    await t.db.update(friends).set({ displayName: '改名' }).where(eq(friends.lineAccountId, other.id));
    await t.db.delete(friends).where(inArray(friends.id, [made[2]!.id, made[0]!.id]));
    expect(await counts()).toEqual(await actual());
    expect(await counts()).toEqual({ following: 3, blocked: 3 });
  });

  it("reads this month's messages against LINE's quota and carries the pace to month end", async () => {
    channel.setQuota(10_000, 1_200);
    const quota = (await t.call(api.quota, {}, as)).output.data;
    const now = t.ctx.clock.now().getTime();
    const { start, end } = quotaMonth(t.ctx.clock.now());
    expect(quota).toMatchObject({ limit: 10_000, used: 1_200, month_end: end.toISOString() });
    const expected = Math.round((1_200 * (end.getTime() - start.getTime())) / (now - start.getTime()));
    expect(Math.abs(quota!.forecast - expected)).toBeLessThanOrEqual(1);
  });
});
