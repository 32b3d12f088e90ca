import { describe, expect, it } from 'vitest';
import type { Folder } from '@linq/contract';
import { moveFolder, nextSortIndex } from './folder-order.ts';

const folder = (id: number, sort_index: number): Folder => ({ id, name: `F${id}`, sort_index, folder_type: 'tags' });
const writes = (changes: ReturnType<typeof moveFolder>) => changes.map(({ folder: f, sortIndex }) => [f.id, sortIndex]);

describe('moving a folder (sort_index writes)', () => {
  it('numbers a list of equal sort_index by position, writing only what changes', () => {
    // Listed by id among zeros: 1, 2, 3. Moving 3 up gives 1, 3, 2.
    const folders = [folder(1, 0), folder(2, 0), folder(3, 0)];
    expect(writes(moveFolder(folders, 3, -1))).toEqual([
      [3, 1],
      [2, 2],
    ]);
  });

  it('costs two writes once the list is numbered', () => {
    const folders = [folder(1, 0), folder(2, 1), folder(3, 2), folder(4, 3)];
    expect(writes(moveFolder(folders, 2, 1))).toEqual([
      [3, 1],
      [2, 2],
    ]);
    expect(writes(moveFolder(folders, 1, 1))).toEqual([
      [2, 0],
      [1, 1],
    ]);
  });

  it('renumbers gaps and ties so the server order (sort_index, id) is the new order', () => {
    const folders = [folder(5, 0), folder(2, 4), folder(9, 4), folder(1, 10)];
    const changes = moveFolder(folders, 1, -1);
    const next = folders
      .map((f) => ({ ...f, sort_index: changes.find((c) => c.folder.id === f.id)?.sortIndex ?? f.sort_index }))
      .sort((a, b) => a.sort_index - b.sort_index || a.id - b.id);
    expect(next.map((f) => f.id)).toEqual([5, 2, 1, 9]);
  });

  it('writes nothing when the move would leave the list or the folder is not listed', () => {
    const folders = [folder(1, 0), folder(2, 1)];
    expect(moveFolder(folders, 1, -1)).toEqual([]);
    expect(moveFolder(folders, 2, 1)).toEqual([]);
    expect(moveFolder(folders, 7, 1)).toEqual([]);
    expect(moveFolder([], 1, 1)).toEqual([]);
  });
});

describe('sort_index of a new folder', () => {
  it('comes after every loaded folder, 0 in an empty list', () => {
    expect(nextSortIndex([])).toBe(0);
    expect(nextSortIndex([folder(1, 0), folder(2, 0)])).toBe(1);
    expect(nextSortIndex([folder(1, 7), folder(2, 3)])).toBe(8);
  });
});
