import type { Database, Db } from '../../platform/db.ts';
import type { EventTransaction } from '../../platform/events.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { publishRealtime } from '../../platform/realtime.ts';
import { noteIncomingMessage } from '../friends/repository.ts';
import { tappedAction } from '../templates/taps.ts';
import type { IncomingMessage } from './events.ts';
import { insertIncoming } from './repository.ts';

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
 * our stored file; a postback of a template action also keeps the tapped action's label.
 */
export function incomingContent(
  event: Record<string, unknown>,
  file: StoredFile | null,
  tappedLabel: string | null = null,
): { type: string; content: Record<string, unknown>; lineMessageId: string | null; preview: string | null } {
  if (event.type === 'postback') {
    const postback = (event.postback ?? {}) as Record<string, unknown>;
    const content = tappedLabel === null ? postback : { ...postback, label: tappedLabel };
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
  database: Database,
  on: EventTransaction,
  input: { scope: ChannelScope; friendId: number; webhookEventId: number; occurredAt: Date },
  payload: Record<string, unknown>,
  file: StoredFile | null,
): Promise<void> {
  const postback = payload.type === 'postback' ? ((payload.postback ?? {}) as { data?: unknown }) : null;
  const data = typeof postback?.data === 'string' ? postback.data : null;
  // A tap on a template action of this channel: the talk shows its label.
  const tap = data === null ? undefined : await tappedAction(on.tx, input.scope, data);
  const stored = incomingContent(payload, file, tap?.label ?? null);
  const { scope, friendId, webhookEventId } = input;
  const messageId = await storeIncoming(on.tx, scope, input, stored);
  if (messageId === null) return;
  const { lineAccountId } = scope;
  on.afterCommit(() =>
    publishRealtime(database, { type: 'message.created', lineAccountId, friendId, messageId, direction: 'incoming' }),
  );
  const message: IncomingMessage = { lineAccountId, friendId, messageId, webhookEventId };
  if (postback) await on.publish('postback.tapped', { ...message, data: data ?? '', actionItemId: tap?.id ?? null });
  else await on.publish('message.received', { ...message, messageType: stored.type });
}
