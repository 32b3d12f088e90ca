import { parseActionPostbackData, type TappedItem } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import type { EventTransaction } from '../../platform/events.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { publishRealtime } from '../../platform/realtime.ts';
import { noteIncomingMessage } from '../friends/repository.ts';
import type { IncomingMessage } from './events.ts';
import { insertIncoming } from './repository.ts';
import { TAP_DESCRIBERS } from './sources.ts';

export interface StoredFile {
  file_key: string;
  content_type: string;
  size: number;
}

/** Where the content of a friend's message (image, video, audio, file) is kept in the file storage. */
export const incomingFileKey = (lineAccountId: number, lineMessageId: string) =>
  `line-accounts/${lineAccountId}/messages/${lineMessageId}`;

/**
 * The talk-history form of what a friend sent: LINE's message object without ids and tokens, plus
 * our stored file; a postback also keeps what the friend tapped as they saw it (its label, and the
 * message it was under) when a describer knows it, so it still reads so once that message is gone.
 */
export function incomingContent(
  event: Record<string, unknown>,
  file: StoredFile | null,
  tapped: TappedItem | null = null,
): { type: string; content: Record<string, unknown>; lineMessageId: string | null; preview: string | null } {
  if (event.type === 'postback') {
    const postback = (event.postback ?? {}) as Record<string, unknown>;
    const content = tapped === null ? postback : { ...postback, ...tapped };
    return { type: 'postback', content, lineMessageId: null, preview: null };
  }
  const message = (event.message ?? {}) as Record<string, unknown>;
  const { id, quoteToken: _quoteToken, markAsReadToken: _markAsReadToken, ...rest } = message;
  const type = typeof rest.type === 'string' ? rest.type : 'unknown';
  return {
    type,
    content: { ...rest, ...(file ? { file } : {}) },
    lineMessageId: typeof id === 'string' ? id : null,
    preview: type === 'text' && typeof rest.text === 'string' ? rest.text.slice(0, 200) : null,
  };
}

/**
 * Stores a message or postback of a friend once per webhook event, and counts it as
 * unread. Returns the new message id, or null when the event was stored before.
 */
export async function storeIncoming(
  db: Db,
  scope: ChannelScope,
  input: { friendId: number; webhookEventId: number; occurredAt: Date },
  stored: ReturnType<typeof incomingContent>,
): Promise<number | null> {
  const id = await insertIncoming(db, scope, { ...input, ...stored });
  if (id === null) return null;
  await noteIncomingMessage(db, scope, input.friendId, {
    type: stored.type,
    text: stored.preview,
    occurredAt: input.occurredAt,
  });
  return id;
}

/**
 * A friend's message or postback from a stored webhook event: kept in the talk once per event, then
 * `message.received` or `postback.tapped` is published in the transaction (nothing for an event
 * stored before, so a redelivery reaches no subscriber twice).
 */
export async function receiveIncoming(
  ctx: AppContext,
  on: EventTransaction,
  input: { scope: ChannelScope; friendId: number; webhookEventId: number; occurredAt: Date },
  payload: Record<string, unknown>,
  file: StoredFile | null,
): Promise<void> {
  const { database } = ctx;
  const postback = payload.type === 'postback' ? ((payload.postback ?? {}) as { data?: unknown }) : null;
  const data = typeof postback?.data === 'string' ? postback.data : null;
  const tap = data === null ? null : await describeTap(ctx, on.tx, input.scope, input.friendId, data);
  const stored = incomingContent(payload, file, tap);
  const { scope, friendId, webhookEventId } = input;
  const messageId = await storeIncoming(on.tx, scope, input, stored);
  if (messageId === null) return;
  const { lineAccountId } = scope;
  on.afterCommit(() =>
    publishRealtime(database, { type: 'message.created', lineAccountId, friendId, messageId, direction: 'incoming' }),
  );
  const message: IncomingMessage = { lineAccountId, friendId, messageId, webhookEventId };
  if (postback) {
    const actionItemId = data === null ? null : parseActionPostbackData(data);
    await on.publish('postback.tapped', { ...message, data: data ?? '', actionItemId });
  } else await on.publish('message.received', { ...message, messageType: stored.type });
}

/** What the tapped data names, as the first describer that knows it says (templates, plan boxes, …). */
async function describeTap(
  ctx: AppContext,
  db: Db,
  scope: ChannelScope,
  friendId: number,
  data: string,
): Promise<TappedItem | null> {
  for (const describer of ctx.registries.all(TAP_DESCRIBERS)) {
    const tapped = await describer.describe(db, scope, friendId, data);
    if (tapped) return tapped;
  }
  return null;
}
