import { type Plan, type PlanAction, type PlanDetail, type PlanListItem, type PlanTiming } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import type { ChannelRequest } from '../../platform/principal.ts';
import * as repo from './repository.ts';
import { targetFields } from './target.ts';

/* Plans as the API answers them (spec section 7), from their rows. */

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

function broadcastState(row: repo.PlanRow): PlanListItem['broadcast_state'] {
  if (row.planType !== 'broadcast') return null;
  if (row.broadcastStartedAt !== null) return 'started';
  return row.isActive ? 'scheduled' : null;
}

export function listItem(row: repo.PlanListRow): PlanListItem {
  return {
    id: row.id,
    name: row.name,
    plan_type: row.planType,
    is_active: row.isActive,
    folder_id: row.folderId,
    scenario_trigger: row.scenarioTrigger,
    send_at: iso(row.sendAt),
    broadcast_state: broadcastState(row),
    enrolled_count: row.enrolledCount,
    sent_count: row.sentCount,
    missed_count: row.missedCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** GET /service/plans/{id}: plan, plan_actions, plan_timings (spec section 7). */
export async function detail(db: Db, scope: ChannelRequest, row: repo.PlanRow): Promise<PlanDetail> {
  const parts = await repo.partsOf(db, scope, row);
  const target = targetFields(row.target);
  const names = await repo.targetNames(db, scope, {
    tagIds: [
      ...target.tagIds,
      ...target.conditions.flatMap((condition) => [...condition.accepted, ...condition.excepted]),
    ],
    markIds: target.markIds,
    friendIds: target.friendIds,
  });
  // A label deleted since the target was saved stays in it, shown as deleted (it matches nobody).
  const refs = (ids: number[], named: Map<number, string>) =>
    ids.map((id) => {
      const name = named.get(id);
      return name === undefined ? { id, name: '', deleted: true } : { id, name };
    });
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
    // A deleted friend is no longer shown: naming it matches nobody anyway.
    target_friends: target.friendIds.flatMap((id) => {
      const name = names.friends.get(id);
      return name === undefined ? [] : [{ id, display_name: name }];
    }),
    target_tags: refs(target.tagIds, names.tags),
    target_marks: refs(target.markIds, names.marks),
    target_has_tag: target.hasTag,
    target_has_mark: target.hasMark,
    target_is_specified_friend: target.specified,
    target_conditions: target.conditions.map((condition) => ({
      id: condition.id,
      tags_accepted: refs(condition.accepted, names.tags),
      tags_excepted: refs(condition.excepted, names.tags),
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
