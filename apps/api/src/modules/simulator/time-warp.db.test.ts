import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CLOCK_NOT_SIMULATED, NO_NEXT_SEND, NOT_IN_REHEARSAL, sendPlanApi, simulatorApi } from '@linq/contract';
import type { SimFriend } from '@linq/line-simulator';
import { useTestApp } from '../../test/kit.ts';
import { waitFor } from '../../test/wait.ts';
import { planSends } from '../plan-engine/schema.ts';
import { planEnrolments } from '../plans/schema.ts';
import {
  activePlan,
  engineChannel,
  listening,
  received,
  receivedCount,
  withTiming,
} from '../plan-engine/test-support.ts';
import { addChild, simplePlan, type Caller } from '../plans/test-support.ts';
import { runDueSends } from '../plan-engine/scheduler.ts';

const t = useTestApp({ simulator: true });
let consoleUrl: string;

beforeAll(async () => {
  consoleUrl = await listening(t);
});

/** Monday 2026-12-07 09:00 in Tokyo (the accounts' zone). */
const MONDAY_NINE = new Date('2026-12-07T00:00:00Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** What the friend received once `count` messages arrived (the deliveries go out after the send commits). */
const arrived = (friend: SimFriend, count: number) =>
  waitFor(async () => (received(friend).length >= count ? received(friend) : undefined));

const advance = (as: Caller, body: Parameters<typeof t.call<typeof simulatorApi.advanceClock>>[1]['body']) =>
  t.call(simulatorApi.advanceClock, { body }, as);

describe('the demo time warp', () => {
  it('is refused unless the channel is bound to the simulator running in this process', async () => {
    t.ctx.clock.set(MONDAY_NINE);
    const plain: Caller = { token: t.tenant.tokens.staff, lineAccountId: t.tenant.channels[0]!.id };
    for (const answer of [await t.call(simulatorApi.clock, {}, plain), await advance(plain, { minutes: 60 })]) {
      expect(answer.status).toBe(409);
      expect(answer.json).toMatchObject({ errors: CLOCK_NOT_SIMULATED });
    }

    const { as } = await engineChannel(t, consoleUrl);
    const simulator = t.runtime.ctx.simulator;
    t.runtime.ctx.simulator = null;
    try {
      const refused = await advance(as, { minutes: 60 });
      expect(refused.status).toBe(409);
      expect(refused.json).toMatchObject({ errors: CLOCK_NOT_SIMULATED });
    } finally {
      t.runtime.ctx.simulator = simulator;
    }
    expect(t.ctx.clock.now()).toEqual(MONDAY_NINE);

    // Bound: it answers the engine's time; a step outside 1 minute … 31 days is invalid.
    expect((await t.call(simulatorApi.clock, {}, as)).output.data.now).toBe(MONDAY_NINE.toISOString());
    expect((await advance(as, { minutes: 0 })).status).toBe(422);
    expect((await advance(as, { minutes: 60 * 24 * 31 + 1 })).status).toBe(422);
    const moved = await advance(as, { minutes: 90 });
    expect(moved.output.data.now).toBe(new Date(MONDAY_NINE.getTime() + 90 * MINUTE).toISOString());
    expect(t.ctx.clock.now().getTime()).toBe(MONDAY_NINE.getTime() + 90 * MINUTE);
  });

  it('the whole-process warp: "after 3 days at 10:00" arrives when the engine clock gets there', async () => {
    t.ctx.clock.set(MONDAY_NINE);
    const { channel, lineAccountId, as } = await engineChannel(t, consoleUrl);
    const plan = await activePlan(
      t,
      as,
      withTiming(addChild(simplePlan('scenario', 'リハーサル'), 'box-0'), 'box-1-0', {
        timing_type: 'send_after',
        after_days: 3,
        next_action_at: '10:00',
      }),
    );
    const { friend, row } = await t.factory.followingFriend(channel, lineAccountId, 'リハーサル さん');

    const started = await t.call(
      simulatorApi.rehearsal,
      { body: { plan_id: plan.plan.id!, user_id: friend.userId } },
      as,
    );
    expect(started.output.data).toMatchObject({ now: MONDAY_NINE.toISOString(), offset_ms: 0, status: 'active' });
    expect(await receivedCount(t, friend, 1)).toEqual(['お知らせです']);

    // A minute short of Thursday 10:00 (Tokyo): nothing more is sent.
    const sends = () => t.db.select().from(planSends).where(eq(planSends.friendId, row.id));
    await advance(as, { minutes: 3 * 24 * 60 + 60 - 1 });
    expect(await sends()).toHaveLength(1);

    // To the friend's next send (by console id): exactly Thursday 10:00, and the step goes out.
    const warped = await advance(as, { to_next_send: true, friend_id: row.id });
    expect(warped.output.data.now).toBe('2026-12-10T01:00:00.000Z');
    expect(await sends()).toHaveLength(2);
    expect(await receivedCount(t, friend, 2)).toEqual(['お知らせです', 'ご登録ありがとうございます']);

    // Nothing is left to wait for: the warp says so and the clock stays.
    const nothing = await advance(as, { to_next_send: true, user_id: friend.userId });
    expect(nothing.status).toBe(409);
    expect(nothing.json).toMatchObject({ errors: NO_NEXT_SEND });
    expect(t.ctx.clock.now().toISOString()).toBe('2026-12-10T01:00:00.000Z');
    expect(received(friend)).toHaveLength(2);

    // The engine's own refusals hold: a second run of a plan the friend is in is refused.
    const again = await t.call(
      simulatorApi.rehearsal,
      { body: { plan_id: plan.plan.id!, user_id: friend.userId } },
      as,
    );
    expect(again.status).toBe(409);
  });

  it('a virtual friend who does not follow cannot be rehearsed with', async () => {
    const { channel, as } = await engineChannel(t, consoleUrl);
    const plan = await activePlan(t, as, simplePlan('scenario', '未追加'));
    const stranger = channel.createFriend({ displayName: '未追加 さん' });
    const refused = await t.call(
      simulatorApi.rehearsal,
      { body: { plan_id: plan.plan.id!, user_id: stranger.userId } },
      as,
    );
    expect(refused.status).toBe(409);
    expect(stranger.inbox()).toEqual([]);
  });

  it('a rehearsal moves on its own time: +1日 and 次の配信まで send to the rehearsed friend only', async () => {
    t.ctx.clock.set(MONDAY_NINE);
    const { channel, lineAccountId, as } = await engineChannel(t, consoleUrl);
    const plan = await activePlan(
      t,
      as,
      ['box-1-0', 'box-2-0'].reduce(
        (detail, end) => withTiming(detail, end, { timing_type: 'send_after', after_days: 1, next_action_at: null }),
        addChild(addChild(simplePlan('scenario', '自分の時間'), 'box-0'), 'box-1-0'),
      ),
    );
    const planId = plan.plan.id!;
    const rehearsed = await t.factory.followingFriend(channel, lineAccountId, 'リハーサル さん');
    const other = await t.factory.followingFriend(channel, lineAccountId, 'ほかの さん');
    // Another friend runs the same plan for real, its next step due at the same time.
    const sent = await t.call(sendPlanApi.sendPlan, { params: { id: other.row.id }, body: { plan_id: planId } }, as);
    expect(sent.status).toBe(201);
    expect(await receivedCount(t, other.friend, 1)).toEqual(['お知らせです']);

    const rehearsalOf = () => t.call(simulatorApi.rehearsalOf, { params: { userId: rehearsed.friend.userId } }, as);
    const move = (body: { minutes: number } | { to_next_send: true }, userId = rehearsed.friend.userId) =>
      t.call(simulatorApi.advanceRehearsal, { params: { userId }, body }, as);
    expect((await rehearsalOf()).output.data).toBeNull();
    // Not in a rehearsal: refused, whoever runs the plan for real.
    const notRehearsing = await move({ minutes: 60 }, other.friend.userId);
    expect(notRehearsing.status).toBe(409);
    expect(notRehearsing.json).toMatchObject({ errors: NOT_IN_REHEARSAL });

    const started = await t.call(
      simulatorApi.rehearsal,
      { body: { plan_id: planId, user_id: rehearsed.friend.userId } },
      as,
    );
    expect(started.status).toBe(200);
    expect(await arrived(rehearsed.friend, 1)).toEqual(['お知らせです']);
    const firstDue = started.output.data.next_at;
    expect(firstDue).toBe(new Date(MONDAY_NINE.getTime() + DAY).toISOString());

    // +1日: the rehearsal's own time is a day on; its next box goes out, to it alone.
    const day = await move({ minutes: 24 * 60 });
    expect(day.status).toBe(200);
    expect(day.output.data).toMatchObject({
      plan_name: '自分の時間',
      now: new Date(MONDAY_NINE.getTime() + DAY).toISOString(),
      offset_ms: DAY,
      status: 'active',
    });
    expect(await arrived(rehearsed.friend, 2)).toEqual(['お知らせです', 'ご登録ありがとうございます']);
    // Its following step is decided on its own time: a day after its own now.
    expect(day.output.data.next_at).toBe(new Date(MONDAY_NINE.getTime() + 2 * DAY).toISOString());
    // The engine clock did not move; the other friend's step is still a day away and nothing reached them.
    expect(t.ctx.clock.now()).toEqual(MONDAY_NINE);
    await runDueSends(t.ctx);
    expect(received(other.friend)).toEqual(['お知らせです']);
    const [otherRun] = await t.db.select().from(planEnrolments).where(eq(planEnrolments.friendId, other.row.id));
    expect(otherRun).toMatchObject({ clockOffsetMs: 0, nextActionAt: new Date(MONDAY_NINE.getTime() + DAY) });

    // 次の配信まで: straight to its last box; then it has finished and nothing is left to wait for.
    const next = await move({ to_next_send: true });
    expect(next.output.data).toMatchObject({ offset_ms: 2 * DAY, status: 'finished', next_at: null });
    expect(await arrived(rehearsed.friend, 3)).toHaveLength(3);
    expect(received(other.friend)).toEqual(['お知らせです']);
    const ended = await move({ to_next_send: true });
    expect(ended.status).toBe(409);
    expect(ended.json).toMatchObject({ errors: NOT_IN_REHEARSAL });

    // Each send went out once, at most: the sends recorded are the rehearsal's three and the other's one.
    expect(await t.db.select().from(planSends).where(eq(planSends.friendId, rehearsed.row.id))).toHaveLength(3);
    expect(await t.db.select().from(planSends).where(eq(planSends.friendId, other.row.id))).toHaveLength(1);

    // The phone's bubbles of the rehearsal carry its own time: the last two came a day and two days on.
    const talk = await t.call(simulatorApi.conversation, { params: { userId: rehearsed.friend.userId } }, as);
    const demoTimes = talk.output.data.filter((entry) => entry.direction === 'to_friend').map((entry) => entry.demo_at);
    expect(demoTimes).toHaveLength(3);
    expect(new Date(demoTimes[1]!).getTime() - new Date(demoTimes[0]!).getTime()).toBeGreaterThanOrEqual(DAY);
    expect(new Date(demoTimes[2]!).getTime() - new Date(demoTimes[0]!).getTime()).toBeGreaterThanOrEqual(2 * DAY);
  });

  it('moving a rehearsal is refused outside a simulated channel', async () => {
    const plain: Caller = { token: t.tenant.tokens.staff, lineAccountId: t.tenant.channels[0]!.id };
    const refused = await t.call(
      simulatorApi.advanceRehearsal,
      { params: { userId: 'U0000' }, body: { minutes: 60 } },
      plain,
    );
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ errors: CLOCK_NOT_SIMULATED });
  });
});
