import type { Folder, FolderType, FolderWithPage } from '@linq/contract';
import { FOLDER_PAGE_SIZE } from '@linq/contract';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { moveFolder, nextSortIndex } from './folder-order.ts';
import * as rules from './folder-state.ts';
import type { FolderChange, FolderPage, FolderState } from './folder-state.ts';

/** The four folder calls of one area (service or admin), injected so the store can be tested without HTTP. */
export interface FolderApi {
  list(query: { folder_type: FolderType; page: number; limit: number }): Promise<FolderPage>;
  create(body: { folder_type: FolderType; name: string; sort_index: number }): Promise<FolderWithPage>;
  update(id: number, body: { name: string; sort_index: number }): Promise<Folder>;
  remove(id: number): Promise<FolderWithPage>;
}

export type FolderLoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface FolderStore {
  /** The spec's folder list state; every change goes through the pure rules of folder-state.ts. */
  folderState: FolderState;
  status: FolderLoadStatus;
  /** Fetches page 1 (replacing the list); the selection becomes the folder matching folderId. */
  load: (folderId: number | null) => Promise<void>;
  /** Fetches the page after the last one loaded (appended), for types with more than a page of folders. */
  loadMore: () => Promise<void>;
  /** A location change: folder_id selects its folder; an address without one is "all" (no selection). */
  locate: (search: string) => void;
  /** The following reject with the API error so a form can show it (e.g. 422 on name). */
  create: (name: string) => Promise<FolderWithPage>;
  rename: (folder: Folder, name: string) => Promise<Folder>;
  /** One place up (-1) or down (+1); the list is fetched again in the server's order afterwards. */
  move: (folderId: number, offset: -1 | 1) => Promise<void>;
  remove: (folder: Folder) => Promise<FolderWithPage>;
}

export function createFolderStore(folderType: FolderType, api: FolderApi): StoreApi<FolderStore> {
  // Counts loads so that a slow, superseded answer cannot overwrite a newer one.
  let generation = 0;

  return createStore<FolderStore>()((set, get) => {
    const selectedId = () => get().folderState.selected?.id ?? null;

    async function fetchPage(page: number, folderId: number | null): Promise<void> {
      const current = ++generation;
      set({ status: 'loading' });
      try {
        const answer = await api.list({ folder_type: folderType, page, limit: FOLDER_PAGE_SIZE });
        if (current !== generation) return;
        set({ folderState: rules.applyFetch(get().folderState, answer, { folderId }), status: 'ready' });
      } catch (error) {
        if (current === generation) set({ status: 'failed' });
        throw error;
      }
    }

    /** A create or delete answer: refetch page 1 when the rules say so, else keep the patched state. */
    async function settle(change: FolderChange): Promise<void> {
      if (change.refetch) await fetchPage(1, selectedId());
      else set({ folderState: change.state });
    }

    return {
      folderState: rules.emptyFolderState(folderType),
      status: 'idle',

      load: (folderId) => fetchPage(1, folderId).catch(() => undefined),

      async loadMore() {
        const { folders, total, pagination } = get().folderState;
        if (folders.length >= total) return;
        await fetchPage(pagination.current + 1, selectedId()).catch(() => undefined);
      },

      locate(search) {
        const state = get().folderState;
        const next =
          rules.folderIdOf(search) === null ? rules.clearSelection(state) : rules.applyLocation(state, search);
        if (next !== state) set({ folderState: next });
      },

      async create(name) {
        const body = { folder_type: folderType, name, sort_index: nextSortIndex(get().folderState.folders) };
        const answer = await api.create(body);
        await settle(rules.applyCreate(get().folderState, answer));
        return answer;
      },

      async rename(folder, name) {
        const renamed = await api.update(folder.id, { name, sort_index: folder.sort_index });
        set({ folderState: rules.applyEdit(get().folderState, renamed) });
        return renamed;
      },

      async move(folderId, offset) {
        const changes = moveFolder(get().folderState.folders, folderId, offset);
        if (changes.length === 0) return;
        try {
          const written = await Promise.all(
            changes.map(({ folder, sortIndex }) => api.update(folder.id, { name: folder.name, sort_index: sortIndex })),
          );
          let state = get().folderState;
          for (const folder of written) state = rules.applyEdit(state, folder);
          set({ folderState: state });
        } finally {
          // Also after a partial failure: show the order the server now has.
          await fetchPage(1, selectedId()).catch(() => undefined);
        }
      },

      async remove(folder) {
        const answer = await api.remove(folder.id);
        await settle(rules.applyDelete(get().folderState, answer));
        return answer;
      },
    };
  });
}

/**
 * One store per area, folder type and owner (the channel in the service area), made on first use:
 * the sidebar and the screen beside it share it, and another channel starts from an empty list.
 */
const stores = new Map<string, StoreApi<FolderStore>>();

export function folderStoreFor(key: string, folderType: FolderType, api: () => FolderApi): StoreApi<FolderStore> {
  let store = stores.get(key);
  if (!store) {
    store = createFolderStore(folderType, api());
    stores.set(key, store);
  }
  return store;
}
