import { messages } from './schema.ts';
import type { Db } from '../../platform/db.ts';
import { noteIncomingMessage } from '../friends/repository.ts';

export interface StoredFile {
  file_key: string;
  content_type: string;
  size: number;
}

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
  input: { lineAccountId: number; friendId: number; webhookEventId: number; occurredAt: Date },
  stored: ReturnType<typeof incomingContent>,
): Promise<number | null> {
  const [row] = await db
    .insert(messages)
    .values({
      lineAccountId: input.lineAccountId,
      friendId: input.friendId,
      direction: 'incoming',
      type: stored.type,
      content: stored.content,
      lineMessageId: stored.lineMessageId,
      webhookEventId: input.webhookEventId,
      occurredAt: input.occurredAt,
    })
    .onConflictDoNothing({ target: messages.webhookEventId })
    .returning({ id: messages.id });
  if (!row) return null;
  await noteIncomingMessage(db, input.friendId, {
    type: stored.type,
    text: stored.preview,
    occurredAt: input.occurredAt,
  });
  return row.id;
}
