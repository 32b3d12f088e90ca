import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  friendPlansApi,
  plansApi,
  sendPlanApi,
  permissionsWith,
  STAFF_STOP_REASON,
  type Permissions,
  type PlanDetail,
} from '@linq/contract';
import { useTestApp, type Caller } from '../../test/kit.ts';
import { deliveries } from '../delivery/schema.ts';
import { warmSimulator } from '../delivery/test-support.ts';
import { friends } from '../friends/schema.ts';
import { userLineAccounts } from '../line-accounts/schema.ts';
import { waitFor } from '../../test/wait.ts';
import { planSends, planTaps } from '../plan-engine/schema.ts';
import { planEnrolments, planHistory } from '../plans/schema.ts';
import { boxOf, branchingScenario, createPlan, simplePlan } from '../plans/test-support.ts';
import { ALREADY_ENDED_MESSAGE, PREVIEW_LENGTH, previewOf } from './service.ts';

const t = useTestApp({ tenants: 2, simulator: true });

const HOUR = 3_600_000;
const NEXT_SEND_AFTER = 30 * 24 * HOUR;

/** A delivery of one message to the friend, as the delivery service logs it. */
async function deliveryTo(lineAccountId: number, friendId: number, status: 'sent' | 'failed', reason?: string) {
  const [delivery] = await t.db
    .insert(deliveries)
    .values({
      lineAccountId,
      messages: [{ type: 'text', text: 'x' }],
      friendIds: [friendId],
      retryKey: crypto.randomUUID(),
      status,
      lastError: reason ?? null,
      source: 'plan',
    })
    .returning();
  return delivery!.id;
}

/**
 * A friend in the branching scenario: box-0 (a confirm) sent and delivered at `start`, its first
 * answer tapped an hour later, box-1-0 (a text) sent then and failed, box-2-0 due a month later.
 * Before it, an enrolment in the same plan that finished.
 */
async function friendInScenario(caller: Caller = t.staff) {
  const lineAccountId = caller.lineAccountId!;
  const plan: PlanDetail = await createPlan(t, caller, branchingScenario());
  const planId = plan.plan.id!;
  const [box0, box10, box20] = ['box-0', 'box-1-0', 'box-2-0'].map((id) => boxOf(plan, id));
  const friend = await t.factory.friend(lineAccountId);
  // Relative to now, and the next send far ahead: the running engine must not send it during the test.
  const start = new Date(Date.now() - 2 * HOUR);
  const [finished] = await t.db
    .insert(planEnrolments)
    .values({
      lineAccountId,
      planId,
      friendId: friend.id,
      status: 'finished',
      startedAt: new Date(start.getTime() - 48 * HOUR),
      endedAt: new Date(start.getTime() - 47 * HOUR),
    })
    .returning();
  const [enrolment] = await t.db
    .insert(planEnrolments)
    .values({
      lineAccountId,
      planId,
      friendId: friend.id,
      trigger: 'manual',
      currentBoxId: 'box-1-0',
      currentPlanActionId: box10!.id,
      nextPlanActionId: box20!.id,
      nextActionAt: new Date(start.getTime() + NEXT_SEND_AFTER),
      startedAt: start,
    })
    .returning();
  const send = async (box: typeof box0, at: Date, deliveryId: number) =>
    t.db.insert(planSends).values({
      lineAccountId,
      planId,
      enrolmentId: enrolment!.id,
      friendId: friend.id,
      planActionId: box!.id,
      boxId: box!.box_id,
      deliveryId,
      dueAt: at,
      sentAt: at,
    });
  await send(box0, start, await deliveryTo(lineAccountId, friend.id, 'sent'));
  const tappedAt = new Date(start.getTime() + HOUR);
  await t.db.insert(planTaps).values({
    lineAccountId,
    planId,
    enrolmentId: enrolment!.id,
    friendId: friend.id,
    planActionId: box0!.id,
    actionItemId: box0!.message.message_confirm!.message_actions[0]!.id!,
    childBoxId: 'box-1-0',
    tappedAt,
  });
  await send(box10, tappedAt, await deliveryTo(lineAccountId, friend.id, 'failed', 'LINE が 400 を返しました'));
  return { plan, friend, enrolment: enrolment!, finished: finished!, start, tappedAt };
}

async function staffWith(change: (permissions: Permissions) => void): Promise<Caller> {
  const permissions = permissionsWith('edit', true);
  change(permissions);
  const authority = await t.factory.staffAuthority(t.tenant.account.id, permissions);
  const user = await t.factory.user('service', {
    accountId: t.tenant.account.id,
    staffAuthorityId: authority.id,
    lineAccountIds: [t.tenant.channels[0]!.id],
  });
  return { token: await t.factory.login('service', user.email), lineAccountId: t.tenant.channels[0]!.id };
}

describe("a friend's plans (issue 15, friend detail)", () => {
  it('lists the enrolments newest first, each with its sends, delivery status, taps, waiting point and next send', async () => {
    const { plan, friend, enrolment, finished, start, tappedAt } = await friendInScenario();
    const answer = await t.call(friendPlansApi.list, { params: { id: friend.id }, query: {} }, t.staff);
    expect(answer.status, answer.text).toBe(200);
    const { data, total_item_count } = answer.output;
    expect(total_item_count).toBe(2);
    expect(data.map((row) => row.id)).toEqual([enrolment.id, finished.id]);
    const [current, older] = data;
    const confirm = boxOf(plan, 'box-0').message.message_confirm!;
    const nextBox = boxOf(plan, 'box-2-0').message;
    expect(current).toMatchObject({
      plan_id: plan.plan.id,
      plan_name: '友だち追加シナリオ',
      plan_type: 'scenario',
      status: 'active',
      trigger: 'manual',
      current_box_id: 'box-1-0',
      waiting_for: 'send',
      next_box_id: 'box-2-0',
      // The next box is named on screen by its message, never by its id.
      next_box_message_type: nextBox.message_type,
      next_box_preview: previewOf(nextBox),
      next_action_at: new Date(start.getTime() + NEXT_SEND_AFTER).toISOString(),
      started_at: start.toISOString(),
      ended_at: null,
      end_reason: null,
    });
    expect(current!.sends).toEqual([
      {
        id: expect.any(Number),
        box_id: 'box-0',
        occurrence: 1,
        message_type: 'confirm',
        preview: 'ご来店されますか？',
        status: 'sent',
        delivery_status: 'sent',
        delivery_reason: null,
        sent_at: start.toISOString(),
        tap: { label: confirm.message_actions[0]!.label, child_box_id: 'box-1-0', tapped_at: tappedAt.toISOString() },
      },
      {
        id: expect.any(Number),
        box_id: 'box-1-0',
        occurrence: 1,
        message_type: 'text_message',
        preview: 'ご登録ありがとうございます',
        status: 'sent',
        delivery_status: 'failed',
        delivery_reason: 'LINE が 400 を返しました',
        sent_at: tappedAt.toISOString(),
        tap: null,
      },
    ]);
    expect(older).toMatchObject({ status: 'finished', waiting_for: null, sends: [] });
  });

  it('says the friend waits for a tap at a box with options and nothing due', async () => {
    const { plan, friend, enrolment } = await friendInScenario();
    await t.db
      .update(planEnrolments)
      .set({
        currentBoxId: 'box-0',
        currentPlanActionId: boxOf(plan, 'box-0').id,
        nextPlanActionId: null,
        nextActionAt: null,
      })
      .where(eq(planEnrolments.id, enrolment.id));
    const { output } = await t.call(friendPlansApi.list, { params: { id: friend.id }, query: {} }, t.staff);
    expect(output.data[0]).toMatchObject({ current_box_id: 'box-0', waiting_for: 'tap', next_box_id: null });
  });

  it('pages the enrolments', async () => {
    const { friend, finished } = await friendInScenario();
    const { output } = await t.call(
      friendPlansApi.list,
      { params: { id: friend.id }, query: { page: 2, limit: 1 } },
      t.staff,
    );
    expect(output).toMatchObject({ total_item_count: 2, pagination: { current: 2, pageSize: 1 } });
    expect(output.data.map((row) => row.id)).toEqual([finished.id]);
  });

  it('stops an enrolment at the engine clock, records it in the plan history, and refuses a second stop (409)', async () => {
    const { plan, friend, enrolment } = await friendInScenario();
    const now = new Date(Date.now() + 24 * HOUR);
    t.ctx.clock.set(now);
    const stopped = await t.call(
      friendPlansApi.stop,
      { params: { id: friend.id, enrolmentId: enrolment.id } },
      t.staff,
    );
    expect(stopped.status, stopped.text).toBe(200);
    expect(stopped.output.data).toMatchObject({
      id: enrolment.id,
      status: 'stopped',
      ended_at: now.toISOString(),
      end_reason: STAFF_STOP_REASON,
      next_action_at: null,
      next_box_id: null,
      waiting_for: null,
    });
    expect(stopped.output.data.sends).toHaveLength(2);
    const [row] = await t.db.select().from(planEnrolments).where(eq(planEnrolments.id, enrolment.id));
    expect(row).toMatchObject({ status: 'stopped', endedAt: now, nextActionAt: null, endReason: STAFF_STOP_REASON });
    const history = await t.db
      .select()
      .from(planHistory)
      .where(and(eq(planHistory.planId, plan.plan.id!), eq(planHistory.kind, 'enrolments_ended')));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      // The friend by name, never by an internal id.
      params: { friend: friend.displayNameOverride ?? friend.displayName },
      affectedCount: 1,
      lineAccountId: t.staff.lineAccountId,
    });
    expect(history[0]!.userId).toEqual(expect.any(Number));

    const again = await t.call(friendPlansApi.stop, { params: { id: friend.id, enrolmentId: enrolment.id } }, t.staff);
    expect(again.status).toBe(409);
    expect(again.json.errors).toBe(ALREADY_ENDED_MESSAGE);
    const after = await t.db
      .select()
      .from(planHistory)
      .where(and(eq(planHistory.planId, plan.plan.id!), eq(planHistory.kind, 'enrolments_ended')));
    expect(after).toHaveLength(1);
  });

  it('stops a paused enrolment; a finished one is 409', async () => {
    const { friend, enrolment, finished } = await friendInScenario();
    await t.db.update(planEnrolments).set({ status: 'paused' }).where(eq(planEnrolments.id, enrolment.id));
    const stopped = await t.call(
      friendPlansApi.stop,
      { params: { id: friend.id, enrolmentId: enrolment.id } },
      t.staff,
    );
    expect(stopped.output.data.status).toBe('stopped');
    const refused = await t.call(friendPlansApi.stop, { params: { id: friend.id, enrolmentId: finished.id } }, t.staff);
    expect(refused.status).toBe(409);
  });

  it("answers 404 for an unknown friend or enrolment, and for another channel's friend or enrolment", async () => {
    const mine = await friendInScenario();
    const otherStaff = { token: t.other.tokens.staff, lineAccountId: t.other.channels[0]!.id };
    const theirs = await friendInScenario(otherStaff);
    const list = (id: number) => t.call(friendPlansApi.list, { params: { id }, query: {} }, t.staff);
    const stop = (id: number, enrolmentId: number) =>
      t.call(friendPlansApi.stop, { params: { id, enrolmentId } }, t.staff);
    expect((await list(theirs.friend.id)).status).toBe(404);
    expect((await list(2_000_000_000)).status).toBe(404);
    expect((await stop(theirs.friend.id, theirs.enrolment.id)).status).toBe(404);
    expect((await stop(mine.friend.id, theirs.enrolment.id)).status).toBe(404);
    // Another friend's enrolment of the same channel is not this friend's.
    const someoneElse = await friendInScenario();
    expect((await stop(mine.friend.id, someoneElse.enrolment.id)).status).toBe(404);
    const [untouched] = await t.db.select().from(planEnrolments).where(eq(planEnrolments.id, theirs.enrolment.id));
    expect(untouched!.status).toBe('active');
    // The other tenant's staff sees their own.
    expect(
      (await t.call(friendPlansApi.list, { params: { id: theirs.friend.id }, query: {} }, otherStaff)).status,
    ).toBe(200);
  });

  it('needs the friends and plans views to read, and plans edit to stop', async () => {
    const { friend, enrolment } = await friendInScenario();
    const list = (as: Caller) => t.call(friendPlansApi.list, { params: { id: friend.id }, query: {} }, as);
    const stop = (as: Caller) =>
      t.call(friendPlansApi.stop, { params: { id: friend.id, enrolmentId: enrolment.id } }, as);
    const noPlans = await staffWith((p) => (p.features.plans = 'none'));
    const noFriends = await staffWith((p) => (p.features.friends = 'none'));
    const viewPlans = await staffWith((p) => (p.features.plans = 'view'));
    expect((await list(noPlans)).status).toBe(403);
    expect((await list(noFriends)).status).toBe(403);
    expect((await list(viewPlans)).status).toBe(200);
    expect((await stop(viewPlans)).status).toBe(403);
    expect((await stop(noFriends)).status).toBe(200);
  });
});

describe('send_plan', () => {
  /** A simulated channel of a new tenant, its staff, and a following virtual friend with the console's row. */
  async function simulatedFriend() {
    const owner = await t.factory.tenant();
    await warmSimulator(t, owner.account.id, [{ type: 'text', text: 'warm' }]);
    const { row, channel } = await t.factory.simulatedChannel(owner.account.id, t.sim);
    await t.db.insert(userLineAccounts).values({ userId: owner.staff.id, lineAccountId: row.id });
    const [virtual] = channel.createFriends(1);
    const [friend] = await t.db
      .insert(friends)
      .values({ lineAccountId: row.id, lineUserId: virtual!.userId, displayName: virtual!.profile.displayName })
      .returning();
    return {
      caller: { token: owner.tokens.staff, lineAccountId: row.id },
      channel,
      virtual: virtual!,
      friend: friend!,
    };
  }

  it("starts a scenario for the friend: the friend's phone gets its first box and the answer lists the friend's plans", async () => {
    const { caller, channel, virtual, friend } = await simulatedFriend();
    const plan = await createPlan(t, caller, simplePlan('scenario', '個別に開始'));
    const planId = plan.plan.id!;
    expect((await t.call(plansApi.activate, { params: { id: planId }, body: {} }, caller)).status).toBe(200);

    const started = await t.call(
      sendPlanApi.sendPlan,
      { params: { id: friend.id }, body: { plan_id: planId } },
      caller,
    );
    expect(started.status, started.text).toBe(201);
    expect(started.output.data.id).toBe(friend.id);
    expect(started.output.data.friennd_plans).toMatchObject([
      { plan_id: planId, plan_name: '個別に開始', plan_type: 'scenario' },
    ]);
    // The key is spelled as the spec spells it.
    expect(Object.keys(started.json.data as object)).toEqual(['id', 'friennd_plans']);

    const received = await waitFor(() => {
      const sent = channel.sentMessages().filter((message) => message.to === virtual.userId && message.delivered);
      return sent.length > 0 && sent;
    });
    expect(received.map((message) => message.message)).toEqual([{ type: 'text', text: 'お知らせです' }]);

    const timeline = await waitFor(async () => {
      const { output } = await t.call(friendPlansApi.list, { params: { id: friend.id }, query: {} }, caller);
      const [enrolment] = output.data;
      return enrolment?.sends[0]?.delivery_status === 'sent' && enrolment;
    });
    expect(timeline).toMatchObject({ plan_id: planId, trigger: 'manual' });
    expect(timeline.sends.map((send) => [send.box_id, send.preview])).toEqual([['box-0', 'お知らせです']]);

    // The plan's re-entry policy (once) refuses a second start.
    const again = await t.call(sendPlanApi.sendPlan, { params: { id: friend.id }, body: { plan_id: planId } }, caller);
    expect(again.status).toBe(409);
  });

  it("answers 404 for an unknown plan, another channel's plan or friend", async () => {
    const { caller, friend } = await simulatedFriend();
    const theirs = await createPlan(t, t.staff, simplePlan('scenario', 'よその'));
    const send = (friendId: number, planId: number) =>
      t.call(sendPlanApi.sendPlan, { params: { id: friendId }, body: { plan_id: planId } }, caller);
    expect((await send(friend.id, 2_000_000_000)).status).toBe(404);
    expect((await send(friend.id, theirs.plan.id!)).status).toBe(404);
    const stranger = await t.factory.friend(t.staff.lineAccountId!);
    const mine = await createPlan(t, caller, simplePlan('scenario', '自分の'));
    expect((await send(stranger.id, mine.plan.id!)).status).toBe(404);
  });
});

describe('previewOf', () => {
  it('shortens long text and gives none for pictures', async () => {
    const plan = await createPlan(t, t.staff, branchingScenario());
    const text = boxOf(plan, 'box-1-0').message;
    const long = previewOf({ ...text, text: `${'あ'.repeat(PREVIEW_LENGTH)}い\nう` });
    expect(long).toBe(`${'あ'.repeat(PREVIEW_LENGTH)}…`);
    expect(previewOf({ ...text, text: ' 改行\nあり ' })).toBe('改行 あり');
    // A token at the cut stays whole, so the screen can show it as a value or an emoji.
    const emoji = '{{emoji:5ac1bfd5040ab15980c9b435/001}}';
    expect(previewOf({ ...text, text: `${'あ'.repeat(PREVIEW_LENGTH - 1)}${emoji}いう` })).toBe(
      `${'あ'.repeat(PREVIEW_LENGTH - 1)}${emoji}…`,
    );
    expect(previewOf(boxOf(plan, 'box-1-1').message)).toBeNull();
    expect(previewOf(boxOf(plan, 'box-2-0').message)).toBeNull();
  });
});
