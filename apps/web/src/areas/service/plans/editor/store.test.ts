import { describe, expect, it } from 'vitest';
import { addChildBox, type PlanSnapshot } from './diagram.ts';
import { usePlanEditor } from './store.ts';

const store = () => usePlanEditor.getState();

describe('plan editor store', () => {
  it('a new plan starts with the first box in the folder chosen on the list, with nothing to undo', () => {
    store().begin('broadcast', 7);
    const { editor } = store();
    expect(editor.present.plan).toMatchObject({ plan_type: 'broadcast', folder_id: 7 });
    expect(editor.present.plan_actions.map((action) => action.box_id)).toEqual(['box-0']);
    expect(editor.past).toEqual([]);
    expect(editor.confirmLeave).toBe(false);
  });

  it('edits go through the history: undo and redo bring the snapshots back', () => {
    store().begin('scenario', null);
    store().apply((snapshot) => addChildBox(snapshot, { boxId: 'box-0', option: null }));
    expect(store().editor.present.plan_actions).toHaveLength(2);
    expect(store().editor.confirmLeave).toBe(true);
    store().undo();
    expect(store().editor.present.plan_actions).toHaveLength(1);
    store().redo();
    expect(store().editor.present.plan_actions).toHaveLength(2);
    store().saved();
    expect(store().editor.confirmLeave).toBe(false);
    expect(store().editor.savedPlanActions).toHaveLength(2);
  });

  it('typing on in one field joins its undo step; after an undo, typing starts a new one', () => {
    store().begin('scenario', null);
    const rename = (name: string) => (snapshot: PlanSnapshot) => ({ ...snapshot, plan: { ...snapshot.plan, name } });
    store().apply(rename('a'), 'field-name');
    store().apply(rename('ab'), 'field-name');
    expect(store().editor.past).toHaveLength(1);
    store().apply(rename('abc'), 'field-other');
    expect(store().editor.past).toHaveLength(2);
    store().undo();
    expect(store().editor.present.plan.name).toBe('ab');
    store().apply(rename('abd'), 'field-other');
    store().undo();
    expect(store().editor.present.plan.name).toBe('ab');
  });

  it('a save error highlights its box and opens it in the side panel', () => {
    store().begin('scenario', null);
    store().showError('box-0');
    expect(store().errorBoxId).toBe('box-0');
    expect(store().selection).toEqual({ kind: 'box', boxId: 'box-0' });
    store().saved();
    expect(store().errorBoxId).toBeNull();
  });
});
