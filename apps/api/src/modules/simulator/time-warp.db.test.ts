import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CLOCK_NOT_SIMULATED, NO_NEXT_SEND, simulatorApi } from '@linq/contract';
import { useTestApp } from '../../test/kit.ts';
import { planSends } from '../plan-engine/schema.ts';
import {
  activePlan,
  engineChannel,
  listening,
  received,
  receivedCount,
  withTiming,
} from '../plan-engine/test-support.ts';
import { addChild, simplePlan, type Caller } from '../plans/test-support.ts';

const t = useTestApp({ simulator: true });
let consoleUrl: string;

beforeAll(async () => {
  consoleUrl = await listening(t);
});

/** Monday 2026-12-07 09:00 in Tokyo (the accounts' zone). */
const MONDAY_NINE = new Date('2026-12-07T00:00:00Z');
const MINUTE = 60_000;

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

  it('a rehearsal sends the first box at once; "after 3 days at 10:00" arrives when the clock gets there', async () => {
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
    expect(started.output.data.now).toBe(MONDAY_NINE.toISOString());
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
});
