import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { LineApiError, lineClient } from '../../platform/line.ts';
import type { ChannelRequest } from '../../platform/principal.ts';
import { channelForLine } from '../line-accounts/repository.ts';
import { incomingFileKey, type StoredFile } from './incoming.ts';
import * as repo from './repository.ts';

/*
 * The picture a friend sent, for the talk screen. LINE does not give the image an address: the bot
 * downloads it from the content API (GET api-data.line.me/v2/bot/message/{messageId}/content). The
 * webhook processing keeps that copy in the file storage; a message whose copy is missing (stored
 * before, or a storage that lost it) is fetched from LINE now, while LINE still keeps it, and kept.
 */

/** The picture types a browser shows; anything else LINE answers is not served as an image. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const PICTURE = '画像';

export async function messageContent(
  ctx: AppContext,
  scope: ChannelRequest,
  messageId: number,
): Promise<{ bytes: Buffer; contentType: string }> {
  const message = await repo.incomingMessage(ctx.database.db, scope, messageId);
  if (message?.type !== 'image' || !message.lineMessageId) throw notFound(PICTURE);
  const stored = storedFileOf(message.content);
  const key = stored?.file_key ?? incomingFileKey(scope.lineAccountId, message.lineMessageId);
  const kept = await ctx.files.get(key);
  const content = kept
    ? { bytes: kept, contentType: stored?.content_type ?? '' }
    : await fetchFromLine(ctx, scope, message.lineMessageId, key);
  const contentType = content.contentType.split(';')[0]!.trim().toLowerCase();
  if (!IMAGE_TYPES.has(contentType)) throw notFound(PICTURE);
  return { bytes: content.bytes, contentType };
}

function storedFileOf(content: Record<string, unknown>): StoredFile | null {
  const file = content.file as Partial<StoredFile> | undefined;
  return typeof file?.file_key === 'string' && typeof file.content_type === 'string' ? (file as StoredFile) : null;
}

/** LINE's copy, kept under `key` for the next view; LINE's 404 (expired or unknown) is ours. */
async function fetchFromLine(ctx: AppContext, scope: ChannelRequest, lineMessageId: string, key: string) {
  const channel = await channelForLine(ctx.database.db, scope);
  if (!channel?.channelAccessTokenSealed) throw notFound(PICTURE);
  const client = lineClient(ctx.lineEndpoints(channel.simulated), ctx.secrets.open(channel.channelAccessTokenSealed));
  try {
    const content = await client.messageContent(lineMessageId);
    await ctx.files.put(key, content.bytes);
    return content;
  } catch (error) {
    // LINE keeps content for a limited time: an expired or unknown one is simply not there.
    if (error instanceof LineApiError && error.status >= 400 && error.status < 500) throw notFound(PICTURE);
    throw error;
  }
}
