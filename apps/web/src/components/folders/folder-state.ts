import { FOLDER_PAGE_SIZE, type Folder, type FolderType, type FolderWithPage, type Pagination } from '@linq/contract';

/**
 * The client folder list state (spec sections 3 and 4 "Folders"): the folders loaded so far,
 * the selected one, the type listed, the total count and the last page fetched. Every
 * function here is pure: it answers a new state, or the same one when nothing changes.
 */
export interface FolderState {
  folders: Folder[];
  selected: Folder | null;
  folderType: FolderType | null;
  /** folder_length: the server's total count. */
  total: number;
  pagination: Pagination;
}

/** A state change, and whether the list must be fetched again from page 1 instead. */
export interface FolderChange {
  state: FolderState;
  refetch: boolean;
}

export interface FolderPage {
  data: Folder[];
  total_item_count: number;
  pagination: Pagination;
}

export const emptyFolderState = (folderType: FolderType | null = null): FolderState => ({
  folders: [],
  selected: null,
  folderType,
  total: 0,
  pagination: { current: 1, pageSize: FOLDER_PAGE_SIZE },
});

/**
 * A fetched page. Page 1 (at the default size) replaces the list; another page, or an explicit
 * page and size, is spliced in at its offset (appended when the list is shorter). The selected
 * folder then becomes the one matching folderId.
 */
export function applyFetch(
  state: FolderState,
  page: FolderPage,
  options: { folderId?: number | null; explicit?: boolean } = {},
): FolderState {
  const { current, pageSize } = page.pagination;
  let folders: Folder[];
  if (current === 1 && !options.explicit) {
    folders = page.data;
  } else {
    const offset = (current - 1) * pageSize;
    folders =
      offset >= state.folders.length
        ? [...state.folders, ...page.data]
        : [...state.folders.slice(0, offset), ...page.data, ...state.folders.slice(offset + pageSize)];
  }
  return {
    ...state,
    folders,
    total: page.total_item_count,
    pagination: page.pagination,
    selected: findFolder(folders, options.folderId),
  };
}

/** Create: refetch when the new folder is on page 1, otherwise append it. */
export function applyCreate(state: FolderState, response: FolderWithPage): FolderChange {
  if (response.pagination.current === 1) return { state, refetch: true };
  return {
    state: { ...state, folders: [...state.folders, response.data], total: state.total + 1 },
    refetch: false,
  };
}

/** Edit: the matching folder (and the selection, when it is that folder) is replaced. */
export function applyEdit(state: FolderState, folder: Folder): FolderState {
  return {
    ...state,
    folders: state.folders.map((f) => (f.id === folder.id ? folder : f)),
    selected: state.selected?.id === folder.id ? folder : state.selected,
  };
}

/** Delete: refetch when the folder was on page 1, otherwise remove it. */
export function applyDelete(state: FolderState, response: FolderWithPage): FolderChange {
  if (response.pagination.current === 1) return { state, refetch: true };
  const id = response.data.id;
  const present = state.folders.some((f) => f.id === id);
  return {
    state: {
      ...state,
      folders: state.folders.filter((f) => f.id !== id),
      total: present ? Math.max(0, state.total - 1) : state.total,
      selected: state.selected?.id === id ? null : state.selected,
    },
    refetch: false,
  };
}

/** Selects the folder with this id; does nothing if it is already selected or there are no folders. */
export function selectById(state: FolderState, id: number): FolderState {
  if (state.folders.length === 0 || state.selected?.id === id) return state;
  return { ...state, selected: findFolder(state.folders, id) };
}

export const clearSelection = (state: FolderState): FolderState =>
  state.selected === null ? state : { ...state, selected: null };

export const setTotal = (state: FolderState, total: number): FolderState => ({ ...state, total });

/** Back to an empty list (the type listed is kept). */
export const resetFolders = (state: FolderState): FolderState => emptyFolderState(state.folderType);

/** A location change with folder_id in its query selects that folder. */
export function applyLocation(state: FolderState, search: string): FolderState {
  const id = folderIdOf(search);
  return id === null ? state : selectById(state, id);
}

/** The folder_id query parameter, when it is a positive integer. */
export function folderIdOf(search: string): number | null {
  const raw = new URLSearchParams(search).get('folder_id');
  const id = Number(raw);
  return raw !== null && Number.isInteger(id) && id > 0 ? id : null;
}

function findFolder(folders: Folder[], id: number | null | undefined): Folder | null {
  if (id === null || id === undefined) return null;
  return folders.find((f) => f.id === id) ?? null;
}
