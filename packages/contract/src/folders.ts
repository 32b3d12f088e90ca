import { z } from 'zod';
import { dataOf, sortIndexInput, idParams, listOf, pagination, requiredText } from './common.ts';
import { endpoint, platformAdmin, sessionOf } from './http.ts';
import type { Feature } from './permissions.ts';

/** Every kind of thing kept in folders. */
export const FOLDER_TYPES = [
  'tags',
  'marks',
  'templates',
  'plans',
  'forms',
  'inflows',
  'rich_menus',
  'conversions',
] as const;
export type FolderType = (typeof FOLDER_TYPES)[number];
export const folderType = z.enum(FOLDER_TYPES);

/** The staff-authority feature that governs a folder type (view to list, edit to change). */
export const FOLDER_TYPE_FEATURE: Record<FolderType, Feature> = {
  tags: 'tags',
  marks: 'marks',
  templates: 'templates',
  plans: 'plans',
  forms: 'forms',
  inflows: 'inflows',
  rich_menus: 'rich_menus',
  conversions: 'conversions',
};

/** Default folder list page size (spec section 9). */
export const FOLDER_PAGE_SIZE = 1000;
export const FOLDER_NAME_MAX = 100;

export const folder = z.object({
  id: z.number().int(),
  name: z.string(),
  sort_index: z.number().int(),
  folder_type: folderType,
});
export type Folder = z.infer<typeof folder>;

export const folderUpdateInput = z.object({ name: requiredText(FOLDER_NAME_MAX), sort_index: sortIndexInput });
export type FolderUpdateInput = z.input<typeof folderUpdateInput>;
export const folderCreateInput = folderUpdateInput.extend({ folder_type: folderType });
export type FolderCreateInput = z.input<typeof folderCreateInput>;

export const folderListQuery = z.object({
  folder_type: folderType,
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(FOLDER_PAGE_SIZE).default(FOLDER_PAGE_SIZE),
});
export type FolderListQuery = z.input<typeof folderListQuery>;

/** A folder and the page (of the default size) it is, or was, listed on. */
export const folderWithPage = z.object({ data: folder, pagination });
export type FolderWithPage = z.infer<typeof folderWithPage>;

function folderEndpoints<const Base extends string>(base: Base, role: 'service' | 'admin', who: string) {
  // Admin folders hold the platform's teppan templates: platform admins only.
  const access = role === 'service' ? sessionOf(role) : platformAdmin;
  const edit = {
    permission:
      role === 'service'
        ? ({ folderTypeLevel: 'edit' } as const)
        : { none: 'platform administrators keep the teppan folders' },
  };
  return {
    list: endpoint({
      method: 'GET',
      path: base,
      summary: `${who} folders of one type, by sort_index then id`,
      access,
      ...(role === 'service' ? { permission: { folderTypeLevel: 'view' } as const } : {}),
      query: folderListQuery,
      response: listOf(folder),
    }),
    create: endpoint({
      method: 'POST',
      path: base,
      summary: `Create a ${who.toLowerCase()} folder; answers the page it lands on`,
      access,
      ...edit,
      body: folderCreateInput,
      response: folderWithPage,
      successStatus: 201,
    }),
    update: endpoint({
      method: 'PUT',
      path: `${base}/:id`,
      summary: `Rename or reorder a ${who.toLowerCase()} folder`,
      access,
      ...edit,
      params: idParams,
      body: folderUpdateInput,
      response: dataOf(folder),
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `${base}/:id`,
      summary: `Delete a ${who.toLowerCase()} folder; answers it and the page it was on`,
      access,
      ...edit,
      params: idParams,
      response: folderWithPage,
    }),
  };
}

/** Channel folders (LineAccountId header); the folder type's feature decides who may call. */
export const serviceFoldersApi = folderEndpoints('/service/folders', 'service', 'Channel');
/** Platform-wide folders of the administrators (teppan templates). */
export const adminFoldersApi = folderEndpoints('/admin/folders', 'admin', 'Admin');
