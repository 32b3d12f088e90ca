import { API_BASE_URL } from '../../../app/config.ts';

export const RICH_MENUS_PATH = '/service/rich-menu';
export const createRichMenuPath = (folderId: number | null) =>
  folderId === null ? `${RICH_MENUS_PATH}/create` : `${RICH_MENUS_PATH}/create?folder_id=${folderId}`;
export const editRichMenuPath = (id: number) => `${RICH_MENUS_PATH}/${id}/edit`;
/** A menu's image as the API serves it (the contract's address is relative to the API). */
export const richMenuImageSrc = (imageUrl: string) => `${API_BASE_URL}${imageUrl}`;
