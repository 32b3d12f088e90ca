import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { SimChannel } from '@linq/line-simulator';
import { defaultPlan, firstBox, permissionsWith, plansApi, type PlanDetail } from '@linq/contract';
import { useTestApp } from '../../test/kit.ts';
import { waitFor } from '../../test/wait.ts';
import { channelScope, type ChannelRequest } from '../../platform/principal.ts';
import { friendTags } from '../labels/schema.ts';
import { planActions, planEnrolments, planHistory, plans } from '../plans/schema.ts';
import {
  addChild,
  branchingScenario,
  filledMessage,
  readPlan,
  savePlan,
  simplePlan,
  type Caller,
} from '../plans/test-support.ts';
import { planSends, planTaps } from './schema.ts';
import { startPlanForFriend } from './enrol.ts';
import { runDueSends } from './scheduler.ts';
import {
  activePlan,
  engineChannel,
  listening,
  optionData,
  received,
  receivedCount,
  withTiming,
} from './test-support.ts';

const t = useTestApp({ simulator: true });
let channel: SimChannel;
let lineAccountId: number;
let as: Caller;

let consoleUrl: string;

beforeAll(async () => {
  consoleUrl = await listening(t);
});
// Each test on its own channel: one test's active plans never answer another's friends.
beforeEach(async () => {
  ({ channel, lineAccountId, as } = await engineChannel(t, consoleUrl));
});

const request = (): ChannelRequest => ({
  ...channelScope(lineAccountId),
  userId: t.tenant.staff.id,
  accountId: t.tenant.account.id,
  permissions: permissionsWith('edit', true),
});
const enrolmentsOf = (friendId: number) =>
  t.db.select().from(planEnrolments).where(eq(planEnrolments.friendId, friendId));

describe('plan engine: scenarios', () => {
  it('a friend added gets the welcome scenario; a tap brings its branch, once; a later step arrives on time', async () => {
    t.ctx.clock.set(new Date('2026-11-02T00:00:00Z')); // 09:00 in Tokyo
    let scenario = branchingScenario('ようこそ');
    scenario = { ...scenario, plan: { ...scenario.plan, scenario_trigger: 'friend_added' } };
    // The sticker after the text goes the next day at 10:00 (Tokyo).
    scenario = withTiming(scenario, 'box-2-0', { timing_type: 'send_after', after_days: 1, next_action_at: '10:00' });
    const plan = await activePlan(t, as, scenario);

    const friend = channel.createFriend({ displayName: '新規 友だち' });
    await friend.follow();
    expect(await receivedCount(t, friend, 1)).toEqual(['ご来店されますか？']);

    // "Yes" (the first option) leads to the text; tapping again (or LINE redelivering) moves nothing more.
    await friend.postback(optionData(plan, 'box-0', 0));
    await friend.postback(optionData(plan, 'box-0', 0));
    await friend.postback(optionData(plan, 'box-0', 1));
    expect(await receivedCount(t, friend, 2)).toEqual(['ご来店されますか？', 'ご登録ありがとうございます']);
    const [row] = await t.db.select().from(planEnrolments).where(eq(planEnrolments.planId, plan.plan.id!));
    expect(row).toMatchObject({ status: 'active', currentBoxId: 'box-1-0', trigger: 'friend_added' });
    expect(row!.nextActionAt!.toISOString()).toBe('2026-11-03T01:00:00.000Z');
    expect(await t.db.select().from(planTaps).where(eq(planTaps.enrolmentId, row!.id))).toHaveLength(1);

    // Not before its time …
    t.ctx.clock.set(new Date('2026-11-03T00:59:00Z'));
    await runDueSends(t.ctx);
    expect(received(friend)).toHaveLength(2);
    // … and at it, once: the enrolment then ends (nothing follows the sticker).
    t.ctx.clock.set(new Date('2026-11-03T01:00:00Z'));
    expect(await receivedCount(t, friend, 3)).toEqual(['ご来店されますか？', 'ご登録ありがとうございます', 'sticker']);
    const [done] = await t.db.select().from(planEnrolments).where(eq(planEnrolments.id, row!.id));
    expect(done).toMatchObject({ status: 'finished', currentBoxId: 'box-2-0', nextActionAt: null });
    expect(await t.db.select().from(planSends).where(eq(planSends.enrolmentId, row!.id))).toHaveLength(3);
  });

  it('send_plan starts a scenario for one friend; the re-entry policy refuses a second run', async () => {
    const plan = await activePlan(t, as, simplePlan('scenario', '個別シナリオ'));
    const { friend, row } = await t.factory.followingFriend(channel, lineAccountId, '個別 さん');
    await startPlanForFriend(t.ctx, request(), row.id, plan.plan.id!);
    expect(await receivedCount(t, friend, 1)).toEqual(['お知らせです']);
    await expect(startPlanForFriend(t.ctx, request(), row.id, plan.plan.id!)).rejects.toMatchObject({ status: 409 });
    expect((await enrolmentsOf(row.id)).map((e) => e.status)).toEqual(['finished']);
  });

  it('a tag put on friends starts the scenarios triggered by it', async () => {
    const tag = await t.factory.tag(lineAccountId, { name: 'セミナー参加' });
    const detail = simplePlan('scenario', 'タグで開始');
    const plan = await activePlan(t, as, {
      ...detail,
      plan: { ...detail.plan, scenario_trigger: 'tag_added', trigger_ref_id: tag.id },
    });
    const { friend, row } = await t.factory.followingFriend(channel, lineAccountId, 'タグ さん');
    const tagged = await t.request({
      method: 'POST',
      path: `/service/tags/${tag.id}/friends`,
      body: { friend_ids: [row.id] },
      ...as,
    });
    expect(tagged.status).toBeLessThan(300);
    expect(await receivedCount(t, friend, 1)).toEqual(['お知らせです']);
    expect((await enrolmentsOf(row.id)).find((e) => e.planId === plan.plan.id)).toMatchObject({ trigger: 'tag_added' });
  });
});

describe('plan engine: broadcasts and auto-replies', () => {
  it('a broadcast goes to the friends its target matches when sending starts, once each', async () => {
    const tag = await t.factory.tag(lineAccountId, { name: 'VIP' });
    const vip = await t.factory.followingFriend(channel, lineAccountId, 'VIP さん');
    const other = await t.factory.followingFriend(channel, lineAccountId, '一般 さん');
    await t.db.insert(friendTags).values({ lineAccountId, friendId: vip.row.id, tagId: tag.id });
    const detail = simplePlan('broadcast', 'VIP配信');
    const plan = await activePlan(t, as, {
      ...detail,
      plan: {
        ...detail.plan,
        target_is_all: false,
        target_send: 'advanced',
        target_tags: [{ id: tag.id, name: 'VIP' }],
        tag_ids: [],
      },
    });
    // Two schedulers at once: each friend still gets it once.
    await Promise.all([runDueSends(t.ctx), runDueSends(t.ctx)]);
    expect(await receivedCount(t, vip.friend, 1)).toEqual(['お知らせです']);
    // A friend tagged after the start is not half-included.
    await t.db.insert(friendTags).values({ lineAccountId, friendId: other.row.id, tagId: tag.id });
    await runDueSends(t.ctx);
    expect(received(other.friend)).toEqual([]);
    expect(
      await t.db
        .select()
        .from(planSends)
        .where(and(eq(planSends.planId, plan.plan.id!))),
    ).toHaveLength(1);
  });

  it('a broadcast scheduled a week ahead is listed as scheduled until its time comes, then as started', async () => {
    t.ctx.clock.set(new Date('2026-11-02T00:00:00Z'));
    const friend = await t.factory.followingFriend(channel, lineAccountId, '予約 さん');
    const detail = simplePlan('broadcast', '来週のお知らせ');
    const plan = await activePlan(t, as, {
      ...detail,
      plan: { ...detail.plan, send_at: '2026-11-09T10:00:00+09:00' },
    });
    const stateOf = async () => {
      const list = await t.call(plansApi.list, { query: { q: '来週のお知らせ' } }, as);
      return list.output.data.find((item) => item.id === plan.plan.id)!.broadcast_state;
    };
    await runDueSends(t.ctx);
    expect(await stateOf()).toBe('scheduled');
    expect(received(friend.friend)).toEqual([]);

    t.ctx.clock.set(new Date('2026-11-09T01:00:00Z'));
    expect(await receivedCount(t, friend.friend, 1)).toEqual(['お知らせです']);
    expect(await stateOf()).toBe('started');
    // Not a broadcast: no broadcast state.
    const scenario = await activePlan(t, as, simplePlan('scenario', '来週のお知らせ（シナリオ）'));
    const list = await t.call(plansApi.list, { query: { q: '来週のお知らせ' } }, as);
    expect(list.output.data.find((item) => item.id === scenario.plan.id)!.broadcast_state).toBeNull();
  });

  it('an auto-reply answers a matching message with the reply API', async () => {
    const detail: PlanDetail = {
      plan: {
        ...defaultPlan('auto_reply'),
        name: '営業時間',
        auto_keywords: ['営業時間'],
        auto_keyword_match: 'partial',
      },
      plan_actions: [{ ...firstBox('text_message'), message: filledMessage('text_message', '10時から19時までです') }],
      plan_timings: [],
    };
    await activePlan(t, as, detail);
    const { friend } = await t.factory.followingFriend(channel, lineAccountId, '質問 さん');
    await friend.sendText('営業時間を教えてください');
    const answer = await waitFor(async () => {
      await runDueSends(t.ctx);
      return friend.inbox()[0];
    });
    expect(answer).toMatchObject({ endpoint: 'replyMessage', message: { type: 'text', text: '10時から19時までです' } });
    await friend.sendText('こんにちは');
    await runDueSends(t.ctx);
    expect(friend.inbox()).toHaveLength(1);
  });
});

describe('plan engine: safe live editing', () => {
  /** A friend who got box-0 of a two-step scenario and waits 3 days for box-1-0 (at 10:00 Tokyo). */
  async function waitingFriend(name: string) {
    t.ctx.clock.set(new Date('2026-11-02T00:00:00Z'));
    const detail = addChild(simplePlan('scenario', name), 'box-0');
    const plan = await activePlan(
      t,
      as,
      withTiming(detail, 'box-1-0', { timing_type: 'send_after', after_days: 3, next_action_at: '10:00' }),
    );
    const { friend, row } = await t.factory.followingFriend(channel, lineAccountId, `${name} さん`);
    await startPlanForFriend(t.ctx, request(), row.id, plan.plan.id!);
    await receivedCount(t, friend, 1);
    const [enrolment] = await enrolmentsOf(row.id);
    expect(enrolment!.nextActionAt!.toISOString()).toBe('2026-11-05T01:00:00.000Z');
    return { plan: await readPlan(t, as, plan.plan.id!), friend, enrolmentId: enrolment!.id, friendId: row.id };
  }
  const saved = async (detail: PlanDetail) => expect((await savePlan(t, as, detail)).status).toBe(200);
  const history = (planId: number) =>
    t.db.select().from(planHistory).where(eq(planHistory.planId, planId)).orderBy(desc(planHistory.id));

  it('a changed timing reschedules the friends waiting on it, never into the past, and sends once', async () => {
    const { plan, friend, enrolmentId } = await waitingFriend('タイミング変更');
    await saved(withTiming(plan, 'box-1-0', { after_days: 1 }));
    const [enrolment] = await t.db.select().from(planEnrolments).where(eq(planEnrolments.id, enrolmentId));
    expect(enrolment!.nextActionAt!.toISOString()).toBe('2026-11-03T01:00:00.000Z');
    expect((await history(plan.plan.id!)).find((entry) => entry.kind === 'timing_changed')).toMatchObject({
      affectedCount: 1,
    });

    // A day on (before that send falls due, so the scheduler leaves it), "at once" lies in the past:
    // it goes now, not earlier, and once.
    t.ctx.clock.set(new Date('2026-11-03T00:00:00Z'));
    await saved(withTiming(await readPlan(t, as, plan.plan.id!), 'box-1-0', { after_days: 0, next_action_at: null }));
    expect(await receivedCount(t, friend, 2)).toHaveLength(2);
    // The worker's scheduler may send it the moment the save commits: the send records when it was due.
    const sends = await t.db.select().from(planSends).where(eq(planSends.enrolmentId, enrolmentId));
    expect(sends.find((send) => send.boxId === 'box-1-0')?.dueAt.toISOString()).toBe('2026-11-03T00:00:00.000Z');
    await saved(withTiming(await readPlan(t, as, plan.plan.id!), 'box-1-0', { after_days: 2 }));
    await runDueSends(t.ctx);
    expect(received(friend)).toHaveLength(2);
  });

  it('a removed box ends the enrolments waiting at it, with the reason, in the history', async () => {
    const { plan, friend, enrolmentId } = await waitingFriend('ボックス削除');
    await saved({
      ...plan,
      plan_actions: plan.plan_actions.filter((action) => action.box_id !== 'box-1-0'),
      plan_timings: [],
    });
    const [enrolment] = await t.db.select().from(planEnrolments).where(eq(planEnrolments.id, enrolmentId));
    expect(enrolment).toMatchObject({ status: 'stopped', endReason: 'box_removed', nextActionAt: null });
    expect((await history(plan.plan.id!)).find((entry) => entry.kind === 'box_removed')).toMatchObject({
      affectedCount: 1,
    });
    t.ctx.clock.set(new Date('2026-11-06T00:00:00Z'));
    await runDueSends(t.ctx);
    expect(received(friend)).toHaveLength(1);
  });

  it('a deleted box leaves its sends and the enrolment at it without a box; a deleted plan takes its enrolments and sends', async () => {
    // Sends keep no foreign keys to their enrolment and box (a burst's cost): the database's
    // triggers do what the keys did, whatever deletes the rows.
    const { plan, enrolmentId } = await waitingFriend('キーなし');
    const sent = plan.plan_actions.find((action) => action.box_id === 'box-0')!;
    const other = await waitingFriend('キーなし 別');
    const enrolment = () => t.db.select().from(planEnrolments).where(eq(planEnrolments.id, enrolmentId));
    const sendsOf = (id: number) => t.db.select().from(planSends).where(eq(planSends.enrolmentId, id));
    expect(await enrolment()).toMatchObject([{ currentPlanActionId: sent.id }]);
    expect(await sendsOf(enrolmentId)).toMatchObject([{ planActionId: sent.id }]);

    await t.db.delete(planActions).where(eq(planActions.id, sent.id!));
    expect(await enrolment()).toMatchObject([{ currentPlanActionId: null, status: 'active' }]);
    expect((await enrolment())[0]!.nextPlanActionId).not.toBeNull();
    expect(await sendsOf(enrolmentId)).toMatchObject([{ boxId: 'box-0', planActionId: null }]);

    await t.db.delete(plans).where(eq(plans.id, plan.plan.id!));
    expect(await enrolment()).toHaveLength(0);
    expect(await sendsOf(enrolmentId)).toHaveLength(0);
    // Another plan's enrolment and sends stay.
    expect(await sendsOf(other.enrolmentId)).toHaveLength(1);
  });

  it('a deactivated plan pauses; on reactivation what fell due is sent or skipped, as chosen', async () => {
    const skipped = await waitingFriend('再開スキップ');
    const sent = await waitingFriend('再開送信');
    const activate = (planId: number, body: Record<string, unknown>) =>
      t.request({ method: 'POST', path: `/service/plans/${planId}/activate`, body, ...as });
    for (const { plan } of [skipped, sent]) {
      const off = await t.request({ method: 'POST', path: `/service/plans/${plan.plan.id}/deactivate`, ...as });
      expect(off.status).toBe(200);
    }
    t.ctx.clock.set(new Date('2026-11-06T00:00:00Z'));
    await runDueSends(t.ctx);
    expect([received(skipped.friend), received(sent.friend)].map((texts) => texts.length)).toEqual([1, 1]);

    const unasked = await activate(skipped.plan.plan.id!, {});
    expect(unasked.status).toBe(409);
    expect(unasked.text).toContain('1 件');
    expect((await activate(skipped.plan.plan.id!, { missed_sends: 'skip' })).status).toBe(200);
    expect((await activate(sent.plan.plan.id!, { missed_sends: 'send' })).status).toBe(200);
    expect(await receivedCount(t, sent.friend, 2)).toHaveLength(2);
    await runDueSends(t.ctx);
    expect(received(skipped.friend)).toHaveLength(1);
    const [after] = await t.db.select().from(planEnrolments).where(eq(planEnrolments.id, skipped.enrolmentId));
    expect(after).toMatchObject({ status: 'finished' });
    const skips = await t.db.select().from(planSends).where(eq(planSends.enrolmentId, skipped.enrolmentId));
    expect(skips.map((send) => send.status)).toEqual(['sent', 'skipped']);
    expect((await history(skipped.plan.plan.id!))[0]).toMatchObject({
      kind: 'resumed_skipping_missed',
      affectedCount: 1,
    });
  });
});

describe('plan engine: order', () => {
  it('boxes that follow at once go in one request, so the friend gets them in order', async () => {
    const detail = addChild(addChild(simplePlan('scenario', '連続送信'), 'box-0'), 'box-1-0');
    const plan = await activePlan(t, as, detail);
    const { friend, row } = await t.factory.followingFriend(channel, lineAccountId, '順番 さん');
    await startPlanForFriend(t.ctx, request(), row.id, plan.plan.id!);
    const texts = await receivedCount(t, friend, 3);
    expect(texts).toEqual(['お知らせです', 'ご登録ありがとうございます', 'ご登録ありがとうございます']);
    expect(new Set(friend.inbox().map((sent) => sent.requestId)).size).toBe(1);
    const sends = await t.db.select().from(planSends).where(eq(planSends.planId, plan.plan.id!));
    expect(sends.map((send) => send.boxId).sort()).toEqual(['box-0', 'box-1-0', 'box-2-0']);
    expect(new Set(sends.map((send) => send.deliveryId)).size).toBe(1);
  });
});
