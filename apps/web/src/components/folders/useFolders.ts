import {
  adminFoldersApi,
  allows,
  FOLDER_TYPE_FEATURE,
  serviceFoldersApi,
  type Folder,
  type FolderType,
} from '@linq/contract';
import { useStore } from 'zustand';
import { call } from '../../app/api/call.ts';
import { useSelectedChannelId } from '../../app/channels/channels.ts';
import { useSession } from '../../app/session.ts';
import { folderStoreFor, type FolderApi, type FolderStore } from './folder-store.ts';

/** Whose folders a screen shows: the selected channel's (service) or the platform's (admin, teppan templates). */
export type FolderArea = 'service' | 'admin';

// Both areas' endpoints are built by one contract factory, so they share one type.
type FolderEndpoints = typeof serviceFoldersApi;
const FOLDER_ENDPOINTS: Record<FolderArea, FolderEndpoints> = { service: serviceFoldersApi, admin: adminFoldersApi };

function folderApiOf(endpoints: FolderEndpoints): FolderApi {
  return {
    list: (query) => call(endpoints.list, { query }),
    // 422 answers are shown on the folder form by the caller; the request layer reports the rest.
    create: async (body) => call(endpoints.create, { body }),
    update: async (id, body) => (await call(endpoints.update, { params: { id }, body })).data,
    remove: (id) => call(endpoints.remove, { params: { id } }),
  };
}

/**
 * The folder store of one folder type in the current area: per channel in the service area (null
 * while no channel is chosen yet, so nothing is fetched without a LineAccountId).
 */
export function useFolderStore(area: FolderArea, folderType: FolderType) {
  const lineAccountId = useSelectedChannelId();
  const owner = area === 'admin' ? 'admin' : lineAccountId;
  const store = folderStoreFor(`${area}:${owner ?? 'none'}:${folderType}`, folderType, () =>
    folderApiOf(FOLDER_ENDPOINTS[area]),
  );
  return { store, ready: owner !== null };
}

/** Reads the folder store of a type, e.g. the folders for a screen's folder column and select. */
export function useFolderState<T>(area: FolderArea, folderType: FolderType, selector: (store: FolderStore) => T): T {
  return useStore(useFolderStore(area, folderType).store, selector);
}

export const useFolderList = (area: FolderArea, folderType: FolderType): Folder[] =>
  useFolderState(area, folderType, (store) => store.folderState.folders);

/** Changing folders needs the edit level of the type's feature (administrators may always). */
export function useCanEditFolders(area: FolderArea, folderType: FolderType): boolean {
  const session = useSession(area);
  if (session === null) return false;
  if (session.role !== 'service') return true;
  return allows(session.permissions, { feature: FOLDER_TYPE_FEATURE[folderType], level: 'edit' });
}
