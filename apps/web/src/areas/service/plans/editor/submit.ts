import {
  errorBoxIndex,
  errorTimingIndex,
  toPlanSavePayload,
  validatePlan,
  type PlanTriggerInfo,
  type Plan,
  type PlanAction,
  type PlanErrors,
  type PlanSaveAnswer,
  type PlanSavePayload,
} from '@linq/contract';
import type { PlanSnapshot } from './diagram.ts';
import type { PlanEditorState } from './editor-state.ts';

/*
 * The submit rules (spec sections 4, 5 and 8): what the editor sends, what it checks first, and
 * what it does with the answer.
 */

/** Where the user goes after a successful save (spec section 4). */
export const PLANS_LIST_PATH = '/service/plans';

/** Whether any tag, mark or specified-friend targeting is set. */
export function hasAdvancedTargeting(plan: Plan): boolean {
  const tags = plan.target_tags.length > 0 || plan.target_conditions.length > 0;
  const marks = plan.target_marks.length > 0;
  const friends = plan.target_is_specified_friend && plan.target_friends.length > 0;
  return tags || marks || friends;
}

/** On submit, if target_send is advanced but no tag, mark or specified-friend targeting is set, it becomes all_target. */
export function normalizeTargetSend(plan: Plan): Plan {
  const targetSend = plan.target_send === 'advanced' && !hasAdvancedTargeting(plan) ? 'all_target' : plan.target_send;
  const targetIsAll = targetSend === 'all_target';
  return targetSend === plan.target_send && targetIsAll === plan.target_is_all
    ? plan
    : { ...plan, target_send: targetSend, target_is_all: targetIsAll };
}

/**
 * Saving an existing plan: actions are compared with the currently saved ones, and use_template is
 * set on actions not found among them. Found means the same action id with the same message id: a
 * saved box filled from a template carries the template's message ids, which the server must copy
 * from, never update.
 */
export function markUseTemplate(actions: readonly PlanAction[], savedActions: readonly PlanAction[]): PlanAction[] {
  return actions.map((action) => {
    const found = savedActions.some(
      (saved) => saved.id !== null && saved.id === action.id && saved.message.id === action.message.id,
    );
    return found === !action.use_template ? action : { ...action, use_template: !found };
  });
}

/** The snapshot as submitted: the target rule applied and, for an existing plan, use_template marked. */
export function snapshotForSubmit(state: PlanEditorState): PlanSnapshot {
  const { present } = state;
  const plan = normalizeTargetSend(present.plan);
  const actions =
    plan.id === null ? present.plan_actions : markUseTemplate(present.plan_actions, state.savedPlanActions);
  return { ...present, plan, plan_actions: actions };
}

export interface SubmitOptions {
  /** The folder selected in the folder list (folder_id comes from it). */
  selectedFolderId?: number | null;
  /** The clock's now. */
  now: Date;
  /** The saved broadcast time of an existing plan. */
  savedSendAt?: string | null;
  /** The scenario triggers there are, once loaded. */
  triggers?: readonly PlanTriggerInfo[];
}

/** The save payload and the rules it breaks (sent only when there are none). */
export function prepareSubmit(
  state: PlanEditorState,
  options: SubmitOptions,
): { payload: PlanSavePayload; errors: PlanErrors } {
  const payload = toPlanSavePayload(snapshotForSubmit(state), { selectedFolderId: options.selectedFolderId });
  return {
    payload,
    errors: validatePlan(payload, {
      now: options.now,
      savedSendAt: options.savedSendAt,
      ...(options.triggers ? { triggers: options.triggers } : {}),
    }),
  };
}

/** The box an error key names (a timing's error names the box it leads to), for highlighting. */
export function boxOfError(key: string, snapshot: PlanSnapshot): string | null {
  const boxIndex = errorBoxIndex(key);
  if (boxIndex !== null) return snapshot.plan_actions[boxIndex]?.box_id ?? null;
  const timingIndex = errorTimingIndex(key);
  if (timingIndex !== null) {
    // Keys count the timings sent: those not marked destroyed.
    return snapshot.plan_timings.filter((timing) => !timing._destroy)[timingIndex]?.end ?? null;
  }
  return null;
}

/** Shown when a failed save names no reason at all. */
export const SAVE_FAILED = '保存できませんでした';

export type SaveOutcome =
  { kind: 'saved'; navigateTo: string } | { kind: 'error'; description: string; boxId: string | null };

/**
 * What follows a save answer (spec section 8). Keyed errors: an error notification with the first
 * error's description, the user stays in the editor with that box highlighted. success false
 * without keyed errors: the errors as the description. Success: to /service/plans.
 */
export function saveOutcome(answer: Pick<PlanSaveAnswer, 'success' | 'errors'>, snapshot: PlanSnapshot): SaveOutcome {
  if (typeof answer.errors !== 'string') {
    const [first] = Object.entries(answer.errors);
    if (first) return { kind: 'error', description: first[1].description, boxId: boxOfError(first[0], snapshot) };
  }
  if (answer.success) return { kind: 'saved', navigateTo: PLANS_LIST_PATH };
  return { kind: 'error', description: typeof answer.errors === 'string' ? answer.errors : SAVE_FAILED, boxId: null };
}
