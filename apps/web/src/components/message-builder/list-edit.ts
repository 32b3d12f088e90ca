import {
  LINE_LIMITS,
  newAction,
  newItemKey,
  type LinkUrl,
  type MessageAction,
  type MessageColumn,
  type MessageImageCarousel,
} from '@linq/contract';

/*
 * Edits of the builder's lists (columns, buttons, quick-reply items, tap areas) as pure functions
 * returning new arrays, so the editor never mutates the message it was given.
 */

/** The React key of a list item: its client key while new, its id once saved. */
export function itemKey(item: { id: number | null; form_random_id?: string }, index: number): string {
  return item.form_random_id ?? (item.id !== null ? `id-${item.id}` : `index-${index}`);
}

export function replaceItem<T>(items: readonly T[], index: number, item: T): T[] {
  return items.map((current, position) => (position === index ? item : current));
}

export function removeItem<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, position) => position !== index);
}

/** The list with the item at `index` swapped with its neighbour (`offset` -1: earlier, 1: later). */
export function moveItem<T>(items: readonly T[], index: number, offset: -1 | 1): T[] {
  const target = index + offset;
  const moved = items[index];
  const other = items[target];
  if (moved === undefined || other === undefined) return [...items];
  const next = [...items];
  next[index] = other;
  next[target] = moved;
  return next;
}

/** The list with `item` inserted right after `index`. */
export function insertAfter<T>(items: readonly T[], index: number, item: T): T[] {
  return [...items.slice(0, index + 1), item, ...items.slice(index + 1)];
}

/** A copy of an action as a new, unsaved action (its score too). */
export function copyAction<T extends MessageAction | LinkUrl>(action: T): T {
  return {
    ...action,
    id: null,
    form_random_id: newItemKey(),
    score: action.score ? { id: null, value: action.score.value } : null,
  };
}

/** A copy of a carousel column as a new column with new buttons. */
export function copyColumn(column: MessageColumn): MessageColumn {
  return {
    ...column,
    id: null,
    form_random_id: newItemKey(),
    message_actions: column.message_actions.map(copyAction),
  };
}

/** A copy of an image carousel column as a new column with new tap areas. */
export function copyImageCarousel(column: MessageImageCarousel): MessageImageCarousel {
  return { ...column, id: null, form_random_id: newItemKey(), link_urls: column.link_urls.map(copyAction) };
}

/** The carousel's number of buttons per column (LINE requires the same number in every column). */
export function columnActionCount(columns: readonly MessageColumn[]): number {
  const first = columns[0]?.message_actions.length ?? 1;
  return Math.min(Math.max(first, 1), LINE_LIMITS.columnActionsMax);
}

/** Every column with exactly `count` buttons: new empty buttons added, or the last ones removed. */
export function withActionCount(columns: readonly MessageColumn[], count: number): MessageColumn[] {
  return columns.map((column) => {
    const actions = column.message_actions;
    if (actions.length === count) return column;
    const message_actions =
      actions.length > count
        ? actions.slice(0, count)
        : [...actions, ...Array.from({ length: count - actions.length }, () => newAction())];
    return { ...column, message_actions };
  });
}
