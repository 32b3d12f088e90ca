import {
  defaultPlan,
  type PlanAction,
  type PlanAnalysisProfile,
  type PlanDetail,
  type PlanFriendRef,
  type PlanType,
} from '@linq/contract';
import { resetPlan, type PlanSnapshot } from './diagram.ts';

/*
 * The plan editor model state (spec section 3) and its history rules (spec section 4 "Plan
 * editor"): pure functions over plain data, for a small zustand store to hold.
 */

export interface PlanEditorState {
  /** Friends' display profiles the editor shows (specified-friend targets, the diagram's friends). */
  profiles: PlanAnalysisProfile[];
  /** Friends offered as specified-friend targets. */
  friends: PlanFriendRef[];
  past: PlanSnapshot[];
  present: PlanSnapshot;
  future: PlanSnapshot[];
  /** The plan actions as last loaded or saved: the save compares against them (use_template). */
  savedPlanActions: PlanAction[];
  /** When the diagram's arrows were last laid out (ms); bumped after boxes move or resize so the arrows follow. */
  arrowRenderTime: number;
  /** There are unsaved changes: leaving asks first. */
  confirmLeave: boolean;
}

export function emptySnapshot(): PlanSnapshot {
  return { plan: defaultPlan(), plan_actions: [], plan_timings: [] };
}

/** The initial empty state: a new plan with no boxes, no history, nothing to confirm. */
export function initialEditorState(): PlanEditorState {
  return {
    profiles: [],
    friends: [],
    past: [],
    present: emptySnapshot(),
    future: [],
    savedPlanActions: [],
    arrowRenderTime: 0,
    confirmLeave: false,
  };
}

/** Clearing the form returns to the initial empty state. */
export function clearForm(): PlanEditorState {
  return initialEditorState();
}

/** A saved plan opened (GET /service/plans/{id}): its boxes become the saved ones; no history. */
export function loadPlan(state: PlanEditorState, detail: PlanDetail): PlanEditorState {
  return {
    ...state,
    past: [],
    present: detail,
    future: [],
    savedPlanActions: detail.plan_actions,
    confirmLeave: false,
  };
}

/** A new plan of `type` (the create screen): resetting sets plan_type and creates the first box; no history yet. */
export function startPlan(state: PlanEditorState, type: PlanType): PlanEditorState {
  return { ...state, past: [], future: [], present: resetPlan(state.present, type) };
}

/**
 * An edit: the present goes to the past and the change becomes the present. Editing clears the
 * future. A change that answers the same snapshot records nothing.
 */
export function edit(state: PlanEditorState, change: (snapshot: PlanSnapshot) => PlanSnapshot): PlanEditorState {
  const next = change(state.present);
  if (next === state.present) return state;
  return { ...state, past: [...state.past, state.present], present: next, future: [], confirmLeave: true };
}

/** One edit made by typing: which text field (a stable key) and when (ms). */
export interface TypingEdit {
  field: string;
  at: number;
}

/** A pause longer than this (ms) in typing into one field starts a new undo step. */
export const TYPING_PAUSE_MS = 1500;

/**
 * Typing in one field is one undo step: an edit continues the previous step when both were typed
 * into the same field, with no longer pause than TYPING_PAUSE_MS between them.
 */
export function continuesTyping(previous: TypingEdit | null, next: TypingEdit | null): boolean {
  if (previous === null || next === null) return false;
  return previous.field === next.field && next.at >= previous.at && next.at - previous.at <= TYPING_PAUSE_MS;
}

/**
 * An edit, grouped with the previous one when it continues the same typing (continuesTyping): then
 * the change replaces the present and the past stays as it was, so one undo takes back the whole
 * typing. Editing still clears the future.
 */
export function editTyping(
  state: PlanEditorState,
  change: (snapshot: PlanSnapshot) => PlanSnapshot,
  previous: TypingEdit | null,
  next: TypingEdit | null,
): PlanEditorState {
  if (!continuesTyping(previous, next) || state.past.length === 0) return edit(state, change);
  const present = change(state.present);
  if (present === state.present) return state;
  return { ...state, present, future: [], confirmLeave: true };
}

function sameSnapshot(a: PlanSnapshot, b: PlanSnapshot): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Whether a past snapshot only repeats the present. The builder reports a carousel's options each
 * time its columns sync (every column must keep the same number of buttons), so one carousel edit
 * can leave snapshots that repeat the same carousel actions, and nothing else, as the present.
 */
export function repeatsPresent(snapshot: PlanSnapshot, present: PlanSnapshot): boolean {
  return sameSnapshot(snapshot, present);
}

/**
 * Undo moves the present to the future and brings back the newest past snapshot, skipping (and
 * dropping) past snapshots that repeat the same carousel actions as the present. Nothing to bring
 * back: nothing changes.
 */
export function undo(state: PlanEditorState): PlanEditorState {
  const past = [...state.past];
  for (let previous = past.pop(); previous !== undefined; previous = past.pop()) {
    if (repeatsPresent(previous, state.present)) continue;
    return {
      ...state,
      past,
      present: previous,
      future: [state.present, ...state.future],
      confirmLeave: true,
    };
  }
  return state;
}

/** Redo moves the first future snapshot back to the present (the present goes to the past). */
export function redo(state: PlanEditorState): PlanEditorState {
  const [next, ...rest] = state.future;
  if (next === undefined) return state;
  return { ...state, past: [...state.past, state.present], present: next, future: rest, confirmLeave: true };
}

export function canUndo(state: PlanEditorState): boolean {
  return state.past.some((snapshot) => !repeatsPresent(snapshot, state.present));
}

export function canRedo(state: PlanEditorState): boolean {
  return state.future.length > 0;
}

/** The arrows are laid out again at `time` (after boxes moved or resized). */
export function renderArrows(state: PlanEditorState, time: number): PlanEditorState {
  return { ...state, arrowRenderTime: time };
}

/** After a successful save nothing is left to lose. */
export function markSaved(state: PlanEditorState): PlanEditorState {
  return { ...state, confirmLeave: false, savedPlanActions: state.present.plan_actions };
}

export function setProfiles(state: PlanEditorState, profiles: PlanAnalysisProfile[]): PlanEditorState {
  return { ...state, profiles };
}

export function setFriends(state: PlanEditorState, friends: PlanFriendRef[]): PlanEditorState {
  return { ...state, friends };
}
