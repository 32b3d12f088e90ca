import { MESSAGE_TYPES, teppanTemplatesApi, templatesApi, type MessageType } from '@linq/contract';
import type { FolderArea } from '../folders/useFolders.ts';

/**
 * What differs between the channel's templates (/service/templates) and the platform's teppan
 * templates (/admin/teppan/templates): the endpoints, the folders' area, the address and the i18n
 * section. Both screens are one implementation, like the tags and marks screens.
 */
export interface TemplateKind {
  area: FolderArea;
  // Both are built by one contract factory; the channel's add sendTest, which only the service area has.
  api: typeof teppanTemplatesApi;
  basePath: '/service/templates' | '/admin/teppan/templates';
  section: 'templates' | 'teppan';
  /** Send test and the teppan drawer exist only for a channel's templates. */
  channel: boolean;
}

export const SERVICE_TEMPLATES: TemplateKind = {
  area: 'service',
  api: templatesApi,
  basePath: '/service/templates',
  section: 'templates',
  channel: true,
};

export const TEPPAN_TEMPLATES: TemplateKind = {
  area: 'admin',
  api: teppanTemplatesApi,
  basePath: '/admin/teppan/templates',
  section: 'teppan',
  channel: false,
};

/** The :message_type of the address as a message type, or null when it names none. */
export function messageTypeOf(param: string | undefined): MessageType | null {
  return MESSAGE_TYPES.find((type) => type === param) ?? null;
}

const withFolder = (path: string, folderId: number | null | undefined) =>
  folderId ? `${path}?folder_id=${folderId}` : path;

export const listPathOf = (kind: TemplateKind, type: MessageType, folderId?: number | null) =>
  withFolder(`${kind.basePath}/${type}`, folderId);

export const createPathOf = (kind: TemplateKind, type: MessageType, folderId?: number | null) =>
  withFolder(`${kind.basePath}/${type}/create`, folderId);

export const editPathOf = (kind: TemplateKind, type: MessageType, id: number) => `${kind.basePath}/${type}/edit/${id}`;
