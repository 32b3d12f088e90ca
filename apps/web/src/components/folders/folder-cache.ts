import { FOLDER_PAGE_SIZE, type Folder, type FolderType, type FolderWithPage } from '@linq/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { moveFolder, nextSortIndex } from './folder-order.ts';
import * as rules from './folder-state.ts';
import type { FolderChange, FolderPage, FolderState } from './folder-state.ts';

/** The four folder calls of one area (service or admin), injected so the cache can be tested without HTTP. */
export interface FolderApi {
  list(query: { folder_type: FolderType; page: number; limit: number }): Promise<FolderPage>;
  create(body: { folder_type: FolderType; name: string; sort_index: number }): Promise<FolderWithPage>;
  update(id: number, body: { name: string; sort_index: number }): Promise<Folder>;
  remove(id: number): Promise<FolderWithPage>;
}

/** Whose folders of which type: the list's endpoint path, the owner (channel id or the platform) and the type. */
export interface FolderListScope {
  path: string;
  owner: number | 'admin';
  folderType: FolderType;
}

/**
 * One folder list in the query cache, as the spec's folder state (folder-state.ts) without a selection:
 * the selection follows the address (folderView). A fetch reads page 1, which replaces the list. It is
 * the server's truth each time a screen showing it opens, so it is stale at once.
 */
export function folderListQuery(scope: FolderListScope, api: FolderApi) {
  const { folderType } = scope;
  return queryOptions({
    queryKey: [scope.path, { owner: scope.owner, folder_type: folderType }] as const,
    queryFn: async (): Promise<FolderState> =>
      rules.applyFetch(
        rules.emptyFolderState(folderType),
        await api.list({ folder_type: folderType, page: 1, limit: FOLDER_PAGE_SIZE }),
      ),
    staleTime: 0,
  });
}

/** The list as a screen shows it: folder_id in the address selects its folder; without one, none is. */
export function folderView(state: FolderState, search: string): FolderState {
  return rules.folderIdOf(search) === null ? rules.clearSelection(state) : rules.applyLocation(state, search);
}

/**
 * The changes of one folder list, each applied to the cached list through the spec's rules. The writes
 * reject with the API error so a form can show it (e.g. 422 on name).
 */
export function folderActions(queryClient: QueryClient, scope: FolderListScope, api: FolderApi) {
  const query = folderListQuery(scope, api);
  const current = () => queryClient.getQueryData(query.queryKey) ?? rules.emptyFolderState(scope.folderType);
  const write = (state: FolderState) => queryClient.setQueryData(query.queryKey, state);

  /** Fetches page 1 again (replacing the list); a load still in flight is superseded, so the newer one wins. */
  async function load(): Promise<void> {
    // The cancellation is immediate; the superseded load then resolves with this one's answer.
    void queryClient.cancelQueries({ queryKey: query.queryKey, exact: true }, { silent: true });
    await queryClient.fetchQuery(query).catch(() => undefined);
  }

  /** A create or delete answer: refetch page 1 when the rules say so, else keep the patched list. */
  async function settle(change: FolderChange): Promise<void> {
    if (change.refetch) await load();
    else write(change.state);
  }

  return {
    load,

    /** Fetches the page after the last one loaded (appended), for types with more than a page of folders. */
    async loadMore(): Promise<void> {
      const before = current();
      if (before.folders.length >= before.total) return;
      const { folderType } = scope;
      const page = before.pagination.current + 1;
      const answer = await api.list({ folder_type: folderType, page, limit: FOLDER_PAGE_SIZE }).catch(() => null);
      // A reload meanwhile replaced the list this page would extend.
      if (answer && current() === before) write(rules.applyFetch(before, answer));
    },

    async create(name: string): Promise<FolderWithPage> {
      const { folderType } = scope;
      const answer = await api.create({ folder_type: folderType, name, sort_index: nextSortIndex(current().folders) });
      await settle(rules.applyCreate(current(), answer));
      return answer;
    },

    async rename(folder: Folder, name: string): Promise<Folder> {
      const renamed = await api.update(folder.id, { name, sort_index: folder.sort_index });
      write(rules.applyEdit(current(), renamed));
      return renamed;
    },

    /** One place up (-1) or down (+1); the list is fetched again in the server's order afterwards. */
    async move(folderId: number, offset: -1 | 1): Promise<void> {
      const changes = moveFolder(current().folders, folderId, offset);
      if (changes.length === 0) return;
      try {
        const written = await Promise.all(
          changes.map(({ folder, sortIndex }) => api.update(folder.id, { name: folder.name, sort_index: sortIndex })),
        );
        write(written.reduce(rules.applyEdit, current()));
      } finally {
        // Also after a partial failure: show the order the server now has.
        await load();
      }
    },

    async remove(folder: Folder): Promise<FolderWithPage> {
      const answer = await api.remove(folder.id);
      await settle(rules.applyDelete(current(), answer));
      return answer;
    },
  };
}

export type FolderActions = ReturnType<typeof folderActions>;
