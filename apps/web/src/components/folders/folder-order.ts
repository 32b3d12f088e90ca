import type { Folder } from '@linq/contract';

/** A folder whose sort_index must change for a new order. */
export interface SortIndexChange {
  folder: Folder;
  sortIndex: number;
}

/**
 * Moves a folder one place up (-1) or down (+1) in the listed order and answers the sort_index
 * writes that give the new order. The server orders by sort_index then id, and new or untouched
 * folders often share sort_index 0, so swapping two values is not enough: the listed folders are
 * numbered by position instead. Only folders whose number changes are written (after the first
 * move in a list of zeros, a move costs two writes). Nothing to write when the move leaves the list.
 */
export function moveFolder(folders: readonly Folder[], id: number, offset: -1 | 1): SortIndexChange[] {
  const from = folders.findIndex((folder) => folder.id === id);
  const to = from + offset;
  if (from < 0 || to < 0 || to >= folders.length) return [];
  const order = [...folders];
  [order[from], order[to]] = [order[to]!, order[from]!];
  return order.flatMap((folder, position) => (folder.sort_index === position ? [] : [{ folder, sortIndex: position }]));
}

/** The sort_index that lists a new folder after every loaded one. */
export function nextSortIndex(folders: readonly Folder[]): number {
  return folders.reduce((max, folder) => Math.max(max, folder.sort_index + 1), 0);
}
