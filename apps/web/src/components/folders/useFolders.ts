import {
  adminFoldersApi,
  allows,
  FOLDER_TYPE_FEATURE,
  serviceFoldersApi,
  type Folder,
  type FolderType,
} from '@linq/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from '../../app/api/call.ts';
import { useSelectedChannelId } from '../../app/channels/channels.ts';
import { useSession } from '../../app/session.ts';
import { folderActions, folderListQuery, type FolderApi, type FolderListScope } from './folder-cache.ts';
import { emptyFolderState } from './folder-state.ts';

/** Whose folders a screen shows: the selected channel's (service) or the platform's (admin, teppan templates). */
export type FolderArea = 'service' | 'admin';

// Both areas' endpoints are built by one contract factory, so they share one type.
type FolderEndpoints = typeof serviceFoldersApi;

/** The folder calls of one owner: a channel's go to that channel (the one its list's key names). */
function folderApiOf(endpoints: FolderEndpoints, owner: number | 'admin' | null): FolderApi {
  const options = { lineAccountId: typeof owner === 'number' ? owner : undefined };
  return {
    list: (query) => call(endpoints.list, { query }, options),
    // 422 answers are shown on the folder form by the caller; the request layer reports the rest.
    create: (body) => call(endpoints.create, { body }, options),
    update: async (id, body) => (await call(endpoints.update, { params: { id }, body }, options)).data,
    remove: (id) => call(endpoints.remove, { params: { id } }, options),
  };
}

const FOLDER_ENDPOINTS: Record<FolderArea, FolderEndpoints> = { service: serviceFoldersApi, admin: adminFoldersApi };

/**
 * The folders of one type in the current area, from the query cache, and their changes: per channel
 * in the service area (nothing is fetched while no channel is chosen, as there is no LineAccountId).
 */
export function useFolders(area: FolderArea, folderType: FolderType) {
  const lineAccountId = useSelectedChannelId();
  const queryClient = useQueryClient();
  const owner = area === 'admin' ? 'admin' : lineAccountId;
  const endpoints = FOLDER_ENDPOINTS[area];
  const api = useMemo(() => folderApiOf(endpoints, owner), [endpoints, owner]);
  const scope = useMemo<FolderListScope>(
    () => ({ path: endpoints.list.path, owner: owner ?? 0, folderType }),
    [endpoints, owner, folderType],
  );
  const list = useQuery({ ...folderListQuery(scope, api), enabled: owner !== null });
  const actions = useMemo(() => folderActions(queryClient, scope, api), [queryClient, scope, api]);
  return { list, state: list.data ?? emptyFolderState(folderType), actions };
}

/** The folders of a type, e.g. for a screen's folder column and select. */
export const useFolderList = (area: FolderArea, folderType: FolderType): Folder[] =>
  useFolders(area, folderType).state.folders;

/** Changing folders needs the edit level of the type's feature (administrators may always). */
export function useCanEditFolders(area: FolderArea, folderType: FolderType): boolean {
  const session = useSession(area);
  if (session === null) return false;
  if (session.role !== 'service') return true;
  return allows(session.permissions, { feature: FOLDER_TYPE_FEATURE[folderType], level: 'edit' });
}
