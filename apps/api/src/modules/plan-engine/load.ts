import type { NightWindow } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import * as plansRepo from '../plans/repository.ts';
import { PlanGraph, type GraphAction, type StepContext } from './graph.ts';
import type { PlanEffect } from './registries.ts';
import * as repo from './repository.ts';

/** A plan as the engine works with it: its row, graph, parts and where its times are computed. */
export interface LoadedPlan {
  row: repo.EnginePlanRow;
  scope: ChannelScope;
  graph: PlanGraph;
  parts: plansRepo.PlanParts;
  timeZone: string;
  nightWindow: NightWindow | null;
}

/**
 * The effects a box or plan has on the friends who reach it, as the plans module stores them (tags,
 * marks, a scenario to start, a rich menu), by the effect kinds that apply them (registries.ts).
 */
export function effectsOf(stored: {
  tagIds: number[];
  markIds: number[];
  startPlanId: number | null;
  richMenuId: number | null;
}): PlanEffect[] {
  const effects: PlanEffect[] = [];
  if (stored.tagIds.length > 0) effects.push({ kind: 'tags', refIds: stored.tagIds });
  if (stored.markIds.length > 0) effects.push({ kind: 'marks', refIds: stored.markIds });
  if (stored.startPlanId !== null) effects.push({ kind: 'start_plan', refIds: [stored.startPlanId] });
  if (stored.richMenuId !== null) effects.push({ kind: 'rich_menu', refIds: [stored.richMenuId] });
  return effects;
}

/** The effects of entering the plan: its own tags, marks, rich menu and scenario (never itself). */
export function planEntryEffects(plan: LoadedPlan): PlanEffect[] {
  const { labels } = plan.parts;
  return effectsOf({
    tagIds: labels.tags.filter((tag) => tag.role === 'apply').map((tag) => tag.id),
    markIds: labels.marks.filter((mark) => mark.role === 'apply').map((mark) => mark.id),
    startPlanId: plan.row.startPlanId === plan.row.id ? null : plan.row.startPlanId,
    richMenuId: plan.row.richMenuId,
  });
}

export async function loadPlan(db: Db, scope: ChannelScope, row: repo.EnginePlanRow): Promise<LoadedPlan> {
  // In turn: `db` is the claiming transaction, one connection.
  const parts = await plansRepo.partsOf(db, scope, row);
  const settings = await repo.sendSettings(db, scope);
  const actions: GraphAction[] = parts.actions.map((action) => ({
    id: action.id,
    boxId: action.boxId,
    messageType: action.messageType,
    message: action.message,
    effects: effectsOf({
      tagIds: parts.actionTags.filter((tag) => tag.planActionId === action.id).map((tag) => tag.tagId),
      markIds: parts.actionMarks.filter((mark) => mark.planActionId === action.id).map((mark) => mark.markId),
      startPlanId: action.startPlanId,
      richMenuId: action.richMenuId,
    }),
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
