import type { PlanDetail, PlanType } from '@linq/contract';
import { create } from 'zustand';
import type { PlanSnapshot } from './diagram.ts';
import {
  canRedo,
  canUndo,
  clearForm,
  edit,
  loadPlan,
  markSaved,
  redo,
  startPlan,
  undo,
  type PlanEditorState,
} from './editor-state.ts';

/*
 * The plan editor's client state (zustand, as DESIGN says: server data stays in TanStack Query):
 * the editor model state of editor-state.ts, what the side panel shows, and the box a save error
 * names. Every change goes through the pure rules; the store only holds their answers.
 */

/** What the side panel edits: the plan's settings, one box, or the timing into one box. */
export type PanelSelection = { kind: 'settings' } | { kind: 'box'; boxId: string } | { kind: 'timing'; end: string };

interface PlanEditorStore {
  editor: PlanEditorState;
  selection: PanelSelection;
  /** The box the last save error names (highlighted until the next edit or save). */
  errorBoxId: string | null;
  /** A new plan of `type` in `folderId`: resetting creates the first box; no history. */
  begin: (type: PlanType, folderId: number | null) => void;
  /** A saved plan opened. */
  load: (detail: PlanDetail) => void;
  /** One edit (a history step). */
  apply: (change: (snapshot: PlanSnapshot) => PlanSnapshot) => void;
  undo: () => void;
  redo: () => void;
  saved: () => void;
  select: (selection: PanelSelection) => void;
  showError: (boxId: string | null) => void;
}

export const usePlanEditor = create<PlanEditorStore>((set) => ({
  editor: clearForm(),
  selection: { kind: 'settings' },
  errorBoxId: null,
  begin: (type, folderId) => {
    const started = startPlan(clearForm(), type);
    set({
      editor: { ...started, present: { ...started.present, plan: { ...started.present.plan, folder_id: folderId } } },
      selection: { kind: 'settings' },
      errorBoxId: null,
    });
  },
  load: (detail) => set({ editor: loadPlan(clearForm(), detail), selection: { kind: 'settings' }, errorBoxId: null }),
  apply: (change) => set((store) => ({ editor: edit(store.editor, change) })),
  undo: () => set((store) => ({ editor: undo(store.editor) })),
  redo: () => set((store) => ({ editor: redo(store.editor) })),
  saved: () => set((store) => ({ editor: markSaved(store.editor), errorBoxId: null })),
  select: (selection) => set({ selection }),
  showError: (boxId) =>
    set((store) => ({
      errorBoxId: boxId,
      selection: boxId === null ? store.selection : { kind: 'box', boxId },
    })),
}));

export const selectCanUndo = (store: PlanEditorStore) => canUndo(store.editor);
export const selectCanRedo = (store: PlanEditorStore) => canRedo(store.editor);
export const selectSnapshot = (store: PlanEditorStore) => store.editor.present;
