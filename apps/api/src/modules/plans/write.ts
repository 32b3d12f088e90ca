import {
  parseOffsetDateTime,
  type AudienceNode,
  type PlanAction,
  type PlanMessage,
  type PlanSaveInput,
  type PlanTiming,
  type TargetConditionAttributes,
} from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import type { ChannelRequest } from '../../platform/principal.ts';
import * as repo from './repository.ts';
import { notFound } from '../../platform/errors.ts';
import { newItemCount, withNewIds } from '../templates/items.ts';
import { nextItemIds } from '../templates/repository.ts';
import { PLAN_NOUN } from './messages.ts';
import { targetExpression, targetFields } from './target.ts';

/* Writing a checked save (a copy is written the same way). */

/** A box as this save writes it: its saved id (null: new) and its message with the ids it keeps. */
export interface BoxToWrite {
  action: PlanAction;
  savedId: number | null;
}

/** What a save writes, every id in it checked to be this plan's or this channel's. */
export interface CheckedSave {
  plan: PlanSaveInput['plan'];
  boxes: BoxToWrite[];
  timings: PlanTiming[];
  conditions: TargetConditionAttributes[];
}

/**
 * The target as this save leaves it: the saved conditions (by their id, their place in the saved
 * list) changed or removed as sent, the new ones after them; the rest of the fields as sent.
 */
async function savedTarget(db: Db, existing: repo.PlanRow | null, save: CheckedSave): Promise<AudienceNode> {
  const { plan } = save;
  const sent = new Map(
    save.conditions.flatMap((condition) => (condition.id === null ? [] : [[condition.id, condition]])),
  );
  const kept = targetFields(existing?.target ?? null).conditions.flatMap((saved) => {
    const change = sent.get(saved.id);
    if (!change) return [saved];
    return change._destroy
      ? []
      : [{ id: saved.id, accepted: change.tag_ids_accepted, excepted: change.tag_ids_excepted }];
  });
  const newOnes = save.conditions.filter((condition) => condition.id === null && !condition._destroy);
  const keys = await repo.nextConditionKeys(db, newOnes.length);
  const added = newOnes.map((condition, index) => ({
    id: keys[index]!,
    accepted: condition.tag_ids_accepted,
    excepted: condition.tag_ids_excepted,
  }));
  return targetExpression({
    tagIds: plan.target_tag_ids,
    hasTag: plan.target_has_tag,
    markIds: plan.target_mark_ids,
    hasMark: plan.target_has_mark,
    conditions: [...kept, ...added],
    specified: plan.target_is_specified_friend,
    friendIds: plan.target_friend_ids,
  });
}

function planValues(plan: CheckedSave['plan'], target: AudienceNode): repo.PlanValues {
  return {
    folderId: plan.folder_id,
    name: plan.name,
    planType: plan.plan_type,
    isActive: plan.is_active,
    targetSend: plan.target_send,
    target,
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
export async function write(
  db: Db,
  scope: ChannelRequest,
  existing: repo.PlanRow | null,
  save: CheckedSave,
): Promise<number> {
  const values = planValues(save.plan, await savedTarget(db, existing, save));
  const row = existing
    ? await repo.update(db, scope, existing.id, values)
    : await repo.insert(db, scope, { ...values, createdByUserId: scope.userId });
  if (!row) throw notFound(PLAN_NOUN);
  const planId = row.id;
  const { plan } = save;
  await repo.replaceLabels(db, scope, planId, 'tags', 'apply', plan.tag_ids);
  await repo.replaceLabels(db, scope, planId, 'marks', 'apply', plan.mark_ids);

  await repo.removeActionsExcept(
    db,
    scope,
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
      await repo.updateAction(db, scope, planId, box.savedId, actionValues);
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
