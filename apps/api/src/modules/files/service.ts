import { randomBytes } from 'node:crypto';
import {
  HTTPS_URL_MESSAGE,
  IMAGE_DIMENSIONS_MESSAGE,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  IMAGE_UPLOAD_MAX_BYTES,
  PUBLIC_FILES_PATH,
  type UploadedImage,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { AppError, fieldError, forbidden } from '../../platform/errors.ts';
import type { ChannelRequest } from '../../platform/principal.ts';
import { CONTENT_TYPES, EXTENSIONS, hasSaneDimensions, imageTypeOf, readImageHeader } from './image-header.ts';
import * as repo from './repository.ts';

/** The upload's field, named in 422 answers. */
export const FILE_FIELD = 'file';
/** 24 random bytes (192 bits) as hex: the name is the only thing that guards a public file. */
const PUBLIC_NAME = /^[0-9a-f]{48}\.(png|jpg)$/;
/** Public files live in their own namespace of the storage, apart from the images friends sent. */
const storageKey = (name: string) => `public/images/${name}`;

export const tooLarge = () => new AppError('payload_too_large', IMAGE_TOO_LARGE_MESSAGE);

/**
 * Stores one image for an image message and answers its public addresses. Only staff who may send
 * messages upload here (the file exists to be sent).
 */
export async function uploadImage(
  ctx: AppContext,
  scope: ChannelRequest,
  bytes: Buffer,
  consoleOrigin: string,
): Promise<UploadedImage> {
  if (!scope.permissions.send_messages) throw forbidden('メッセージを送信する権限がありません。');
  return storeImage(ctx, bytes, consoleOrigin);
}

/**
 * Stores one uploaded JPEG or PNG as a public file and answers its addresses (the caller checked
 * who may upload). The bytes decide the type, never the declared one.
 */
export async function storeImage(ctx: AppContext, bytes: Buffer, consoleOrigin: string): Promise<UploadedImage> {
  if (bytes.length > IMAGE_UPLOAD_MAX_BYTES) throw tooLarge();
  const type = imageTypeOf(bytes);
  if (!type) throw fieldError(FILE_FIELD, IMAGE_TYPE_MESSAGE);
  const header = readImageHeader(bytes);
  if (!header || header.type !== type || !hasSaneDimensions(header)) {
    throw fieldError(FILE_FIELD, IMAGE_DIMENSIONS_MESSAGE);
  }
  const name = `${randomBytes(24).toString('hex')}.${EXTENSIONS[type]}`;
  await ctx.files.put(storageKey(name), bytes);
  // LINE shows the preview from its own URL; the same file serves both (see the report on previews).
  const url = `${consoleOrigin}${PUBLIC_FILES_PATH}/${name}`;
  return { originalContentUrl: url, previewImageUrl: url };
}

/** A public file by its name, with its content type; null for a name we never hand out or a missing file. */
export async function readPublicFile(
  ctx: AppContext,
  name: string,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  const match = PUBLIC_NAME.exec(name);
  if (!match) return null;
  const bytes = await ctx.files.get(storageKey(name));
  if (!bytes) return null;
  return { bytes, contentType: match[1] === 'png' ? CONTENT_TYPES.png : CONTENT_TYPES.jpeg };
}

/**
 * Why LINE could not fetch this image address, or null when it can. LINE fetches https only; a
 * channel bound to the LINE simulator (demo) may also use the console's own http origin, since a
 * demo console runs on http://localhost and the simulator fetches from there.
 */
export function imageUrlProblem(url: string, channel: { simulated: boolean; consoleOrigin: string }): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return HTTPS_URL_MESSAGE;
  }
  if (parsed.protocol === 'https:') return null;
  if (channel.simulated && parsed.protocol === 'http:' && parsed.origin === new URL(channel.consoleOrigin).origin) {
    return null;
  }
  return HTTPS_URL_MESSAGE;
}

/** Keys of LINE message objects whose value is an address LINE fetches (image, template and Flex parts). */
const FETCHED_URL_KEYS = new Set(['originalContentUrl', 'previewImageUrl', 'thumbnailImageUrl', 'imageUrl', 'url']);

/** Every address LINE fetches in a message object, with its dotted path in the object. */
export function fetchedUrlsOf(value: unknown, path: (string | number)[] = []): { path: string; url: string }[] {
  if (Array.isArray(value)) return value.flatMap((item: unknown, index) => fetchedUrlsOf(item, [...path, index]));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) =>
    FETCHED_URL_KEYS.has(key) && typeof item === 'string'
      ? [{ path: [...path, key].join('.'), url: item }]
      : fetchedUrlsOf(item, [...path, key]),
  );
}

/**
 * The https rule of the addresses LINE fetches, per channel (the contract accepts http(s), since it
 * cannot know the channel). Throws a 422 on the field `fieldOf` names for the offending address.
 */
export async function assertFetchableImages(
  ctx: AppContext,
  scope: ChannelRequest,
  message: object,
  consoleOrigin: string,
  fieldOf: (path: string) => string,
): Promise<void> {
  const addresses = fetchedUrlsOf(message);
  if (addresses.length === 0) return;
  const simulated = await repo.channelIsSimulated(ctx.database.db, scope);
  for (const { path, url } of addresses) {
    const problem = imageUrlProblem(url, { simulated, consoleOrigin });
    if (problem) throw fieldError(fieldOf(path), problem);
  }
}
