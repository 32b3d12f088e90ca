import {
  attributesPath,
  PlanErrorList,
  optionAt,
  parseOffsetDateTime,
  toPlanMessage,
  updateOptions,
  type MessageIssue,
  type PlanErrors,
  type PlanMessage,
  type PlanSaveInput,
  type PlanSavePayload,
} from '@linq/contract';
import { inTurn, type Db } from '../../platform/db.ts';
import type { ChannelRequest } from '../../platform/principal.ts';
import * as repo from './repository.ts';
import { AppError } from '../../platform/errors.ts';
import { keepRelevantParts, unknownIds, withoutIds } from '../templates/items.ts';
import { type ScenarioTriggerKind } from './triggers.ts';
import { targetFields } from './target.ts';
import {
  UNSAVED_BOX_MESSAGE,
  UNSAVED_TIMING_MESSAGE,
  UNSAVED_CONDITION_MESSAGE,
  FOREIGN_TAG_MESSAGE,
  FOREIGN_MARK_MESSAGE,
  FOREIGN_FRIEND_MESSAGE,
  FOREIGN_PLAN_MESSAGE,
  FOREIGN_RICH_MENU_MESSAGE,
  FOLDER_MESSAGE,
  friendAddedTakenMessage,
} from './messages.ts';
import type { BoxToWrite } from './write.ts';

/* The checks of a save that need the database: every id it names is this plan's or this channel's. */

export function savedSendAt(existing: repo.PlanRow | null, payload: PlanSavePayload): string | null {
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
export async function checkBoxes(
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

/**
 * Tags, marks, friends, plans and the folder a save names must be the channel's. The target may
 * keep what its saved version names though it was deleted since: it stays as saved (and matches
 * nobody through it) until the staff takes it out.
 */
export async function checkReferences(
  db: Db,
  scope: ChannelRequest,
  existing: repo.PlanRow | null,
  payload: PlanSavePayload,
  errors: PlanErrorList,
): Promise<void> {
  const actions = payload.plan_actions_attributes;
  const conditions = payload.target_conditions_attributes.filter((condition) => !condition._destroy);
  const [tagIds, markIds, friendIds, planIds, folderIds, richMenuIds] = await inTurn(
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
    () =>
      repo.ownRichMenuIds(db, scope, [
        ...(payload.rich_menu_id == null ? [] : [payload.rich_menu_id]),
        ...actions.flatMap((action) => (action.rich_menu_id == null ? [] : [action.rich_menu_id])),
      ]),
  );
  const each = (path: (string | number)[], ids: number[], own: Set<number>, message: string) =>
    ids.forEach((id, index) => {
      if (!own.has(id)) errors.add([...path, index], message);
    });
  const saved = targetFields(existing?.target ?? null);
  const savedTags = [
    ...saved.tagIds,
    ...saved.conditions.flatMap((condition) => [...condition.accepted, ...condition.excepted]),
  ];
  const targetTagIds = new Set([...tagIds, ...savedTags]);
  const targetMarkIds = new Set([...markIds, ...saved.markIds]);
  const targetFriendIds = new Set([...friendIds, ...saved.friendIds]);
  each(['tag_ids'], payload.tag_ids, tagIds, FOREIGN_TAG_MESSAGE);
  each(['target_tag_ids'], payload.target_tag_ids, targetTagIds, FOREIGN_TAG_MESSAGE);
  each(['mark_ids'], payload.mark_ids, markIds, FOREIGN_MARK_MESSAGE);
  each(['target_mark_ids'], payload.target_mark_ids, targetMarkIds, FOREIGN_MARK_MESSAGE);
  each(['target_friend_ids'], payload.target_friend_ids, targetFriendIds, FOREIGN_FRIEND_MESSAGE);
  if (payload.start_plan_id !== null && !planIds.has(payload.start_plan_id)) {
    errors.add(['start_plan_id'], FOREIGN_PLAN_MESSAGE);
  }
  if (payload.folder_id !== null && !folderIds.has(payload.folder_id)) errors.add(['folder_id'], FOLDER_MESSAGE);
  if (payload.rich_menu_id !== null && !richMenuIds.has(payload.rich_menu_id)) {
    errors.add(['rich_menu_id'], FOREIGN_RICH_MENU_MESSAGE);
  }
  payload.target_conditions_attributes.forEach((condition, index) => {
    if (condition._destroy) return;
    const path = ['target_conditions_attributes', index];
    each([...path, 'tag_ids_accepted'], condition.tag_ids_accepted, targetTagIds, FOREIGN_TAG_MESSAGE);
    each([...path, 'tag_ids_excepted'], condition.tag_ids_excepted, targetTagIds, FOREIGN_TAG_MESSAGE);
  });
  actions.forEach((action, index) => {
    if (action._destroy) return;
    each(boxPath(index, 'tag_ids'), action.tag_ids, tagIds, FOREIGN_TAG_MESSAGE);
    each(boxPath(index, 'mark_ids'), action.mark_ids, markIds, FOREIGN_MARK_MESSAGE);
    if (action.start_plan_id !== null && !planIds.has(action.start_plan_id)) {
      errors.add(boxPath(index, 'start_plan_id'), FOREIGN_PLAN_MESSAGE);
    }
    if (action.rich_menu_id !== null && !richMenuIds.has(action.rich_menu_id)) {
      errors.add(boxPath(index, 'rich_menu_id'), FOREIGN_RICH_MENU_MESSAGE);
    }
  });
}

/** The item a scenario's trigger names (the tag of tag_added…) must be the channel's. */
export async function checkTriggerRef(
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
export async function checkSavedRows(
  db: Db,
  scope: ChannelRequest,
  existing: repo.PlanRow | null,
  payload: PlanSavePayload,
  errors: PlanErrorList,
): Promise<void> {
  const timingIds = existing ? await repo.timingIds(db, scope, existing.id) : new Set<number>();
  const conditionIds = new Set(targetFields(existing?.target ?? null).conditions.map((condition) => condition.id));
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
export async function checkFriendAdded(
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

export function throwIfAny(errors: PlanErrors): void {
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
