/*
 * The editor's keyboard shortcuts for its history: Ctrl/Cmd+Z undoes, Shift+Ctrl/Cmd+Z and Ctrl/Cmd+Y
 * redo. Inside a text field the browser's own undo of the typing applies instead.
 */

export type HistoryCommand = 'undo' | 'redo';

export interface ShortcutKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export function historyShortcut(event: ShortcutKey): HistoryCommand | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  return null;
}

/** Whether keys typed at `target` edit text (an input, a text area or an editable element). */
export function isTextEntry(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable;
}

/** Input types the user types text into (not choices such as checkboxes, radios or dates). */
const TYPED_INPUT_TYPES = new Set(['text', 'search', 'number', 'url', 'email', 'tel']);

/** Whether `target` is a field the user types free text into; a select's search box is not. */
function isTypedTextField(target: EventTarget): boolean {
  if (!isTextEntry(target) || !(target instanceof HTMLElement)) return false;
  if (target.getAttribute('role') === 'combobox') return false;
  if (target instanceof HTMLInputElement) return TYPED_INPUT_TYPES.has(target.type);
  return target.tagName === 'TEXTAREA' || target.isContentEditable;
}

const textFieldKeys = new WeakMap<EventTarget, string>();
let textFieldCount = 0;

/**
 * A stable key for the text field `target` when it is one (else null), so that the edits typed
 * into one field can be grouped into one undo step.
 */
export function typingFieldOf(target: EventTarget | null): string | null {
  if (target === null || !isTypedTextField(target)) return null;
  let key = textFieldKeys.get(target);
  if (key === undefined) {
    textFieldCount += 1;
    key = `field-${String(textFieldCount)}`;
    textFieldKeys.set(target, key);
  }
  return key;
}
