import type { AppContext } from '../../platform/context.ts';
import { ANALYZE_AFTER_ROWS } from '../../platform/db.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { Delivered, EventTransaction } from '../../platform/events.ts';
import { channelScope, type ChannelRequest, type ChannelScope } from '../../platform/principal.ts';
import { channelFriend } from '../friends/repository.ts';
import * as enrolments from './enrolment-repository.ts';
import type { DomainEvents } from '../../platform/events.ts';
import { firstStep } from './graph.ts';
import { loadPlan, planEntryEffects, stepContext, type LoadedPlan } from './load.ts';
import { PLAN_EFFECTS, type PlanEffect } from './registries.ts';
import * as repo from './repository.ts';

/*
 * Enrolment (DESIGN.md section 8): a friend enters a plan at box-0 by its trigger, under its re-entry
 * policy; entering applies the plan's effects. Many friends at once are enrolled in bulk by a job.
 */

/** LINE's reply tokens are short-lived: a reply is tried only this long after the message arrived. */
export const REPLY_TOKEN_VALID_MS = 50_000;
/**
 * Friends a trigger enrols one by one inside the fact's transaction; more go to the bulk enrolment
 * job (a tag put on 50,000 friends at once must not hold its transaction for a row-by-row walk).
 */
export const INLINE_ENROLMENT_MAX = 100;

export const PLAN_INACTIVE_MESSAGE = '停止中のプランです。有効にしてから開始してください';
export const ALREADY_RUNNING_MESSAGE = 'この友だちはこのシナリオを進行中です';
export const ONCE_ONLY_MESSAGE = 'このシナリオは友だち1人につき1回だけです（この友だちは参加済みです）';
export const EMPTY_PLAN_MESSAGE = 'このプランには送信するボックスがありません';
export const AUTO_REPLY_NOT_STARTABLE_MESSAGE = '自動応答はメッセージを受け取ったときに送られます';
export const FRIEND_NOUN = '友だち';
export const PLAN_NOUN = 'プラン';

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
  trigger: string,
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
      reason: 'replaced_by_new_reply',
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
  await applyEffects(ctx, on, scope, [friendId], planEntryEffects(plan));
  return 'enrolled';
}

/**
 * Enrols friends in a scenario by a trigger: a few one by one in this transaction, many (more than
 * INLINE_ENROLMENT_MAX) by the bulk enrolment job once it committed.
 */
export async function enrolFriends(
  ctx: AppContext,
  on: EventTransaction,
  scope: ChannelScope,
  row: repo.EnginePlanRow,
  friendIds: number[],
  trigger: string,
): Promise<void> {
  if (friendIds.length === 0) return;
  if (friendIds.length > INLINE_ENROLMENT_MAX) {
    await on.publish('plan.enrolment_requested', {
      lineAccountId: scope.lineAccountId,
      planId: row.id,
      friendIds,
      trigger,
    });
    return;
  }
  const plan = await loadPlan(on.tx, scope, row);
  for (const friendId of friendIds) await enrol(ctx, on, plan, friendId, trigger);
}

/**
 * The bulk enrolment job (an outbox consumer): the friends enter the plan in one statement under its
 * re-entry policy, then the plan's entry effects reach all of them at once. The plan and friends are
 * read again: a plan deactivated or emptied meanwhile enrols nobody, another channel's friends never.
 */
export async function enrolRequested(
  ctx: AppContext,
  request: Delivered<DomainEvents['plan.enrolment_requested']>,
  on: EventTransaction,
): Promise<void> {
  const scope = channelScope(request.lineAccountId);
  const row = await repo.plan(on.tx, scope, request.planId);
  if (!row?.isActive) return;
  const plan = await loadPlan(on.tx, scope, row);
  const now = ctx.clock.now();
  const step = firstStep(plan.graph, now, stepContext(plan, now));
  if (step.kind !== 'send') return;
  const enrolled = await enrolments.enrolInBulk(on.tx, scope, {
    planId: row.id,
    friendIds: request.friendIds,
    trigger: request.trigger,
    onceOnly: row.planType === 'scenario' && row.reentryPolicy === 'once',
    nextPlanActionId: step.planActionId,
    arrivedAt: step.arrivedAt,
    dueAt: step.dueAt,
    at: now,
  });
  ctx.log.info({ lineAccountId: scope.lineAccountId, planId: row.id, enrolled: enrolled.length }, 'bulk enrolment');
  // The scheduler's claims and batches are planned on the enrolments' statistics.
  if (enrolled.length >= ANALYZE_AFTER_ROWS)
    on.afterCommit(() => repo.analyzeEnrolmentsUnscoped(ctx.database.db), 'analyze after a bulk enrolment');
  await applyEffects(ctx, on, scope, enrolled, planEntryEffects(plan));
}

/**
 * POST /service/friends/{id}/send_plan: starts the scenario for the friend, or sends the broadcast
 * to the friend alone (`trigger` names who asked: staff, or a rehearsal). Refusals say why
 * (inactive plan, running, once only).
 */
export async function startPlanForFriend(
  ctx: AppContext,
  request: ChannelRequest,
  friendId: number,
  planId: number,
  trigger = 'manual',
): Promise<void> {
  await ctx.events.transaction(ctx.database.db, async (on) => {
    const row = await repo.plan(on.tx, request, planId);
    if (!row) throw notFound(PLAN_NOUN);
    if (!(await channelFriend(on.tx, request, friendId))) throw notFound(FRIEND_NOUN);
    if (row.planType === 'auto_reply') throw conflict(AUTO_REPLY_NOT_STARTABLE_MESSAGE);
    const outcome = await enrol(ctx, on, await loadPlan(on.tx, request, row), friendId, trigger);
    const refusal: Record<Exclude<EnrolOutcome, 'enrolled'>, string> = {
      inactive: PLAN_INACTIVE_MESSAGE,
      running: ALREADY_RUNNING_MESSAGE,
      once_only: ONCE_ONLY_MESSAGE,
      empty: EMPTY_PLAN_MESSAGE,
    };
    if (outcome !== 'enrolled') throw conflict(refusal[outcome]);
  });
}

/**
 * What a box or plan does to the friends who reach it, by the effect kinds registered for it (tags,
 * marks, a scenario, a rich menu…). An effect whose kind no module registers does nothing.
 */
export async function applyEffects(
  ctx: AppContext,
  on: EventTransaction,
  scope: ChannelScope,
  friendIds: number[],
  effects: PlanEffect[],
): Promise<void> {
  if (friendIds.length === 0) return;
  const kinds = ctx.registries.all(PLAN_EFFECTS);
  for (const effect of effects) {
    const kind = kinds.find((candidate) => candidate.kind === effect.kind);
    if (kind) await kind.apply(ctx, on, scope, friendIds, effect.refIds);
    else ctx.log.debug({ effect: effect.kind }, 'no module applies this plan effect');
  }
}
