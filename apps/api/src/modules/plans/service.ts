import type { z } from 'zod';
import {
  FIRST_BOX_ID,
  attributesPath,
  PLAN_NAME_MAX,
  PlanErrorList,
  fromPlanSavePayload,
  hasOptions,
  isEmptyMessage,
  optionAt,
  parseOffsetDateTime,
  toPlanMessage,
  updateOptions,
  validatePlan,
  type ActivatePlanInput,
  type BroadcastForecast,
  DEFAULT_NIGHT_WINDOW,
  type EndpointOutput,
  type MessageIssue,
  type Plan,
  type PlanAction,
  type PlanDetail,
  type PlanErrors,
  type PlanHistoryItem,
  type PlanHistoryParams,
  type PlanSettings,
  type PlanTriggerInfo,
  type PlanSettingsInput,
  type PlanListItem,
  type PlanMessage,
  type PlanSaveAnswer,
  type PlanSaveInput,
  type PlanSavePayload,
  type PlanTiming,
  type TargetConditionAttributes,
  type copyPlanInput,
  type planListQuery,
  type plansApi,
  listPage,
  type pageQuery,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { EventTransaction } from '../../platform/events.ts';
import { inTurn, type Db } from '../../platform/db.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import type { ChannelRequest } from '../../platform/principal.ts';
import { estimatedSendSeconds, remainingQuota } from '../delivery/service.ts';
import { keepRelevantParts, newItemCount, unknownIds, withNewIds, withoutIds } from '../templates/items.ts';
import { nextItemIds } from '../templates/repository.ts';
import * as repo from './repository.ts';
import { scenarioTriggers, triggerInfo, type ScenarioTriggerKind } from './triggers.ts';

/*
 * Plans (issue 14): save (the contract's rules plus what only the database knows: the ids a save
 * names are this plan's or this channel's), read, list, copy, delete, activate and the broadcast
 * forecast. Boxes keep their ids from save to save: the engine keeps friends at boxes by id.
 */

export const PLAN_NOUN = 'プラン';
export const COPY_SUFFIX = 'のコピー';
export const UNSAVED_BOX_MESSAGE = 'このプランに保存されていないボックスです';
export const UNSAVED_TIMING_MESSAGE = 'このプランに保存されていないタイミングです';
export const UNSAVED_CONDITION_MESSAGE = 'このプランに保存されていない条件です';
export const FOREIGN_TAG_MESSAGE = 'このチャネルのタグではありません';
export const FOREIGN_MARK_MESSAGE = 'このチャネルのマークではありません';
export const FOREIGN_FRIEND_MESSAGE = 'このチャネルの友だちではありません';
export const FOREIGN_PLAN_MESSAGE = 'このチャネルのプランではありません';
export const FOLDER_MESSAGE = 'プランのフォルダを選んでください';
export const friendAddedTakenMessage = (name: string) =>
  `友だち追加時のシナリオはチャネルに1つだけです（「${name}」が設定されています）`;
export const waitingMessage = (count: number) =>
  `このプランには待機中の友だちが${count}人います。待機を終了して削除するには確認してください。`;
export const missedSendsMessage = (n: number) =>
  `停止中に送信予定だった配信が ${n} 件あります。送信するかスキップするかを選んでください`;
export const QUOTA_EXCEEDED_MESSAGE =
  '今月の残りの配信可能数を超えます。配信できる分だけ送信する場合は確認してください。';

type ListQuery = z.output<typeof planListQuery>;
type PageQuery = z.output<typeof pageQuery>;
type CopyInput = z.output<typeof copyPlanInput>;

export async function list(
  ctx: AppContext,
  scope: ChannelRequest,
  query: ListQuery,
): Promise<EndpointOutput<typeof plansApi.list>> {
  const { rows, total } = await repo.list(
    ctx.database.db,
    scope,
    {
      folderId: query.folder_id,
      planType: query.plan_type,
      isActive: query.is_active,
      q: query.q,
      page: query.page,
      limit: query.limit,
    },
    ctx.clock.now(),
  );
  return listPage(rows.map(listItem), total, query);
}

export async function get(ctx: AppContext, scope: ChannelRequest, id: number): Promise<PlanDetail> {
  const db = ctx.database.db;
  return detail(db, scope, await findOrFail(db, scope, id));
}

/** A box as this save writes it: its saved id (null: new) and its message with the ids it keeps. */
interface BoxToWrite {
  action: PlanAction;
  savedId: number | null;
}

/** What a save writes, every id in it checked to be this plan's or this channel's. */
interface CheckedSave {
  plan: PlanSaveInput['plan'];
  boxes: BoxToWrite[];
  timings: PlanTiming[];
  conditions: TargetConditionAttributes[];
}

/**
 * Creates (id null) or saves a plan from the save payload. Every problem is answered at once as a
 * 422 keyed by the save format's path (spec section 8): the contract's rules, then ids the plan or
 * channel does not have (boxes, timings, conditions, message items, tags, marks, friends, plans,
 * folders) and a second friend-added scenario.
 */
export async function save(
  ctx: AppContext,
  scope: ChannelRequest,
  id: number | null,
  payload: PlanSavePayload,
): Promise<PlanSaveAnswer> {
  return ctx.events.transaction(ctx.database.db, async (on) => {
    const planId = await saveIn(ctx, on, scope, id, payload, ctx.clock.now());
    return { success: true, errors: {}, id: planId };
  });
}

/** `save` inside the caller's transaction (the demo seed's too): the saved plan's id. */
export async function saveIn(
  ctx: Pick<AppContext, 'registries'>,
  on: EventTransaction,
  scope: ChannelRequest,
  id: number | null,
  payload: PlanSavePayload,
  now: Date = new Date(),
): Promise<number> {
  const tx = on.tx;
  const existing = id === null ? null : await findOrFail(tx, scope, id, true);
  const errors = new PlanErrorList();
  const triggers = scenarioTriggers(ctx);
  const contractErrors = validatePlan(payload, {
    now,
    savedSendAt: savedSendAt(existing, payload),
    triggers: triggers.map(triggerInfo),
  });
  for (const [key, error] of Object.entries(contractErrors)) errors.errors[key] ??= error;
  const input = fromPlanSavePayload(payload);
  const boxes = await checkBoxes(tx, scope, existing, input, errors);
  await checkReferences(tx, scope, payload, errors);
  await checkTriggerRef(tx, scope, payload, triggers, errors);
  await checkSavedRows(tx, scope, existing, payload, errors);
  const friendAdded = await checkFriendAdded(tx, scope, existing, payload, errors);
  throwIfAny(errors.errors);

  const before = existing ? await repo.partCounts(tx, scope, existing.id) : null;
  const change = existing ? await liveEditOf(on, scope, existing, boxes) : null;
  const planId = await write(tx, scope, existing, {
    plan: input.plan,
    boxes,
    timings: input.plan_timings,
    conditions: input.target_conditions,
  });
  if (change) await change.afterWrite();
  const after = await repo.partCounts(tx, scope, planId);
  await repo.addHistory(tx, scope, {
    planId,
    userId: scope.userId,
    kind: before ? 'saved' : 'created',
    params: before
      ? savedParams(before, after, boxes.filter((box) => box.savedId === null).length)
      : { boxes: after.boxes, timings: after.timings },
    affectedCount: 0,
  });
  if (friendAdded.claims) await repo.setFriendAddedPlan(tx, scope, planId);
  else if (friendAdded.current === planId) await repo.setFriendAddedPlan(tx, scope, null);
  return planId;
}

/**
 * Safe live editing: before the save writes, enrolments waiting at boxes it removes are ended (by
 * the engine, through `plan.boxes_removing`); after it, sends waiting on timings it changed are
 * rescheduled (`plan.timings_changed`). Saved boxes keep their ids, so nothing else moves.
 */
async function liveEditOf(on: EventTransaction, scope: ChannelRequest, existing: repo.PlanRow, boxes: BoxToWrite[]) {
  const change = { lineAccountId: scope.lineAccountId, planId: existing.id, userId: scope.userId };
  const timingsBefore = await repo.timingShapes(on.tx, scope, existing.id);
  const kept = new Set(boxes.flatMap((box) => (box.savedId === null ? [] : [box.savedId])));
  const removed = (await repo.actionIdsOf(on.tx, scope, existing.id)).filter((id) => !kept.has(id));
  if (removed.length > 0) await on.publish('plan.boxes_removing', { ...change, planActionIds: removed });
  return {
    async afterWrite() {
      const timingsAfter = await repo.timingShapes(on.tx, scope, existing.id);
      const changed = [...timingsAfter].flatMap(([endId, shape]) =>
        timingsBefore.get(endId) === shape ? [] : [endId],
      );
      if (changed.length > 0) await on.publish('plan.timings_changed', { ...change, planActionIds: changed });
    },
  };
}

/** Copies a plan beside it: name + 'のコピー', inactive, boxes with their own ids; never the friend-added scenario. */
export async function copy(ctx: AppContext, scope: ChannelRequest, id: number, input: CopyInput): Promise<PlanDetail> {
  return ctx.database.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const original = await detail(tx, scope, await findOrFail(tx, scope, id));
    const folderId = input.folder_id === undefined ? original.plan.folder_id : input.folder_id;
    if (folderId !== null && !(await repo.ownFolderIds(tx, scope, [folderId])).has(folderId)) {
      throw new AppError('validation', FOLDER_MESSAGE, { folder_id: { description: FOLDER_MESSAGE } });
    }
    const { plan } = original;
    const planId = await write(tx, scope, null, {
      plan: {
        ...planFieldsOf(plan),
        id: null,
        name: copyName(plan.name),
        is_active: false,
        folder_id: folderId,
        scenario_trigger: plan.scenario_trigger === 'friend_added' ? 'manual' : plan.scenario_trigger,
      },
      boxes: original.plan_actions.map((action) => ({
        action: { ...action, id: null, message: withoutIds(action.message) as PlanMessage },
        savedId: null,
      })),
      timings: original.plan_timings.map((timing) => ({ ...timing, id: null })),
      conditions: plan.target_conditions.map((condition) => ({
        id: null,
        tag_ids_accepted: condition.tags_accepted.map((tag) => tag.id),
        tag_ids_excepted: condition.tags_excepted.map((tag) => tag.id),
        _destroy: false,
      })),
    });
    await repo.addHistory(tx, scope, {
      planId,
      userId: scope.userId,
      kind: 'created',
      params: { ...(await repo.partCounts(tx, scope, planId)), copied_from: plan.name },
      affectedCount: 0,
    });
    return detail(tx, scope, await findOrFail(tx, scope, planId));
  });
}

/** The history of a plan: who changed what, when and how many friends it moved, newest first. */
export async function history(
  ctx: AppContext,
  scope: ChannelRequest,
  id: number,
  query: PageQuery,
): Promise<EndpointOutput<typeof plansApi.history>> {
  const db = ctx.database.db;
  await findOrFail(db, scope, id);
  const { rows, total } = await repo.history(db, scope, id, query);
  return listPage(
    rows.map((row): PlanHistoryItem => ({
      id: row.id,
      kind: row.kind,
      params: row.params,
      affected_count: row.affectedCount,
      user_name: row.userName,
      created_at: row.createdAt.toISOString(),
    })),
    total,
    query,
  );
}

/** GET /service/plan_triggers: the scenario triggers there are, and what each names. */
export function triggers(ctx: AppContext): PlanTriggerInfo[] {
  return scenarioTriggers(ctx).map(triggerInfo);
}

/** The channel's plan settings: its friend-added scenario and its night window. */
export async function settings(ctx: AppContext, scope: ChannelRequest): Promise<PlanSettings> {
  const row = await repo.planSettings(ctx.database.db, scope);
  const enabled = row.nightStart !== null && row.nightEnd !== null;
  return {
    friend_added_plan: row.friendAddedPlan,
    night_window: {
      enabled,
      start: row.nightStart ?? DEFAULT_NIGHT_WINDOW.start,
      end: row.nightEnd ?? DEFAULT_NIGHT_WINDOW.end,
    },
  };
}

/** Sets the night window (validated by the contract: two different times of day); off clears it. */
export async function updateSettings(
  ctx: AppContext,
  scope: ChannelRequest,
  input: PlanSettingsInput,
): Promise<PlanSettings> {
  const window = input.night_window;
  await repo.setNightWindow(ctx.database.db, scope, window.enabled ? { start: window.start, end: window.end } : null);
  return settings(ctx, scope);
}

/** Deletes a plan; while friends wait in it, only when the caller confirms ending their waits. */
export async function remove(
  ctx: AppContext,
  scope: ChannelRequest,
  id: number,
  endWaiting: boolean,
): Promise<{ id: number; ended_enrolments: number }> {
  return ctx.database.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await findOrFail(tx, scope, id, true);
    const waiting = await repo.waitingCount(tx, scope, id);
    if (waiting > 0 && !endWaiting) throw conflict(waitingMessage(waiting));
    if (!(await repo.remove(tx, scope, id))) throw notFound(PLAN_NOUN);
    return { id, ended_enrolments: waiting };
  });
}

/**
 * Activates a plan (its paused enrolments resume). A broadcast that would overrun the channel's
 * monthly quota is refused (409) unless the caller confirms sending as far as the quota goes.
 */
export async function activate(
  ctx: AppContext,
  scope: ChannelRequest,
  id: number,
  input: ActivatePlanInput,
): Promise<PlanListItem> {
  const plan = await findOrFail(ctx.database.db, scope, id);
  if (plan.planType === 'broadcast' && !input.allow_partial_send) {
    const figures = await forecastOf(ctx, scope, plan);
    if (figures.exceeds_quota) throw conflict(QUOTA_EXCEEDED_MESSAGE);
  }
  return ctx.events.transaction(ctx.database.db, async (on) => {
    const missed = (await repo.listRow(on.tx, scope, id, ctx.clock.now()))?.missedCount ?? 0;
    if (missed > 0 && input.missed_sends === undefined) throw conflict(missedSendsMessage(missed));
    const item = await setActiveIn(ctx, on.tx, scope, id, true);
    if (missed > 0 && input.missed_sends !== undefined) {
      await on.publish('plan.resumed', {
        lineAccountId: scope.lineAccountId,
        planId: id,
        userId: scope.userId,
        missedSends: input.missed_sends,
      });
    }
    return item;
  });
}

/** Deactivates a plan: its running enrolments pause. */
export async function deactivate(ctx: AppContext, scope: ChannelRequest, id: number): Promise<PlanListItem> {
  return setActive(ctx, scope, id, false);
}

export async function forecast(ctx: AppContext, scope: ChannelRequest, id: number): Promise<BroadcastForecast> {
  return forecastOf(ctx, scope, await findOrFail(ctx.database.db, scope, id));
}

async function setActive(ctx: AppContext, scope: ChannelRequest, id: number, active: boolean): Promise<PlanListItem> {
  return ctx.database.db.transaction(async (trx) => setActiveIn(ctx, trx as unknown as Db, scope, id, active));
}

async function setActiveIn(
  ctx: AppContext,
  tx: Db,
  scope: ChannelRequest,
  id: number,
  active: boolean,
): Promise<PlanListItem> {
  const now = ctx.clock.now();
  if (!(await repo.update(tx, scope, id, { isActive: active }))) throw notFound(PLAN_NOUN);
  const moved = await repo.setEnrolmentsPaused(tx, scope, id, !active, now);
  await repo.addHistory(tx, scope, {
    planId: id,
    userId: scope.userId,
    kind: active ? 'activated' : 'deactivated',
    params: { friends: moved },
    affectedCount: moved,
  });
  const row = await repo.listRow(tx, scope, id, now);
  if (!row) throw notFound(PLAN_NOUN);
  return listItem(row);
}

/**
 * Recipients the target matches now; the messages a broadcast sends at once (box-0 and the boxes
 * that follow it immediately without an option to tap) against LINE's remaining monthly quota;
 * and how long LINE's rate limit makes the send take.
 */
async function forecastOf(ctx: AppContext, scope: ChannelRequest, plan: repo.PlanRow): Promise<BroadcastForecast> {
  const db = ctx.database.db;
  const parts = await repo.partsOf(db, scope, plan);
  const recipients = await repo.targetCount(db, scope, repo.targetOf(plan, parts));
  const messagesPerRecipient = messagesSentAtOnce(parts);
  const totalMessages = recipients * messagesPerRecipient;
  const quota = await remainingQuota(ctx, scope);
  return {
    recipients,
    messages_per_recipient: messagesPerRecipient,
    total_messages: totalMessages,
    quota_remaining: quota,
    exceeds_quota: quota !== null && totalMessages > quota,
    estimated_seconds: estimatedSendSeconds(recipients, messagesPerRecipient),
  };
}

/** box-0, then each single child reached by an immediate timing, until a box with options, a wait or an empty end. */
export function messagesSentAtOnce(parts: Pick<repo.PlanParts, 'actions' | 'timings'>): number {
  const byId = new Map(parts.actions.map((action) => [action.id, action]));
  let box = parts.actions.find((action) => action.boxId === FIRST_BOX_ID);
  let sent = 0;
  const seen = new Set<number>();
  while (box && !seen.has(box.id) && !isEmptyMessage(box.message)) {
    seen.add(box.id);
    sent += 1;
    if (hasOptions(box.messageType)) break;
    const from = box.id;
    const next = parts.timings.find((timing) => timing.planActionId === from);
    if (!next || next.timingType !== 'send_immediate') break;
    box = byId.get(next.nextPlanActionId);
  }
  return sent;
}

// --- history ---

type PartCounts = { boxes: number; timings: number };

/** What a save changed in numbers: boxes added and removed, timings before and after, and the totals now. */
export function savedParams(before: PartCounts, after: PartCounts, addedBoxes: number): PlanHistoryParams {
  return {
    boxes: after.boxes,
    timings: after.timings,
    added_boxes: addedBoxes,
    removed_boxes: before.boxes + addedBoxes - after.boxes,
    timings_before: before.timings,
  };
}

// --- checks of a save ---

function savedSendAt(existing: repo.PlanRow | null, payload: PlanSavePayload): string | null {
  if (!existing?.sendAt) return null;
  // The editor sends back the saved time in its own notation: the same instant is the saved time.
  return parseOffsetDateTime(payload.send_at) === existing.sendAt.getTime() ? payload.send_at : null;
}

function boxPath(index: number, ...rest: (string | number)[]): (string | number)[] {
  return ['plan_actions_attributes', index, ...rest];
}

/**
 * The boxes to write: a saved box (its id among this plan's boxes) keeps its id and, unless filled
 * from a template or emptied (use_template, should_empty), its message's item ids, which must be its
 * own; every other box gets new ids (use_template is set on boxes not among the saved ones).
 */
async function checkBoxes(
  db: Db,
  scope: ChannelRequest,
  existing: repo.PlanRow | null,
  input: PlanSaveInput,
  errors: PlanErrorList,
): Promise<BoxToWrite[]> {
  const saved = new Map(
    (existing ? (await repo.partsOf(db, scope, existing)).actions : []).map((row) => [row.id, row]),
  );
  const claimed = new Set<number>();
  const boxes: BoxToWrite[] = [];
  input.plan_actions.forEach((action, index) => {
    if (action._destroy) return;
    const previous = action.id === null ? undefined : saved.get(action.id);
    if (action.id !== null && (!previous || claimed.has(action.id))) {
      errors.add(boxPath(index, 'id'), UNSAVED_BOX_MESSAGE);
      return;
    }
    const message = storedMessage(action.message);
    if (!previous) {
      boxes.push({
        action: { ...action, use_template: true, message: withoutIds(message) as PlanMessage },
        savedId: null,
      });
      return;
    }
    claimed.add(previous.id);
    if (action.use_template || action.should_empty) {
      boxes.push({ action: { ...action, message: withoutIds(message) as PlanMessage }, savedId: previous.id });
      return;
    }
    for (const issue of unknownIds(message, previous.message)) addMessageIssue(errors, index, issue);
    boxes.push({ action: { ...action, message }, savedId: previous.id });
  });
  return boxes;
}

function addMessageIssue(errors: PlanErrorList, index: number, issue: MessageIssue): void {
  errors.add(boxPath(index, ...attributesPath(issue.path).split('.')), issue.message);
}

/** Tags, marks, friends, plans and the folder a save names must be the channel's. */
async function checkReferences(
  db: Db,
  scope: ChannelRequest,
  payload: PlanSavePayload,
  errors: PlanErrorList,
): Promise<void> {
  const actions = payload.plan_actions_attributes;
  const conditions = payload.target_conditions_attributes.filter((condition) => !condition._destroy);
  const [tagIds, markIds, friendIds, planIds, folderIds] = await inTurn(
    () =>
      repo.ownTagIds(db, scope, [
        ...payload.tag_ids,
        ...payload.target_tag_ids,
        ...conditions.flatMap((condition) => [...condition.tag_ids_accepted, ...condition.tag_ids_excepted]),
        ...actions.flatMap((action) => action.tag_ids),
      ]),
    () =>
      repo.ownMarkIds(db, scope, [
        ...payload.mark_ids,
        ...payload.target_mark_ids,
        ...actions.flatMap((a) => a.mark_ids),
      ]),
    () => repo.ownFriendIds(db, scope, payload.target_friend_ids),
    () =>
      repo.ownPlanIds(db, scope, [
        ...(payload.start_plan_id === null ? [] : [payload.start_plan_id]),
        ...actions.flatMap((action) => (action.start_plan_id === null ? [] : [action.start_plan_id])),
      ]),
    () => repo.ownFolderIds(db, scope, payload.folder_id === null ? [] : [payload.folder_id]),
  );
  const each = (path: (string | number)[], ids: number[], own: Set<number>, message: string) =>
    ids.forEach((id, index) => {
      if (!own.has(id)) errors.add([...path, index], message);
    });
  each(['tag_ids'], payload.tag_ids, tagIds, FOREIGN_TAG_MESSAGE);
  each(['target_tag_ids'], payload.target_tag_ids, tagIds, FOREIGN_TAG_MESSAGE);
  each(['mark_ids'], payload.mark_ids, markIds, FOREIGN_MARK_MESSAGE);
  each(['target_mark_ids'], payload.target_mark_ids, markIds, FOREIGN_MARK_MESSAGE);
  each(['target_friend_ids'], payload.target_friend_ids, friendIds, FOREIGN_FRIEND_MESSAGE);
  if (payload.start_plan_id !== null && !planIds.has(payload.start_plan_id)) {
    errors.add(['start_plan_id'], FOREIGN_PLAN_MESSAGE);
  }
  if (payload.folder_id !== null && !folderIds.has(payload.folder_id)) errors.add(['folder_id'], FOLDER_MESSAGE);
  payload.target_conditions_attributes.forEach((condition, index) => {
    if (condition._destroy) return;
    const path = ['target_conditions_attributes', index];
    each([...path, 'tag_ids_accepted'], condition.tag_ids_accepted, tagIds, FOREIGN_TAG_MESSAGE);
    each([...path, 'tag_ids_excepted'], condition.tag_ids_excepted, tagIds, FOREIGN_TAG_MESSAGE);
  });
  actions.forEach((action, index) => {
    if (action._destroy) return;
    each(boxPath(index, 'tag_ids'), action.tag_ids, tagIds, FOREIGN_TAG_MESSAGE);
    each(boxPath(index, 'mark_ids'), action.mark_ids, markIds, FOREIGN_MARK_MESSAGE);
    if (action.start_plan_id !== null && !planIds.has(action.start_plan_id)) {
      errors.add(boxPath(index, 'start_plan_id'), FOREIGN_PLAN_MESSAGE);
    }
  });
}

/** The item a scenario's trigger names (the tag of tag_added…) must be the channel's. */
async function checkTriggerRef(
  db: Db,
  scope: ChannelRequest,
  payload: PlanSavePayload,
  triggers: readonly ScenarioTriggerKind[],
  errors: PlanErrorList,
): Promise<void> {
  if (payload.plan_type !== 'scenario' || payload.trigger_ref_id === null) return;
  const ref = triggers.find((trigger) => trigger.kind === payload.scenario_trigger)?.ref;
  if (ref && !(await ref.ownIds(db, scope, [payload.trigger_ref_id])).has(payload.trigger_ref_id)) {
    errors.add(['trigger_ref_id'], ref.foreignMessage);
  }
}

/** Timings and target conditions sent with an id must be this plan's. */
async function checkSavedRows(
  db: Db,
  scope: ChannelRequest,
  existing: repo.PlanRow | null,
  payload: PlanSavePayload,
  errors: PlanErrorList,
): Promise<void> {
  const [timingIds, conditionIds] = existing
    ? await inTurn(
        () => repo.timingIds(db, scope, existing.id),
        () => repo.conditionIds(db, scope, existing.id),
      )
    : [new Set<number>(), new Set<number>()];
  const seenTimings = new Set<number>();
  payload.plan_timings_attributes.forEach((timing, index) => {
    if (timing.id === null) return;
    if (!timingIds.has(timing.id) || seenTimings.has(timing.id)) {
      errors.add(['plan_timings_attributes', index, 'id'], UNSAVED_TIMING_MESSAGE);
    }
    seenTimings.add(timing.id);
  });
  const seenConditions = new Set<number>();
  payload.target_conditions_attributes.forEach((condition, index) => {
    if (condition.id === null) return;
    if (!conditionIds.has(condition.id) || seenConditions.has(condition.id)) {
      errors.add(['target_conditions_attributes', index, 'id'], UNSAVED_CONDITION_MESSAGE);
    }
    seenConditions.add(condition.id);
  });
}

/** One friend-added scenario per channel: the channel setting names it. */
async function checkFriendAdded(
  db: Db,
  scope: ChannelRequest,
  existing: repo.PlanRow | null,
  payload: PlanSavePayload,
  errors: PlanErrorList,
): Promise<{ claims: boolean; current: number | null }> {
  const current = await repo.lockFriendAddedPlanId(db, scope);
  const claims = payload.plan_type === 'scenario' && payload.scenario_trigger === 'friend_added';
  if (claims && current !== null && current !== existing?.id) {
    const other = await repo.find(db, scope, current);
    errors.add(['scenario_trigger'], friendAddedTakenMessage(other?.name ?? ''));
  }
  return { claims, current };
}

function throwIfAny(errors: PlanErrors): void {
  const [first] = Object.values(errors);
  if (first) throw new AppError('validation', first.description, errors);
}

/**
 * The message as stored: only the parts its type uses (the builder keeps the others while the
 * user switches types), each option with the child box it leads to.
 */
export function storedMessage(message: PlanMessage): PlanMessage {
  const kept = toPlanMessage(keepRelevantParts(message));
  return updateOptions(kept, (action, ref) => {
    const original = optionAt(message, ref);
    return {
      ...action,
      box_id: original?.box_id ? original.box_id : null,
      diagram_hide_children: original?.diagram_hide_children ?? false,
    };
  });
}

// --- writing ---

function planValues(plan: CheckedSave['plan']): repo.PlanValues {
  return {
    folderId: plan.folder_id,
    name: plan.name,
    planType: plan.plan_type,
    isActive: plan.is_active,
    targetSend: plan.target_send,
    targetHasTag: plan.target_has_tag,
    targetHasMark: plan.target_has_mark,
    targetIsSpecifiedFriend: plan.target_is_specified_friend,
    sendAt: dateOf(plan.send_at),
    scenarioTrigger: plan.scenario_trigger,
    triggerRefId: plan.trigger_ref_id,
    reentryPolicy: plan.reentry_policy,
    autoKeywords: plan.auto_keywords,
    autoKeywordMatch: plan.auto_keyword_match,
    autoWeekdays: plan.auto_weekdays,
    autoHasTerm: plan.auto_has_term,
    autoTermStartAt: dateOf(plan.auto_term_start_at),
    autoTermEndAt: dateOf(plan.auto_term_end_at),
    startPlanId: plan.start_plan_id,
    richMenuId: plan.rich_menu_id,
  };
}

function dateOf(text: string | null): Date | null {
  const time = parseOffsetDateTime(text);
  return time === null ? null : new Date(time);
}

/** Writes a checked save: the plan, its labels and targets, its boxes (ids kept), timings and conditions. */
async function write(db: Db, scope: ChannelRequest, existing: repo.PlanRow | null, save: CheckedSave): Promise<number> {
  const values = planValues(save.plan);
  const row = existing
    ? await repo.update(db, scope, existing.id, values)
    : await repo.insert(db, scope, { ...values, createdByUserId: scope.userId });
  if (!row) throw notFound(PLAN_NOUN);
  const planId = row.id;
  const { plan } = save;
  await repo.replaceLabels(db, scope, planId, 'tags', 'apply', plan.tag_ids);
  await repo.replaceLabels(db, scope, planId, 'tags', 'target', plan.target_tag_ids);
  await repo.replaceLabels(db, scope, planId, 'marks', 'apply', plan.mark_ids);
  await repo.replaceLabels(db, scope, planId, 'marks', 'target', plan.target_mark_ids);
  await repo.replaceTargetFriends(db, scope, planId, plan.target_is_specified_friend ? plan.target_friend_ids : []);

  await repo.removeConditions(
    db,
    planId,
    save.conditions.flatMap((condition) => (condition._destroy && condition.id !== null ? [condition.id] : [])),
  );
  for (const condition of save.conditions.filter((item) => !item._destroy)) {
    await repo.writeCondition(db, scope, planId, {
      id: condition.id,
      accepted: condition.tag_ids_accepted,
      excepted: condition.tag_ids_excepted,
    });
  }

  await repo.removeActionsExcept(
    db,
    planId,
    save.boxes.flatMap((box) => (box.savedId === null ? [] : [box.savedId])),
  );
  const idOfBox = new Map<string, number>();
  for (const box of save.boxes) {
    const { action } = box;
    const message = withNewIds(action.message, await nextItemIds(db, newItemCount(action.message))) as PlanMessage;
    const actionValues: repo.ActionValues = {
      boxId: action.box_id,
      boxLevel: action.box_level,
      boxIndex: action.box_index,
      parentBoxId: action.parent_box_id,
      parentBoxIds: action.parent_box_ids,
      x: action.x,
      y: action.y,
      boxWidth: action.box_width,
      boxHeight: action.box_height,
      diagramHide: action.diagram_hide,
      diagramHideChildren: action.diagram_hide_children,
      messageType: action.message_type,
      message,
      richMenuId: action.rich_menu_id ?? null,
      startPlanId: action.start_plan_id ?? null,
    };
    if (box.savedId === null) idOfBox.set(action.box_id, await repo.insertAction(db, scope, planId, actionValues));
    else {
      await repo.updateAction(db, planId, box.savedId, actionValues);
      idOfBox.set(action.box_id, box.savedId);
    }
  }
  await repo.replaceActionEffects(
    db,
    scope,
    [...idOfBox.values()],
    save.boxes.map((box) => ({
      planActionId: idOfBox.get(box.action.box_id)!,
      tagIds: box.action.tag_ids,
      markIds: box.action.mark_ids,
    })),
  );
  await repo.replaceTimings(
    db,
    scope,
    planId,
    save.timings.flatMap((timing) => {
      const start = idOfBox.get(timing.start);
      const end = idOfBox.get(timing.end);
      if (start === undefined || end === undefined) return [];
      return [
        {
          id: timing.id ?? undefined,
          planActionId: start,
          nextPlanActionId: end,
          timingType: timing.timing_type,
          diagramHide: timing.diagram_hide,
          afterDays: timing.after_days,
          afterHours: timing.after_hours,
          nextActionAt: timing.next_action_at,
          repeatDateTimes: timing.repeat_date_times,
          repeatTimes: timing.repeat_times,
          repeatWeekdays: timing.repeat_weekdays,
        },
      ];
    }),
  );
  return planId;
}

// --- reading ---

async function findOrFail(db: Db, scope: ChannelRequest, id: number, forUpdate = false): Promise<repo.PlanRow> {
  const row = await repo.find(db, scope, id, forUpdate);
  if (!row) throw notFound(PLAN_NOUN);
  return row;
}

/** The original's name with the copy suffix, cut so that the whole stays within the name limit. */
export function copyName(name: string): string {
  const room = PLAN_NAME_MAX - COPY_SUFFIX.length;
  if (name.length <= room) return `${name}${COPY_SUFFIX}`;
  const cut = name.slice(0, room);
  // Never half of a surrogate pair.
  return `${/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut}${COPY_SUFFIX}`;
}

/** The plan's own fields as a save sends them (a copy is written through the same path). */
function planFieldsOf(plan: Plan): CheckedSave['plan'] {
  return {
    id: plan.id,
    name: plan.name,
    plan_type: plan.plan_type,
    is_active: plan.is_active,
    folder_id: plan.folder_id,
    tag_ids: plan.tag_ids,
    mark_ids: plan.mark_ids,
    target_is_all: plan.target_is_all,
    target_send: plan.target_send,
    target_tag_ids: plan.target_tags.map((tag) => tag.id),
    target_mark_ids: plan.target_marks.map((mark) => mark.id),
    target_friend_ids: plan.target_friends.map((friend) => friend.id),
    target_has_tag: plan.target_has_tag,
    target_has_mark: plan.target_has_mark,
    target_is_specified_friend: plan.target_is_specified_friend,
    send_at: plan.send_at,
    scenario_trigger: plan.scenario_trigger,
    trigger_ref_id: plan.trigger_ref_id,
    reentry_policy: plan.reentry_policy,
    auto_keywords: plan.auto_keywords,
    auto_keyword_match: plan.auto_keyword_match,
    auto_weekdays: plan.auto_weekdays,
    auto_has_term: plan.auto_has_term,
    auto_term_start_at: plan.auto_term_start_at,
    auto_term_end_at: plan.auto_term_end_at,
    rich_menu_id: plan.rich_menu_id ?? null,
    start_plan_id: plan.start_plan_id ?? null,
  };
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

function listItem(row: repo.PlanListRow): PlanListItem {
  return {
    id: row.id,
    name: row.name,
    plan_type: row.planType,
    is_active: row.isActive,
    folder_id: row.folderId,
    scenario_trigger: row.scenarioTrigger,
    send_at: iso(row.sendAt),
    enrolled_count: row.enrolledCount,
    sent_count: row.sentCount,
    missed_count: row.missedCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** GET /service/plans/{id}: plan, plan_actions, plan_timings (spec section 7). */
async function detail(db: Db, scope: ChannelRequest, row: repo.PlanRow): Promise<PlanDetail> {
  const parts = await repo.partsOf(db, scope, row);
  const labelsOf = <T extends { id: number; name: string; role: repo.LabelRole }>(items: T[], role: repo.LabelRole) =>
    items.filter((item) => item.role === role).map((item) => ({ id: item.id, name: item.name }));
  const tags = labelsOf(parts.labels.tags, 'apply');
  const marks = labelsOf(parts.labels.marks, 'apply');
  const boxOf = new Map(parts.actions.map((action) => [action.id, action.boxId]));
  const plan: Plan = {
    id: row.id,
    name: row.name,
    plan_type: row.planType,
    is_active: row.isActive,
    folder_id: row.folderId,
    tags,
    marks,
    tag_ids: tags.map((tag) => tag.id),
    mark_ids: marks.map((mark) => mark.id),
    target_is_all: row.targetSend === 'all_target',
    target_send: row.targetSend,
    target_friends: parts.targetFriends,
    target_tags: labelsOf(parts.labels.tags, 'target'),
    target_marks: labelsOf(parts.labels.marks, 'target'),
    target_has_tag: row.targetHasTag,
    target_has_mark: row.targetHasMark,
    target_is_specified_friend: row.targetIsSpecifiedFriend,
    target_conditions: parts.conditions.map((condition) => ({
      id: condition.id,
      tags_accepted: condition.tags.filter((tag) => tag.accepted).map(({ id, name }) => ({ id, name })),
      tags_excepted: condition.tags.filter((tag) => !tag.accepted).map(({ id, name }) => ({ id, name })),
    })),
    deletedConditionIds: [],
    send_at: iso(row.sendAt),
    scenario_trigger: row.scenarioTrigger,
    trigger_ref_id: row.triggerRefId,
    reentry_policy: row.reentryPolicy,
    auto_keywords: row.autoKeywords,
    auto_keyword_match: row.autoKeywordMatch,
    auto_weekdays: row.autoWeekdays,
    auto_has_term: row.autoHasTerm,
    auto_term_start_at: iso(row.autoTermStartAt),
    auto_term_end_at: iso(row.autoTermEndAt),
    start_plan: parts.startPlan,
    start_plan_id: row.startPlanId,
    // Rich menus and tracked plan links come with later issues.
    rich_menu: null,
    rich_menu_id: row.richMenuId,
    link_urls: [],
  };
  return {
    plan,
    plan_actions: parts.actions.map((action): PlanAction => ({
      id: action.id,
      box_id: action.boxId,
      box_level: action.boxLevel,
      box_index: action.boxIndex,
      parent_box_id: action.parentBoxId,
      parent_box_ids: action.parentBoxIds,
      x: action.x,
      y: action.y,
      box_width: action.boxWidth,
      box_height: action.boxHeight,
      diagram_hide: action.diagramHide,
      diagram_hide_children: action.diagramHideChildren,
      message_type: action.messageType,
      message: action.message,
      _destroy: false,
      should_empty: false,
      use_template: false,
      tag_ids: parts.actionTags.filter((tag) => tag.planActionId === action.id).map((tag) => tag.tagId),
      mark_ids: parts.actionMarks.filter((mark) => mark.planActionId === action.id).map((mark) => mark.markId),
      rich_menu_id: action.richMenuId,
      start_plan_id: action.startPlanId,
    })),
    plan_timings: parts.timings.map((timing): PlanTiming => ({
      id: timing.id,
      timing_type: timing.timingType,
      start: boxOf.get(timing.planActionId) ?? '',
      end: boxOf.get(timing.nextPlanActionId) ?? '',
      diagram_hide: timing.diagramHide,
      after_days: timing.afterDays,
      after_hours: timing.afterHours,
      is_repeat: timing.timingType === 'send_repeat',
      next_action_at: timing.nextActionAt,
      repeat_date_times: timing.repeatDateTimes,
      repeat_times: timing.repeatTimes,
      repeat_weekdays: timing.repeatWeekdays,
      plan_action_id: timing.planActionId,
      next_plan_action_id: timing.nextPlanActionId,
      touched: false,
      _destroy: false,
    })),
  };
}
