import {
  pickAutoReply,
  toLineMessage,
  type EnrolmentTrigger,
  type MessageContext,
  type NightWindow,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { EventTransaction } from '../../platform/events.ts';
import type { LineMessage } from '../../platform/line.ts';
import { channelScope, type ChannelRequest, type ChannelScope } from '../../platform/principal.ts';
import type { PlanChange } from '../plans/events.ts';
import { MESSAGES_PER_REQUEST, recordSend, replyOrPush } from '../delivery/service.ts';
import { channelFriend } from '../friends/repository.ts';
import { MARK_TABLES, TAG_TABLES } from '../labels/repository.ts';
import { linkLabel } from '../labels/service.ts';
import * as plansRepo from '../plans/repository.ts';
import { contextOf } from '../templates/line-message.ts';
import {
  PlanGraph,
  firstStep,
  rescheduledDue,
  sendsMessage,
  stepAfterSend,
  stepAfterTap,
  tappedOption,
  type GraphAction,
  type Step,
  type StepContext,
} from './graph.ts';
import * as repo from './repository.ts';

/*
 * The plan engine (issue 15, DESIGN.md section 8). Friends are enrolled by triggers; the scheduler
 * claims due enrolments in batches, records each (enrolment, box, occurrence) send under its unique
 * key in the same transaction as the deliveries that carry it and the enrolment's next step, and
 * enqueues the deliveries once that committed. A batch that dies before committing leaves nothing
 * behind and is claimed again; one that committed is carried by the delivery service's retry keys.
 */

/** Enrolments claimed per scheduler transaction. */
export const PLAN_SEND_BATCH = 2000;
/** LINE's reply tokens are short-lived: a reply is tried only this long after the message arrived. */
export const REPLY_TOKEN_VALID_MS = 50_000;

export const PLAN_INACTIVE_MESSAGE = '停止中のプランです。有効にしてから開始してください';
export const ALREADY_RUNNING_MESSAGE = 'この友だちはこのシナリオを進行中です';
export const ONCE_ONLY_MESSAGE = 'このシナリオは友だち1人につき1回だけです（この友だちは参加済みです）';
export const EMPTY_PLAN_MESSAGE = 'このプランには送信するボックスがありません';
export const AUTO_REPLY_NOT_STARTABLE_MESSAGE = '自動応答はメッセージを受け取ったときに送られます';
export const FRIEND_NOUN = '友だち';
export const PLAN_NOUN = 'プラン';
const REPLACED_BY_NEW_REPLY = '新しい自動応答が始まりました';
export const BOX_REMOVED_REASON = '待っていたボックスがプランから削除されました';
export const SKIPPED_WAIT_REASON = '停止中に送信予定だった選択肢付きのメッセージをスキップしました';

// --- loading a plan for the engine ---

export interface LoadedPlan {
  row: repo.EnginePlanRow;
  scope: ChannelScope;
  graph: PlanGraph;
  parts: plansRepo.PlanParts;
  timeZone: string;
  nightWindow: NightWindow | null;
}

export async function loadPlan(db: Db, scope: ChannelScope, row: repo.EnginePlanRow): Promise<LoadedPlan> {
  const [parts, settings] = await Promise.all([plansRepo.partsOf(db, scope, row), repo.sendSettings(db, scope)]);
  const actions: GraphAction[] = parts.actions.map((action) => ({
    id: action.id,
    boxId: action.boxId,
    messageType: action.messageType,
    message: action.message,
    startPlanId: action.startPlanId,
    richMenuId: action.richMenuId,
    tagIds: parts.actionTags.filter((tag) => tag.planActionId === action.id).map((tag) => tag.tagId),
    markIds: parts.actionMarks.filter((mark) => mark.planActionId === action.id).map((mark) => mark.markId),
  }));
  const timings = parts.timings.map((timing) => ({
    id: timing.id,
    planActionId: timing.planActionId,
    nextPlanActionId: timing.nextPlanActionId,
    timing_type: timing.timingType,
    after_days: timing.afterDays,
    after_hours: timing.afterHours,
    next_action_at: timing.nextActionAt,
    repeat_weekdays: timing.repeatWeekdays,
    repeat_date_times: timing.repeatDateTimes,
    repeat_times: timing.repeatTimes,
  }));
  return { row, scope, graph: new PlanGraph(actions, timings), parts, ...settings };
}

/** Where the engine decides for the plan: now, the account's time zone and (but for auto-replies) the night window. */
export function stepContext(plan: LoadedPlan, now: Date): StepContext {
  const nightWindow = plan.row.planType === 'auto_reply' ? null : plan.nightWindow;
  return { now, timeZone: plan.timeZone, nightWindow };
}

// --- enrolment ---

export type EnrolOutcome = 'enrolled' | 'inactive' | 'running' | 'once_only' | 'empty';

/**
 * Enrols the friend in the plan in the event's transaction, at box-0, under the plan's re-entry
 * policy: `once` lets a friend in once ever, `again_after_finish` again once the last run ended; a
 * broadcast sent to one friend and an auto-reply have no policy (a new auto-reply replaces a running one).
 */
export async function enrol(
  ctx: AppContext,
  on: EventTransaction,
  plan: LoadedPlan,
  friendId: number,
  trigger: EnrolmentTrigger,
  options: { replyToken?: string | null; startAt?: Date } = {},
): Promise<EnrolOutcome> {
  const { row, scope } = plan;
  if (!row.isActive) return 'inactive';
  const now = ctx.clock.now();
  const step = firstStep(plan.graph, options.startAt ?? now, stepContext(plan, now));
  if (step.kind !== 'send') return 'empty';
  const existing = await repo.enrolmentsOf(on.tx, scope, row.id, friendId);
  if (existing.running) {
    if (row.planType !== 'auto_reply') return 'running';
    await repo.endEnrolment(on.tx, scope, existing.running.id, {
      status: 'stopped',
      at: now,
      reason: REPLACED_BY_NEW_REPLY,
    });
  }
  if (row.planType === 'scenario' && row.reentryPolicy === 'once' && existing.any) return 'once_only';
  const id = await repo.insertEnrolment(on.tx, scope, {
    planId: row.id,
    friendId,
    trigger,
    status: 'active',
    nextPlanActionId: step.planActionId,
    arrivedAt: step.arrivedAt,
    nextActionAt: step.dueAt,
    startedAt: now,
    replyToken: options.replyToken ?? null,
    replyTokenUntil: options.replyToken ? new Date(now.getTime() + REPLY_TOKEN_VALID_MS) : null,
  });
  if (id === null) return 'running';
  await applyPlanEffects(ctx, on, plan, [friendId]);
  return 'enrolled';
}

/**
 * POST /service/friends/{id}/send_plan: starts the scenario for the friend, or sends the broadcast
 * to the friend alone. Refusals say why (inactive plan, running, once only).
 */
export async function startPlanForFriend(
  ctx: AppContext,
  request: ChannelRequest,
  friendId: number,
  planId: number,
): Promise<void> {
  await ctx.events.transaction(ctx.database.db, async (on) => {
    const row = await repo.plan(on.tx, request, planId);
    if (!row) throw notFound(PLAN_NOUN);
    if (!(await channelFriend(on.tx, request, friendId))) throw notFound(FRIEND_NOUN);
    if (row.planType === 'auto_reply') throw conflict(AUTO_REPLY_NOT_STARTABLE_MESSAGE);
    const outcome = await enrol(ctx, on, await loadPlan(on.tx, request, row), friendId, 'manual');
    const refusal: Record<Exclude<EnrolOutcome, 'enrolled'>, string> = {
      inactive: PLAN_INACTIVE_MESSAGE,
      running: ALREADY_RUNNING_MESSAGE,
      once_only: ONCE_ONLY_MESSAGE,
      empty: EMPTY_PLAN_MESSAGE,
    };
    if (outcome !== 'enrolled') throw conflict(refusal[outcome]);
  });
}

/** The plan's own tags and marks (and the scenario it starts) given to friends entering it. */
async function applyPlanEffects(ctx: AppContext, on: EventTransaction, plan: LoadedPlan, friendIds: number[]) {
  const { labels } = plan.parts;
  await applyEffects(ctx, on, plan.scope, friendIds, {
    tagIds: labels.tags.filter((tag) => tag.role === 'apply').map((tag) => tag.id),
    markIds: labels.marks.filter((mark) => mark.role === 'apply').map((mark) => mark.id),
    startPlanId: plan.row.startPlanId === plan.row.id ? null : plan.row.startPlanId,
  });
}

/** Tags and marks put on friends, and the scenario started for them (its own trigger `start_plan`). */
async function applyEffects(
  ctx: AppContext,
  on: EventTransaction,
  scope: ChannelScope,
  friendIds: number[],
  effects: { tagIds: number[]; markIds: number[]; startPlanId: number | null },
): Promise<void> {
  if (friendIds.length === 0) return;
  for (const tagId of effects.tagIds)
    await linkLabel(on, { tables: TAG_TABLES, folderType: 'tags' }, scope, tagId, friendIds);
  for (const markId of effects.markIds) {
    await linkLabel(on, { tables: MARK_TABLES, folderType: 'marks' }, scope, markId, friendIds);
  }
  if (effects.startPlanId === null) return;
  const started = await repo.plan(on.tx, scope, effects.startPlanId);
  if (!started || started.planType === 'auto_reply') return;
  const loaded = await loadPlan(on.tx, scope, started);
  for (const friendId of friendIds) await enrol(ctx, on, loaded, friendId, 'start_plan');
}

// --- the scheduler ---

/**
 * Starts the broadcasts whose time has come, then sends everything due, a batch per transaction,
 * until nothing is due. Answers how many sends it handled. Safe to run in several workers at once.
 */
export async function runDueSends(ctx: AppContext, batchSize = PLAN_SEND_BATCH): Promise<number> {
  await startDueBroadcasts(ctx);
  let handled = 0;
  for (;;) {
    const claimed = await sendDueBatch(ctx, batchSize);
    handled += claimed;
    if (claimed < batchSize || ctx.queue.stopping()) return handled;
  }
}

/** Each due broadcast: its recipients fixed now (the target as it matches now) and enrolled, due at once. */
async function startDueBroadcasts(ctx: AppContext): Promise<void> {
  for (;;) {
    const started = await ctx.database.db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const now = ctx.clock.now();
      const [row] = await repo.dueBroadcastsUnscoped(tx, now, 1);
      if (!row) return false;
      const scope = repo.scopeOf(row);
      await repo.markBroadcastStarted(tx, scope, row.id, now);
      const plan = await loadPlan(tx, scope, row);
      const step = firstStep(plan.graph, row.sendAt ?? now, stepContext(plan, now));
      const where = plansRepo.targetWhere(scope, plansRepo.targetOf(row, plan.parts));
      if (step.kind === 'send' && where !== null) {
        const enrolled = await repo.enrolTargetFriends(tx, scope, {
          planId: row.id,
          friendsWhere: where,
          nextPlanActionId: step.planActionId,
          at: now,
          dueAt: step.dueAt,
        });
        ctx.log.info({ lineAccountId: scope.lineAccountId, planId: row.id, recipients: enrolled }, 'broadcast started');
      }
      return true;
    });
    if (!started) return;
  }
}

/** One batch: claimed, sent (recorded) and advanced in one transaction; answers how many were claimed. */
async function sendDueBatch(ctx: AppContext, batchSize: number): Promise<number> {
  return ctx.events.transaction(ctx.database.db, async (on) => {
    const now = ctx.clock.now();
    const due = await repo.claimDueEnrolmentsUnscoped(on.tx, now, batchSize);
    if (due.length === 0) return 0;
    const rows = await repo.lockPlansUnscoped(on.tx, [...new Set(due.map((e) => e.planId))]);
    for (const row of rows) {
      const scope = repo.scopeOf(row);
      const plan = await loadPlan(on.tx, scope, row);
      await sendPlanBatch(
        ctx,
        on,
        plan,
        due.filter((e) => e.planId === row.id && e.lineAccountId === row.lineAccountId),
        now,
      );
    }
    return due.length;
  });
}

/** One box of a send: which, its occurrence, when it was due and when its timing started. */
interface Link {
  action: GraphAction;
  occurrence: number;
  dueAt: Date;
  arrivedAt: Date;
}

/**
 * What an enrolment sends now: its due box and the boxes that follow it due at once (an immediate
 * timing), up to LINE's 5 messages per request. They go in one request, so the friend gets them
 * in order: separate requests may be sent in parallel and arrive the other way round.
 */
interface DueSend {
  enrolment: repo.DueEnrolment;
  chain: Link[];
  /** What follows the chain's last box. */
  next: Step;
}

function dueSendOf(plan: LoadedPlan, enrolment: repo.DueEnrolment, first: GraphAction, context: StepContext): DueSend {
  const chain: Link[] = [
    {
      action: first,
      occurrence: enrolment.nextOccurrence,
      dueAt: enrolment.nextActionAt,
      arrivedAt: enrolment.arrivedAt ?? context.now,
    },
  ];
  for (;;) {
    const last = chain.at(-1)!;
    const next = stepAfterSend(
      plan.graph,
      { planActionId: last.action.id, occurrence: last.occurrence, arrivedAt: last.arrivedAt },
      context,
    );
    const action = next.kind === 'send' ? plan.graph.action(next.planActionId) : undefined;
    if (next.kind !== 'send' || !action || next.dueAt > context.now || chain.length >= MESSAGES_PER_REQUEST) {
      return { enrolment, chain, next };
    }
    chain.push({ action, occurrence: next.occurrence, dueAt: next.dueAt, arrivedAt: next.arrivedAt });
  }
}

async function sendPlanBatch(
  ctx: AppContext,
  on: EventTransaction,
  plan: LoadedPlan,
  due: repo.DueEnrolment[],
  now: Date,
): Promise<void> {
  const { scope, graph } = plan;
  const context = stepContext(plan, now);
  const sends: DueSend[] = [];
  const advances: repo.EnrolmentAdvance[] = [];
  for (const enrolment of due) {
    const action = enrolment.nextPlanActionId === null ? undefined : graph.action(enrolment.nextPlanActionId);
    // Its box is gone (a save ends such enrolments; this only meets a save it raced with): nothing left to send.
    if (!action) advances.push(finished(enrolment.id, now));
    else sends.push(dueSendOf(plan, enrolment, action, context));
  }
  // A send recorded before (its unique key) is not sent again: the whole chain was recorded with it.
  const recordedBefore = await repo.sendsRecordedBefore(
    on.tx,
    scope,
    sends.map(({ enrolment, chain }) => ({
      enrolmentId: enrolment.id,
      planActionId: chain[0]!.action.id,
      occurrence: chain[0]!.occurrence,
    })),
  );
  const records: repo.NewSend[] = [];
  for (const group of groupByChain(sends.filter((send) => !recordedBefore.has(send.enrolment.id)))) {
    const actions = group[0]!.chain.map((link) => link.action);
    const carriers = actions.some(sendsMessage)
      ? await deliver(ctx, on, plan, actions, group)
      : new Map<number, number>();
    for (const { enrolment, chain } of group) {
      for (const link of chain) {
        records.push({
          planId: plan.row.id,
          enrolmentId: enrolment.id,
          friendId: enrolment.friendId,
          planActionId: link.action.id,
          boxId: link.action.boxId,
          occurrence: link.occurrence,
          dueAt: link.dueAt,
          status: 'sent',
          deliveryId: sendsMessage(link.action) ? (carriers.get(enrolment.friendId) ?? null) : null,
        });
      }
    }
    for (const action of actions) {
      await applyEffects(
        ctx,
        on,
        scope,
        group.map((send) => send.enrolment.friendId),
        { tagIds: action.tagIds, markIds: action.markIds, startPlanId: action.startPlanId },
      );
    }
  }
  // Every claimed enrolment is locked by this batch, so none of its sends can have been recorded
  // since the check above; if one was anyway, the batch rolls back (deliveries included) and the
  // next run skips it.
  await repo.recordSends(on.tx, scope, records, now, 'fail');
  for (const { enrolment, chain, next } of sends)
    advances.push(advanceTo(enrolment.id, chain.at(-1)!.action, next, now));
  await repo.advanceEnrolments(on.tx, scope, advances);
}

/** Sends of the same boxes, together: one multicast carries them to all of the group's friends. */
function groupByChain(sends: DueSend[]): DueSend[][] {
  const groups = new Map<string, DueSend[]>();
  for (const send of sends) {
    const key = send.chain.map((link) => link.action.id).join(',');
    const group = groups.get(key);
    if (group) group.push(send);
    else groups.set(key, [send]);
  }
  return [...groups.values()];
}

const VARIABLE = /\{\{[^{}]+\}\}/;
const NO_VARIABLES: MessageContext = { friendName: '', infoValues: {} };

/**
 * The boxes to the group's friends in one request each: the same messages to everyone as
 * multicasts of up to 500 (the delivery service splits them), or one push per friend when they
 * have variables to fill in. An auto-reply's first boxes go with the reply token while it is
 * valid, once the batch committed.
 */
async function deliver(
  ctx: AppContext,
  on: EventTransaction,
  plan: LoadedPlan,
  actions: GraphAction[],
  group: DueSend[],
): Promise<Map<number, number>> {
  const { scope } = plan;
  const now = ctx.clock.now();
  const sent = actions.filter(sendsMessage);
  const isReply = ({ enrolment }: DueSend) =>
    Boolean(enrolment.replyToken && enrolment.replyTokenUntil && enrolment.replyTokenUntil > now);
  const source = { source: 'plan', sourceId: sent[0]!.id };
  /** Which delivery carries the sends to each friend (but replies, which are noted once sent). */
  const carriers = new Map<number, number>();
  const send = async (members: DueSend[], messages: LineMessage[]) => {
    if (members.length === 1 && isReply(members[0]!)) {
      const [{ enrolment, chain }] = members as [DueSend];
      on.afterCommit(async () => {
        const deliveryId = await replyOrPush(ctx, scope, {
          friendId: enrolment.friendId,
          replyToken: enrolment.replyToken!,
          messages,
          ...source,
        });
        if (deliveryId === null) return;
        for (const link of chain) {
          if (!sendsMessage(link.action)) continue;
          const key = { enrolmentId: enrolment.id, planActionId: link.action.id, occurrence: link.occurrence };
          await repo.setSendDelivery(ctx.database.db, scope, key, deliveryId);
        }
      });
      return;
    }
    const friendIds = members.map((member) => member.enrolment.friendId);
    const recorded = await recordSend(ctx, on.tx, scope, { friendIds, messages, ...source });
    for (const [friendId, deliveryId] of recorded.deliveryOfFriend) carriers.set(friendId, deliveryId);
    on.afterCommit(recorded.enqueue);
  };

  if (!sent.some((action) => VARIABLE.test(JSON.stringify(action.message)))) {
    const messages = sent.map((action) => toLineMessage(action.message, NO_VARIABLES) as LineMessage);
    const pushed = group.filter((member) => !isReply(member));
    if (pushed.length > 0) await send(pushed, messages);
    for (const member of group.filter(isReply)) await send([member], messages);
    return carriers;
  }
  for (const member of group) {
    const friend = await channelFriend(on.tx, scope, member.enrolment.friendId);
    if (!friend) continue;
    const context = await contextOf(on.tx, friend);
    await send(
      [member],
      sent.map((action) => toLineMessage(action.message, context) as LineMessage),
    );
  }
  return carriers;
}

function finished(id: number, now: Date): repo.EnrolmentAdvance {
  return {
    id,
    status: 'finished',
    currentBoxId: null,
    currentPlanActionId: null,
    nextPlanActionId: null,
    nextOccurrence: 1,
    arrivedAt: null,
    nextActionAt: null,
    endedAt: now,
  };
}

/** The enrolment after `sent` went out (or was found sent before), per the step that follows it. */
function advanceTo(id: number, sent: GraphAction, step: Step, now: Date): repo.EnrolmentAdvance {
  const at = { currentBoxId: sent.boxId, currentPlanActionId: sent.id };
  switch (step.kind) {
    case 'send':
      return {
        id,
        status: 'active',
        ...at,
        nextPlanActionId: step.planActionId,
        nextOccurrence: step.occurrence,
        arrivedAt: step.arrivedAt,
        nextActionAt: step.dueAt,
        endedAt: null,
      };
    case 'wait_for_tap':
      return {
        id,
        status: 'active',
        ...at,
        nextPlanActionId: null,
        nextOccurrence: 1,
        arrivedAt: null,
        nextActionAt: null,
        endedAt: null,
      };
    case 'finish':
      return { ...finished(id, now), ...at };
  }
}

// --- what friends do ---

/**
 * A tap on an option of a box the friend was sent moves the enrolment that sent it, and only it,
 * once: the tap is recorded under its (enrolment, box) key, and the enrolment moves only while it
 * still waits at that box.
 */
export async function handleTap(
  ctx: AppContext,
  on: EventTransaction,
  scope: ChannelScope,
  friendId: number,
  actionItemId: number,
): Promise<void> {
  const now = ctx.clock.now();
  const candidates = await repo.optionBoxesSentTo(on.tx, scope, friendId);
  const loaded = new Map<number, LoadedPlan>();
  for (const candidate of candidates) {
    const row = loaded.get(candidate.planId)?.row ?? (await repo.plan(on.tx, scope, candidate.planId));
    if (!row) continue;
    const plan = loaded.get(row.id) ?? (await loadPlan(on.tx, scope, row));
    loaded.set(row.id, plan);
    const action = plan.graph.action(candidate.planActionId);
    const option = action && tappedOption(action, actionItemId);
    if (!action || !option) continue;
    const enrolment = await repo.enrolmentForUpdate(on.tx, scope, candidate.enrolmentId);
    if (!enrolment) return;
    const recorded = await repo.recordTap(on.tx, scope, {
      planId: row.id,
      enrolmentId: enrolment.id,
      friendId,
      planActionId: action.id,
      actionItemId,
      childBoxId: option.childBoxId,
      tappedAt: now,
    });
    const waitsHere =
      enrolment.status !== 'finished' &&
      enrolment.status !== 'stopped' &&
      enrolment.currentPlanActionId === action.id &&
      enrolment.nextPlanActionId === null;
    if (!recorded || !waitsHere) return;
    const step = stepAfterTap(plan.graph, option.childBoxId, stepContext(plan, now));
    const advance = advanceTo(enrolment.id, action, step, now);
    // A paused plan keeps the friend's choice: the send follows once it is active again.
    await repo.advanceEnrolments(on.tx, scope, [
      { ...advance, status: advance.status === 'active' ? enrolment.status : advance.status } as repo.EnrolmentAdvance,
    ]);
    return;
  }
}

/** A friend's text message answered by the most specific active auto-reply that matches it, if any. */
export async function handleIncomingText(
  ctx: AppContext,
  on: EventTransaction,
  scope: ChannelScope,
  friendId: number,
  webhookEventId: number,
): Promise<void> {
  const candidates = await repo.activeAutoReplies(on.tx, scope);
  if (candidates.length === 0) return;
  // The message's text and reply token are read only when an auto-reply may answer it.
  const message = await repo.incomingText(on.tx, scope, webhookEventId);
  if (!message) return;
  const { timeZone } = await repo.sendSettings(on.tx, scope);
  const chosen = pickAutoReply(
    candidates.map((row) => ({
      row,
      id: row.id,
      plan_type: row.planType,
      is_active: row.isActive,
      auto_keywords: row.autoKeywords,
      auto_keyword_match: row.autoKeywordMatch,
      auto_weekdays: row.autoWeekdays,
      auto_has_term: row.autoHasTerm,
      auto_term_start_at: row.autoTermStartAt?.toISOString() ?? null,
      auto_term_end_at: row.autoTermEndAt?.toISOString() ?? null,
      updated_at: row.updatedAt.toISOString(),
    })),
    { text: message.text, now: ctx.clock.now(), timeZone },
  );
  if (!chosen) return;
  const plan = await loadPlan(on.tx, scope, chosen.plan.row);
  await enrol(ctx, on, plan, friendId, 'auto_reply', { replyToken: message.replyToken });
}

/** A friend who added the channel enters its friend-added scenario. */
export async function handleFollow(ctx: AppContext, on: EventTransaction, scope: ChannelScope, friendId: number) {
  const row = await repo.friendAddedPlan(on.tx, scope);
  if (!row) return;
  await enrol(ctx, on, await loadPlan(on.tx, scope, row), friendId, 'friend_added');
}

/** Friends who newly got a tag enter the active scenarios that start with it. */
export async function handleTagAdded(
  ctx: AppContext,
  on: EventTransaction,
  scope: ChannelScope,
  tagId: number,
  friendIds: number[],
) {
  for (const row of await repo.tagAddedPlans(on.tx, scope, [tagId])) {
    const plan = await loadPlan(on.tx, scope, row);
    for (const friendId of friendIds) await enrol(ctx, on, plan, friendId, 'tag_added');
  }
}

// --- safe live editing ---

/** A save removes boxes: the enrolments waiting at them end, with the reason, and the plan's history says how many. */
export async function endAtRemovedBoxes(ctx: AppContext, on: EventTransaction, change: PlanChange, ids: number[]) {
  const scope = channelScope(change.lineAccountId);
  const ended = await repo.endEnrolmentsAtBoxes(on.tx, scope, change.planId, ids, {
    at: ctx.clock.now(),
    reason: BOX_REMOVED_REASON,
  });
  if (ended === 0) return;
  await plansRepo.addHistory(on.tx, scope, {
    planId: change.planId,
    userId: change.userId,
    kind: 'box_removed',
    summary: `ボックス${ids.length}個の削除で、そこで待っていた友だち${ended}人のシナリオを終了しました`,
    affectedCount: ended,
  });
}

/**
 * A save changed timings: the sends waiting on them are recomputed from when each friend reached
 * the timing, never earlier than now (a box already sent is never sent again: its send is recorded).
 */
export async function rescheduleChangedTimings(
  ctx: AppContext,
  on: EventTransaction,
  change: PlanChange,
  ids: number[],
) {
  const scope = channelScope(change.lineAccountId);
  const row = await repo.plan(on.tx, scope, change.planId);
  if (!row) return;
  const plan = await loadPlan(on.tx, scope, row);
  const now = ctx.clock.now();
  const context = stepContext(plan, now);
  const due: { id: number; at: Date }[] = [];
  const ended: number[] = [];
  for (const enrolment of await repo.waitingFor(on.tx, scope, row.id, ids)) {
    const timing = plan.graph.timingInto(enrolment.nextPlanActionId!);
    const at = timing
      ? rescheduledDue(timing, { arrivedAt: enrolment.arrivedAt ?? now, occurrence: enrolment.nextOccurrence }, context)
      : null;
    if (at === null) ended.push(enrolment.id);
    else if (at.getTime() !== enrolment.nextActionAt?.getTime()) due.push({ id: enrolment.id, at });
  }
  await repo.reschedule(on.tx, scope, due);
  for (const id of ended) await repo.endEnrolment(on.tx, scope, id, { status: 'finished', at: now, reason: null });
  const affected = due.length + ended.length;
  if (affected === 0) return;
  await plansRepo.addHistory(on.tx, scope, {
    planId: row.id,
    userId: change.userId,
    kind: 'timing_changed',
    summary: `タイミングの変更で、友だち${affected}人の次の配信日時を計算し直しました`,
    affectedCount: affected,
  });
}

/**
 * A plan active again: what fell due while it was paused goes out now ('send': the scheduler finds
 * it due) or is skipped — recorded as skipped and passed as if sent; a skipped box with options
 * (whose answer can no longer come) ends the enrolment.
 */
export async function resumeMissed(
  ctx: AppContext,
  on: EventTransaction,
  change: PlanChange,
  choice: 'send' | 'skip',
): Promise<void> {
  const scope = channelScope(change.lineAccountId);
  const row = await repo.plan(on.tx, scope, change.planId);
  if (!row) return;
  const now = ctx.clock.now();
  const missed = await repo.overdue(on.tx, scope, row.id, now);
  if (choice === 'skip' && missed.length > 0) {
    const plan = await loadPlan(on.tx, scope, row);
    const context = stepContext(plan, now);
    const advances: repo.EnrolmentAdvance[] = [];
    const sends: repo.NewSend[] = [];
    for (const enrolment of missed) {
      const action = plan.graph.action(enrolment.nextPlanActionId!);
      if (!action) {
        advances.push(finished(enrolment.id, now));
        continue;
      }
      sends.push({
        planId: row.id,
        enrolmentId: enrolment.id,
        friendId: enrolment.friendId,
        planActionId: action.id,
        boxId: action.boxId,
        occurrence: enrolment.nextOccurrence,
        dueAt: enrolment.nextActionAt ?? now,
        status: 'skipped',
      });
      const step = stepAfterSend(
        plan.graph,
        { planActionId: action.id, occurrence: enrolment.nextOccurrence, arrivedAt: enrolment.arrivedAt ?? now },
        context,
      );
      if (step.kind === 'wait_for_tap') {
        await repo.endEnrolment(on.tx, scope, enrolment.id, {
          status: 'stopped',
          at: now,
          reason: SKIPPED_WAIT_REASON,
        });
      } else advances.push(advanceTo(enrolment.id, action, step, now));
    }
    await repo.recordSends(on.tx, scope, sends, now, 'skip');
    await repo.advanceEnrolments(on.tx, scope, advances);
  }
  await plansRepo.addHistory(on.tx, scope, {
    planId: row.id,
    userId: change.userId,
    kind: choice === 'send' ? 'resumed_sending_missed' : 'resumed_skipping_missed',
    summary:
      choice === 'send'
        ? `停止中に送信予定だった配信（友だち${missed.length}人）を送信します`
        : `停止中に送信予定だった配信（友だち${missed.length}人）をスキップしました`,
    affectedCount: missed.length,
  });
}
