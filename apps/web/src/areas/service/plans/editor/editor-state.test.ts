import { describe, expect, it } from 'vitest';
import { newAction } from '@linq/contract';
import { addChildBox, changeMessageType, moveBox, resetPlan, setBoxMessage, type PlanSnapshot } from './diagram.ts';
import {
  canRedo,
  canUndo,
  clearForm,
  continuesTyping,
  edit,
  editTyping,
  emptySnapshot,
  initialEditorState,
  loadPlan,
  markSaved,
  redo,
  renderArrows,
  setFriends,
  setProfiles,
  startPlan,
  TYPING_PAUSE_MS,
  undo,
  type PlanEditorState,
  type TypingEdit,
} from './editor-state.ts';
import { box, saved, textChain } from './test-support.ts';

const moveTo = (x: number) => (snapshot: PlanSnapshot) => moveBox(snapshot, 'box-0', { x, y: 50 });
const xOf = (state: PlanEditorState) => box(state.present, 'box-0').x;

/** A new scenario moved to x 300, then 400, then 500: three edits. */
function threeEdits(): PlanEditorState {
  return [300, 400, 500].reduce((state, x) => edit(state, moveTo(x)), startPlan(initialEditorState(), 'scenario'));
}

describe('plan editor history (spec section 4: undo and redo use past, present and future snapshots)', () => {
  it('editing clears the future', () => {
    const undone = undo(undo(threeEdits()));
    expect(undone.future).toHaveLength(2);
    const edited = edit(undone, moveTo(900));
    expect(edited.future).toEqual([]);
    expect(edited.past.map((snapshot) => box(snapshot, 'box-0').x)).toEqual([250, 300]);
    expect(xOf(edited)).toBe(900);
  });

  it('undo moves the present to the future', () => {
    const state = threeEdits();
    const undone = undo(state);
    expect(xOf(undone)).toBe(400);
    expect(undone.future).toEqual([state.present]);
    expect(undone.past).toHaveLength(2);
    expect(undo(undo(undo(undone)))).toEqual(undo(undo(undone)));
  });

  it('redo moves the first future snapshot back', () => {
    const undone = undo(undo(threeEdits()));
    const redone = redo(undone);
    expect(xOf(redone)).toBe(400);
    expect(redone.future.map((snapshot) => box(snapshot, 'box-0').x)).toEqual([500]);
    expect(redone.past.at(-1)).toBe(undone.present);
    const last = redo(redone);
    expect(redo(last)).toBe(last);
    expect(canRedo(redone)).toBe(true);
    expect(canRedo(last)).toBe(false);
  });

  it('undo skips past snapshots that repeat the same carousel actions', () => {
    let state = startPlan(initialEditorState(), 'scenario');
    state = edit(state, (snapshot) => changeMessageType(snapshot, 'box-0', 'carousel'));
    const beforeButton = state.present;
    const carousel = box(state.present, 'box-0').message;
    const withButton = {
      ...carousel,
      message_columns: (carousel.message_columns ?? []).map((column) => ({
        ...column,
        message_actions: [...column.message_actions, { ...newAction(), box_id: null, diagram_hide_children: false }],
      })),
    };
    // The builder reports the same carousel actions again as its columns sync: each report is an edit.
    state = edit(state, (snapshot) => setBoxMessage(snapshot, 'box-0', withButton));
    state = edit(state, (snapshot) => setBoxMessage(snapshot, 'box-0', withButton));
    state = edit(state, (snapshot) => setBoxMessage(snapshot, 'box-0', withButton));
    expect(state.past).toHaveLength(4);
    const undone = undo(state);
    expect(undone.present).toBe(beforeButton);
    expect(undone.past).toHaveLength(1);
    expect(undone.future).toEqual([state.present]);
    // Only repeats left: nothing to undo.
    const onlyRepeats = { ...state, past: [state.present] };
    expect(canUndo(onlyRepeats)).toBe(false);
    expect(undo(onlyRepeats)).toBe(onlyRepeats);
  });

  it('typing in one field is a single undo step', () => {
    const rename = (name: string) => (snapshot: PlanSnapshot) => ({ ...snapshot, plan: { ...snapshot.plan, name } });
    const typed = (field: string, at: number): TypingEdit => ({ field, at });
    const start = startPlan(initialEditorState(), 'scenario');
    // 「配信」typed key by key into the name field, each key within the pause of the previous one.
    let last: TypingEdit | null = null;
    let state = start;
    ['配', '配信'].forEach((name, key) => {
      const next = typed('name', 1000 + key * 200);
      state = editTyping(state, rename(name), last, next);
      last = next;
    });
    expect(state.present.plan.name).toBe('配信');
    expect(state.past).toEqual([start.present]);
    expect(undo(state).present).toBe(start.present);

    // Another field, a longer pause, or an edit that is not typing starts a new step.
    const otherField = editTyping(state, rename('配信A'), last, typed('keyword', 1400));
    expect(otherField.past).toHaveLength(2);
    const afterPause = editTyping(state, rename('配信A'), last, typed('name', 1200 + TYPING_PAUSE_MS + 1));
    expect(afterPause.past).toHaveLength(2);
    const notTyping = editTyping(state, moveTo(300), last, null);
    expect(notTyping.past).toHaveLength(2);
    expect(continuesTyping(null, typed('name', 1))).toBe(false);
    expect(continuesTyping(typed('name', 1), typed('name', 1 + TYPING_PAUSE_MS))).toBe(true);

    // Typing on still clears the future.
    const undone = undo(edit(state, moveTo(300)));
    const typedOn = editTyping(undone, rename('配信です'), last, typed('name', 1300));
    expect(undone.future).toHaveLength(1);
    expect(typedOn.future).toEqual([]);
    expect(typedOn.past).toEqual(undone.past);
    // With nothing in the past, typing records the step it starts.
    expect(editTyping(start, rename('x'), last, typed('name', 1300)).past).toEqual([start.present]);
  });

  it('a change that answers the same snapshot records nothing', () => {
    const state = threeEdits();
    expect(edit(state, (snapshot) => addChildBox(snapshot, { boxId: 'box-9-9', option: null }))).toBe(state);
  });
});

describe('plan editor model state (spec section 3)', () => {
  it('holds profiles, friends, past and future snapshots, the current saved plan actions, an arrow render time and a confirmLeave flag', () => {
    const state = initialEditorState();
    expect(Object.keys(state).sort()).toEqual(
      [
        'arrowRenderTime',
        'confirmLeave',
        'friends',
        'future',
        'past',
        'present',
        'profiles',
        'savedPlanActions',
      ].sort(),
    );
    const withPeople = setFriends(setProfiles(state, [{ id: 1, display_name: '山田', picture_url: null }]), [
      { id: 1, display_name: '山田' },
    ]);
    expect(withPeople.profiles).toHaveLength(1);
    expect(withPeople.friends).toHaveLength(1);
    expect(renderArrows(state, 1234).arrowRenderTime).toBe(1234);
  });

  it('an edit, undo or redo sets confirmLeave (the leave guard asks); loading or a successful save clears it', () => {
    const loaded = loadPlan(initialEditorState(), saved(textChain()));
    expect(loaded.confirmLeave).toBe(false);
    expect(loaded.savedPlanActions).toBe(loaded.present.plan_actions);
    const edited = edit(loaded, moveTo(260));
    expect(edited.confirmLeave).toBe(true);
    expect(undo({ ...edited, confirmLeave: false }).confirmLeave).toBe(true);
    expect(markSaved(edited).confirmLeave).toBe(false);
  });

  it('clearing the form returns to the initial empty state', () => {
    const busy = edit(
      loadPlan(setFriends(initialEditorState(), [{ id: 1, display_name: '山田' }]), saved(textChain())),
      moveTo(999),
    );
    expect(clearForm()).toEqual(initialEditorState());
    expect(clearForm().present).toEqual(emptySnapshot());
    expect(busy).not.toEqual(clearForm());
  });

  it('a new plan starts from the reset rule: plan_type set and a first box, with no history', () => {
    const started = startPlan(initialEditorState(), 'auto_reply');
    expect(started.present).toEqual(resetPlan(emptySnapshot(), 'auto_reply'));
    expect(started.past).toEqual([]);
    expect(canUndo(started)).toBe(false);
  });
});
