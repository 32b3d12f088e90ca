import type { PlanDetail, PlanType } from '@linq/contract';
import { create } from 'zustand';
import type { PlanSnapshot } from './diagram.ts';
import {
  canRedo,
  canUndo,
  clearForm,
  editTyping,
  loadPlan,
  markSaved,
  redo,
  startPlan,
  undo,
  type PlanEditorState,
  type TypingEdit,
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
  /** The last edit when it was typing into a field: typing on in that field joins its undo step. */
  lastTyping: TypingEdit | null;
  /** A new plan of `type` in `folderId`: resetting creates the first box; no history. */
  begin: (type: PlanType, folderId: number | null) => void;
  /** A saved plan opened. */
  load: (detail: PlanDetail) => void;
  /**
   * One edit (a history step). `typingField` names the text field the user is typing into (see
   * typingFieldOf): typing on in the same field joins the same step.
   */
  apply: (change: (snapshot: PlanSnapshot) => PlanSnapshot, typingField?: string | null) => void;
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
  lastTyping: null,
  begin: (type, folderId) => {
    const started = startPlan(clearForm(), type);
    set({
      editor: { ...started, present: { ...started.present, plan: { ...started.present.plan, folder_id: folderId } } },
      selection: { kind: 'settings' },
      errorBoxId: null,
      lastTyping: null,
    });
  },
  load: (detail) =>
    set({
      editor: loadPlan(clearForm(), detail),
      selection: { kind: 'settings' },
      errorBoxId: null,
      lastTyping: null,
    }),
  apply: (change, typingField) =>
    set((store) => {
      const typing = typingField ? { field: typingField, at: Date.now() } : null;
      return { editor: editTyping(store.editor, change, store.lastTyping, typing), lastTyping: typing };
    }),
  undo: () => set((store) => ({ editor: undo(store.editor), lastTyping: null })),
  redo: () => set((store) => ({ editor: redo(store.editor), lastTyping: null })),
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
