import { allows, IMAGE_DIMENSIONS_MESSAGE, infoFieldsApi, type MessageType, type TemplateDetail } from '@linq/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call, uploadFile } from '../../app/api/call.ts';
import { isApiError } from '../../app/api/errors.ts';
import { endpointQuery, invalidateEndpoints, markEndpointsStale, queryClient } from '../../app/api/queries.ts';
import { useSelectedChannelId } from '../../app/channels/channels.ts';
import { useSession } from '../../app/session.ts';
import type { InfoField, UploadedBuilderImage } from '../message-builder/index.ts';
import { imageFileProblem } from '../image-upload.ts';
import type { TemplateKind } from './template-kind.ts';

export interface TemplateListFilter {
  message_type?: MessageType;
  page: number;
  limit: number;
  name?: string;
  folder_id?: number;
}

/** Whose templates a screen shows: the selected channel's (null until one is chosen) or the platform's. */
function useOwner(kind: TemplateKind): number | 'admin' | null {
  const lineAccountId = useSelectedChannelId();
  return kind.area === 'admin' ? 'admin' : lineAccountId;
}

/**
 * The list key starts with the endpoint path (invalidateEndpoints reaches it after a copy or a save)
 * and names the owner.
 */
const templateListQuery = (kind: TemplateKind, owner: number | 'admin', query: TemplateListFilter) =>
  queryOptions({
    queryKey: [kind.api.list.path, { owner, ...query }],
    queryFn: ({ signal }) =>
      call(kind.api.list, { query }, { lineAccountId: owner === 'admin' ? undefined : owner, signal }),
  });

/** One page of templates; nothing is fetched until a channel is chosen. */
export function useTemplateList(kind: TemplateKind, filter: TemplateListFilter) {
  const owner = useOwner(kind);
  return useQuery({
    ...templateListQuery(kind, owner ?? 0, filter),
    enabled: owner !== null,
    placeholderData: keepPreviousData,
  });
}

/** One template as its editor reads it; a save sets it to the server's answer. */
export const templateDetailQuery = (kind: TemplateKind, id: number) =>
  endpointQuery(kind.api.get, { params: { id } }, { handles: [404] });

export interface TemplatePermissions {
  /** Create, edit, copy and delete. */
  canEdit: boolean;
  /** Send a test to one friend (channel templates, with the send_messages capability). */
  canSendTest: boolean;
  /** Info field variables ({{info:<id>}}) need the friends' info fields, which need friends 'view'. */
  canReadInfoFields: boolean;
}

/** What the user may do with the templates of this kind; administrators may do everything there is. */
export function useTemplatePermissions(kind: TemplateKind): TemplatePermissions {
  const session = useSession(kind.area);
  if (session === null) return { canEdit: false, canSendTest: false, canReadInfoFields: false };
  if (session.role !== 'service') return { canEdit: true, canSendTest: false, canReadInfoFields: false };
  const { permissions } = session;
  return {
    canEdit: allows(permissions, { feature: 'templates', level: 'edit' }),
    canSendTest: kind.channel && permissions.send_messages,
    canReadInfoFields: allows(permissions, { feature: 'friends', level: 'view' }),
  };
}

/** The channel's friend info fields offered as variables; none for teppan templates or without access. */
export function useInfoFieldOptions(kind: TemplateKind): InfoField[] {
  const { canReadInfoFields } = useTemplatePermissions(kind);
  const owner = useOwner(kind);
  const fields = useQuery({
    ...endpointQuery(infoFieldsApi.list, {}),
    enabled: kind.area === 'service' && canReadInfoFields && owner !== null,
  });
  // The same list between renders, so the builder does not redo its work on every keystroke.
  return useMemo(() => (fields.data?.data ?? []).map(({ id, name }) => ({ id, name })), [fields.data]);
}

/** After a write: lists reload, and the saved answer is what the editor of that template shows. */
export async function templatesChanged(kind: TemplateKind, saved?: TemplateDetail): Promise<void> {
  if (saved) queryClient.setQueryData(templateDetailQuery(kind, saved.plan.id).queryKey, saved);
  else await markEndpointsStale(kind.api.get);
  await invalidateEndpoints(kind.api.list);
}

/** Copies a template within its owner (the copy keeps the original's folder). */
export async function copyTemplate(kind: TemplateKind, id: number): Promise<TemplateDetail> {
  const copy = await call(kind.api.copy, { params: { id }, body: {} });
  await templatesChanged(kind, copy);
  return copy;
}

export async function removeTemplate(kind: TemplateKind, id: number): Promise<void> {
  await call(kind.api.remove, { params: { id } });
  await templatesChanged(kind);
}

/** An image's size in pixels, read in the browser (the builder's tap areas are in image pixels). */
async function naturalSize(file: File): Promise<{ width: number; height: number }> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return { width: image.naturalWidth, height: image.naturalHeight };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** A file the upload refuses; the message says why (the browser's check or the server's). */
class ImageRefusedError extends Error {
  override readonly name = 'ImageRefusedError';
}

/** The server's own message of a refused upload (422 field message or 413 text). */
function refusal(error: unknown): unknown {
  if (!isApiError(error) || ![413, 422].includes(error.status)) return error;
  const first = error.fieldErrors ? Object.values(error.fieldErrors)[0]?.description : undefined;
  return new ImageRefusedError(first ?? error.message);
}

/**
 * Uploads one image for a template (multipart/form-data, field "file") and answers its public
 * address and size. Rejects with ImageRefusedError when the file is refused.
 */
export async function uploadTemplateImage(kind: TemplateKind, file: File): Promise<UploadedBuilderImage> {
  const problem = imageFileProblem(file);
  if (problem) throw new ImageRefusedError(problem);
  const size = await naturalSize(file).catch(() => {
    throw new ImageRefusedError(IMAGE_DIMENSIONS_MESSAGE);
  });
  // Refusals are shown by the builder; the request layer reports the rest.
  const { data } = await uploadFile(kind.api.uploadImage, {}, file, { handles: [413, 422] }).catch((error: unknown) => {
    throw refusal(error);
  });
  return { url: data.originalContentUrl, ...size };
}
