import { describe, expect, it } from 'vitest';
import { FOLDER_PAGE_SIZE, type Folder } from '@linq/contract';
import { QueryClient } from '@tanstack/react-query';
import { folderActions, folderListQuery, folderView, type FolderApi, type FolderListScope } from './folder-cache.ts';

/** An in-memory stand-in for the folder endpoints: server order (sort_index, id) and answer pages. */
function fakeServer(initial: Folder[] = []) {
  let folders = [...initial];
  let nextId = 5000;
  const calls: string[] = [];
  const ordered = () => [...folders].sort((a, b) => a.sort_index - b.sort_index || a.id - b.id);
  const pageOf = (id: number) => ({
    current: Math.floor(ordered().findIndex((f) => f.id === id) / FOLDER_PAGE_SIZE) + 1,
    pageSize: FOLDER_PAGE_SIZE,
  });
  const find = (id: number) => {
    const folder = folders.find((f) => f.id === id);
    if (!folder) throw new Error('404');
    return folder;
  };
  const api: FolderApi = {
    async list({ page, limit }) {
      calls.push(`list ${page}`);
      const all = ordered();
      return {
        data: all.slice((page - 1) * limit, page * limit),
        total_item_count: all.length,
        pagination: { current: page, pageSize: limit },
      };
    },
    async create(body) {
      calls.push(`create ${body.name} ${body.sort_index}`);
      const folder: Folder = { id: nextId++, ...body };
      folders.push(folder);
      return { data: folder, pagination: pageOf(folder.id) };
    },
    async update(id, body) {
      calls.push(`update ${id} ${body.name} ${body.sort_index}`);
      if (folders.some((f) => f.id !== id && f.name === body.name)) throw new Error('422 duplicate');
      const folder = { ...find(id), ...body };
      folders = folders.map((f) => (f.id === id ? folder : f));
      return folder;
    },
    async remove(id) {
      calls.push(`remove ${id}`);
      const answer = { data: find(id), pagination: pageOf(id) };
      folders = folders.filter((f) => f.id !== id);
      return answer;
    },
  };
  return { api, calls, ordered };
}

const folder = (id: number, sort_index = 0, name = `F${id}`): Folder => ({ id, name, sort_index, folder_type: 'tags' });
const idsOf = (folders: Folder[]) => folders.map((f) => f.id);
const SCOPE: FolderListScope = { path: '/service/folders', owner: 1, folderType: 'tags' };

/** A folder list in a fresh query cache, wired to an API. */
function folderList(api: FolderApi) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { queryKey } = folderListQuery(SCOPE, api);
  return {
    actions: folderActions(queryClient, SCOPE, api),
    state: () => queryClient.getQueryData(queryKey)!,
    status: () => queryClient.getQueryState(queryKey)?.status,
    /** What the sidebar shows at an address (the selection follows folder_id). */
    view: (search: string) => folderView(queryClient.getQueryData(queryKey)!, search),
  };
}

async function loadedList(initial: Folder[]) {
  const server = fakeServer(initial);
  const list = folderList(server.api);
  await list.actions.load();
  server.calls.length = 0;
  return { ...list, server };
}

describe('folder list in the query cache (the sidebar wired to the folder rules)', () => {
  it('loads page 1 of the type at the default size and selects the folder of folder_id', async () => {
    const server = fakeServer([folder(2, 1), folder(1, 0), folder(3, 1)]);
    const list = folderList(server.api);
    expect(list.status()).toBeUndefined();
    await list.actions.load();
    expect(list.status()).toBe('success');
    expect(server.calls).toEqual(['list 1']);
    const folderState = list.view('?folder_id=3');
    expect(idsOf(folderState.folders)).toEqual([1, 2, 3]);
    expect(folderState.selected?.id).toBe(3);
    expect(folderState.total).toBe(3);
  });

  it('marks a failed load, without throwing, so the sidebar can offer a retry', async () => {
    const list = folderList({ ...fakeServer().api, list: () => Promise.reject(new Error('500')) });
    await expect(list.actions.load()).resolves.toBeUndefined();
    expect(list.status()).toBe('error');
  });

  it('keeps the newer of two overlapping loads', async () => {
    const server = fakeServer([folder(1)]);
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    const list = folderList({
      ...server.api,
      async list(query) {
        const answer = await server.api.list(query);
        if (first) {
          first = false;
          await slow;
          return { ...answer, data: [] };
        }
        return answer;
      },
    });
    const older = list.actions.load();
    await list.actions.load();
    release();
    await older;
    expect(idsOf(list.state().folders)).toEqual([1]);
    expect(list.view('?folder_id=1').selected?.id).toBe(1);
  });

  it('a location change selects the folder of folder_id; without one, nothing is selected', async () => {
    const { view } = await loadedList([folder(1), folder(2)]);
    expect(view('?folder_id=2&page=3').selected?.id).toBe(2);
    const selected = view('?folder_id=2');
    expect(folderView(selected, '?folder_id=2')).toBe(selected);
    expect(view('?q=x').selected).toBeNull();
  });

  it('creates a folder after the others and refetches when it lands on page 1', async () => {
    const { actions, server, state, view } = await loadedList([folder(1, 0), folder(2, 4)]);
    const answer = await actions.create('new');
    expect(server.calls).toEqual(['create new 5', 'list 1']);
    expect(idsOf(state().folders)).toEqual([1, 2, answer.data.id]);
    expect(view('?folder_id=2').selected?.id).toBe(2);
  });

  it('appends a folder that lands on a later page, without a refetch', async () => {
    const many = Array.from({ length: FOLDER_PAGE_SIZE }, (_, index) => folder(index + 1, index));
    const { actions, server, state } = await loadedList(many);
    const answer = await actions.create('beyond');
    expect(answer.pagination.current).toBe(2);
    expect(server.calls).toEqual([`create beyond ${FOLDER_PAGE_SIZE}`]);
    expect(state().folders.at(-1)).toEqual(answer.data);
    expect(state().total).toBe(FOLDER_PAGE_SIZE + 1);
  });

  it('renames with the folder’s sort_index and replaces it in the list and the selection', async () => {
    const { actions, server, state, view } = await loadedList([folder(1), folder(2, 3)]);
    await actions.rename(state().folders[1]!, 'renamed');
    expect(server.calls).toEqual(['update 2 renamed 3']);
    expect(view('?folder_id=2').selected?.name).toBe('renamed');
    expect(state().folders.map((f) => f.name)).toEqual(['F1', 'renamed']);
  });

  it('rejects a refused rename (for the form) and keeps the list', async () => {
    const { actions, state } = await loadedList([folder(1), folder(2)]);
    const before = state();
    await expect(actions.rename(before.folders[0]!, 'F2')).rejects.toThrow('422');
    expect(state()).toBe(before);
  });

  it('moves a folder by writing sort_index values, then shows the server order', async () => {
    const { actions, server, state, view } = await loadedList([folder(1), folder(2), folder(3)]);
    await actions.move(3, -1);
    expect(server.calls).toEqual(['update 3 F3 1', 'update 2 F2 2', 'list 1']);
    expect(idsOf(state().folders)).toEqual([1, 3, 2]);
    expect(view('?folder_id=3').selected?.id).toBe(3);
    server.calls.length = 0;
    await actions.move(1, -1);
    expect(server.calls).toEqual([]);
  });

  it('deletes a folder of page 1 by refetching; the deleted selection is gone', async () => {
    const { actions, server, state, view } = await loadedList([folder(1), folder(2)]);
    await actions.remove(state().folders[1]!);
    expect(server.calls).toEqual(['remove 2', 'list 1']);
    expect(idsOf(state().folders)).toEqual([1]);
    expect(view('?folder_id=2').selected).toBeNull();
  });

  it('loads the next page, appended, while fewer than the total are loaded', async () => {
    const many = Array.from({ length: FOLDER_PAGE_SIZE + 2 }, (_, index) => folder(index + 1, index));
    const { actions, server, state } = await loadedList(many);
    expect(state().folders).toHaveLength(FOLDER_PAGE_SIZE);
    await actions.loadMore();
    expect(server.calls).toEqual(['list 2']);
    expect(state().folders).toHaveLength(FOLDER_PAGE_SIZE + 2);
    await actions.loadMore();
    expect(server.calls).toEqual(['list 2']);
  });
});
