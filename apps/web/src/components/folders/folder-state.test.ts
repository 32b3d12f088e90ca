import { describe, expect, it } from 'vitest';
import type { Folder } from '@linq/contract';
import {
  applyCreate,
  applyDelete,
  applyEdit,
  applyFetch,
  applyLocation,
  clearSelection,
  emptyFolderState,
  resetFolders,
  selectById,
  setTotal,
  type FolderState,
} from './folder-state.ts';

const folder = (id: number, name = `F${id}`): Folder => ({ id, name, sort_index: 0, folder_type: 'tags' });
const page = (ids: number[], current = 1, pageSize = 1000, total = ids.length) => ({
  data: ids.map((id) => folder(id)),
  total_item_count: total,
  pagination: { current, pageSize },
});
const loaded = (ids: number[], selectedId?: number): FolderState =>
  applyFetch(emptyFolderState('tags'), page(ids), { folderId: selectedId ?? null });
const idsOf = (state: FolderState) => state.folders.map((f) => f.id);

describe('folder state (spec section 4 "Folders")', () => {
  it('fetching page 1 replaces the list', () => {
    const state = applyFetch(loaded([1, 2, 3]), page([7, 8], 1, 1000, 2));
    expect(idsOf(state)).toEqual([7, 8]);
    expect(state.total).toBe(2);
    expect(state.pagination).toEqual({ current: 1, pageSize: 1000 });
  });

  it('another page is appended to the list', () => {
    const first = applyFetch(emptyFolderState('tags'), page([1, 2], 1, 2, 5));
    const second = applyFetch(first, page([3, 4], 2, 2, 5));
    expect(idsOf(second)).toEqual([1, 2, 3, 4]);
    expect(second.pagination).toEqual({ current: 2, pageSize: 2 });
  });

  it('an explicit page and size is spliced in at its offset', () => {
    const state = loaded([1, 2, 3, 4, 5]);
    expect(idsOf(applyFetch(state, page([30, 40], 2, 2, 5), { explicit: true }))).toEqual([1, 2, 30, 40, 5]);
    expect(idsOf(applyFetch(state, page([10, 20], 1, 2, 5), { explicit: true }))).toEqual([10, 20, 3, 4, 5]);
  });

  it('after a fetch the selected folder is the one matching folder_id', () => {
    const state = applyFetch(emptyFolderState('tags'), page([1, 2, 3]), { folderId: 2 });
    expect(state.selected).toEqual(folder(2));
    expect(applyFetch(state, page([1, 3]), { folderId: 2 }).selected).toBeNull();
  });

  it('create refetches when the response is page 1, otherwise appends the new folder', () => {
    const state = loaded([1, 2]);
    expect(applyCreate(state, { data: folder(9), pagination: { current: 1, pageSize: 1000 } })).toEqual({
      state,
      refetch: true,
    });
    const appended = applyCreate(state, { data: folder(9), pagination: { current: 2, pageSize: 1000 } });
    expect(appended.refetch).toBe(false);
    expect(idsOf(appended.state)).toEqual([1, 2, 9]);
    expect(appended.state.total).toBe(3);
  });

  it('edit replaces the matching folder', () => {
    const state = loaded([1, 2, 3], 2);
    const edited = applyEdit(state, folder(2, 'renamed'));
    expect(edited.folders.map((f) => f.name)).toEqual(['F1', 'renamed', 'F3']);
    expect(edited.selected?.name).toBe('renamed');
  });

  it('delete refetches when the response is page 1, otherwise removes the folder', () => {
    const state = loaded([1, 2, 3], 3);
    expect(applyDelete(state, { data: folder(2), pagination: { current: 1, pageSize: 1000 } })).toEqual({
      state,
      refetch: true,
    });
    const removed = applyDelete(state, { data: folder(3), pagination: { current: 2, pageSize: 1000 } });
    expect(removed.refetch).toBe(false);
    expect(idsOf(removed.state)).toEqual([1, 2]);
    expect(removed.state.total).toBe(2);
    expect(removed.state.selected).toBeNull();
  });

  it('selecting by id selects the folder, and does nothing if it is already selected or there are no folders', () => {
    const state = loaded([1, 2]);
    const selected = selectById(state, 2);
    expect(selected.selected).toEqual(folder(2));
    expect(selectById(selected, 2)).toBe(selected);
    const empty = emptyFolderState('tags');
    expect(selectById(empty, 1)).toBe(empty);
  });

  it('the selection can be cleared', () => {
    expect(clearSelection(loaded([1, 2], 1)).selected).toBeNull();
  });

  it('the total count can be set', () => {
    expect(setTotal(loaded([1]), 42).total).toBe(42);
  });

  it('the list can be reset to empty', () => {
    expect(resetFolders(loaded([1, 2], 1))).toEqual(emptyFolderState('tags'));
  });

  it('a location change with folder_id selects that folder', () => {
    const state = loaded([1, 2, 3]);
    expect(applyLocation(state, '?folder_id=3').selected).toEqual(folder(3));
    expect(applyLocation(state, '?page=2')).toBe(state);
  });
});
