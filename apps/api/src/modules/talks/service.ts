import type { Conversation, OutgoingMessage, TalkHistory, TalkMessage } from '@linq/contract';
import type { z } from 'zod';
import type { conversationQuery, talkHistoryQuery } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { fieldError, forbidden, notFound } from '../../platform/errors.ts';
import type { LineMessage } from '../../platform/line.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { publishRealtime } from '../../platform/realtime.ts';
import { enqueueSend } from '../delivery/service.ts';
import { assertFetchableImages } from '../files/service.ts';
import { personalData } from '../friends/service.ts';
import * as repo from './repository.ts';

export const BLOCKED_MESSAGE = '友だちにブロックされているため送信できません';

export async function conversations(ctx: AppContext, scope: ChannelScope, query: z.output<typeof conversationQuery>) {
  const { rows, total } = await repo.conversations(ctx.database.db, scope.lineAccountId, {
    page: query.page,
    limit: query.limit,
    name: query.name,
    unreadOnly: query.un_read,
  });
  const visible = personalData.visible(scope);
  const data: Conversation[] = rows.map((f) => ({
    id: f.id,
    display_name: f.displayName,
    picture_url: visible ? f.pictureUrl : null,
    message_unreads_counts: f.unreadCount,
    last_message: f.lastMessageText,
    last_message_created_at: f.lastMessageAt?.toISOString() ?? null,
    message_type: f.lastMessageType,
    status: f.status,
  }));
  return { data, total_item_count: total, pagination: { current: query.page, pageSize: query.limit } };
}

export async function history(
  ctx: AppContext,
  scope: ChannelScope,
  query: z.output<typeof talkHistoryQuery>,
): Promise<TalkHistory> {
  const db = ctx.database.db;
  if (!(await repo.channelFriend(db, scope.lineAccountId, query.friend_id))) throw notFound('友だち');
  const rows = await repo.history(db, scope.lineAccountId, query.friend_id, {
    beforeId: query.before_id,
    limit: query.limit,
  });
  return { data: rows.slice(0, query.limit).map(toTalkMessage), has_more: rows.length > query.limit };
}

/** Opening a conversation sets its unread count to 0 (spec section 4, Talks). */
export async function markRead(ctx: AppContext, scope: ChannelScope, friendId: number) {
  if (!(await repo.markRead(ctx.database.db, scope.lineAccountId, friendId))) throw notFound('友だち');
  await publishRealtime(ctx.database, { type: 'friend.updated', lineAccountId: scope.lineAccountId, friendId });
  return { friend_id: friendId, message_unreads_counts: 0 };
}

/**
 * Sends one message from staff to one following friend: the talk row first, then the
 * delivery (its log gives the status), the talk list's last message, and the realtime event.
 */
export async function send(
  ctx: AppContext,
  scope: ChannelScope,
  input: { message: OutgoingMessage; friend_id: number },
  /** The origin uploaded files are served from (a simulated channel may use it over http). */
  consoleOrigin: string,
): Promise<TalkMessage> {
  if (!scope.permissions.send_messages) throw forbidden('メッセージを送信する権限がありません。');
  await assertFetchableImages(ctx, scope, input.message, consoleOrigin);
  const db = ctx.database.db;
  const friend = await repo.channelFriend(db, scope.lineAccountId, input.friend_id);
  if (!friend) throw notFound('友だち');
  if (friend.status !== 'following') throw fieldError('friend_id', BLOCKED_MESSAGE);

  const lineMessage: LineMessage = { ...input.message };
  const stored = await repo.insertOutgoing(db, {
    lineAccountId: scope.lineAccountId,
    friendId: friend.id,
    type: input.message.type,
    content: { ...input.message },
    userId: scope.userId,
  });
  try {
    const [deliveryId] = await enqueueSend(
      ctx,
      { lineAccountId: scope.lineAccountId },
      {
        friendIds: [friend.id],
        messages: [lineMessage],
        source: 'talk',
        sourceId: stored.id,
        sentByUserId: scope.userId,
      },
    );
    await repo.setDelivery(db, stored.id, deliveryId ?? null);
  } catch (error) {
    await repo.deleteMessage(db, stored.id);
    throw error;
  }
  await repo.noteOutgoingMessage(db, friend.id, {
    type: input.message.type,
    text: input.message.type === 'text' ? input.message.text.slice(0, 200) : null,
    occurredAt: stored.occurredAt,
  });
  await publishRealtime(ctx.database, {
    type: 'message.created',
    lineAccountId: scope.lineAccountId,
    friendId: friend.id,
    messageId: stored.id,
    direction: 'outgoing',
  });
  const row = await repo.historyRow(db, scope.lineAccountId, stored.id);
  if (!row) throw new Error('sent message vanished');
  return toTalkMessage(row);
}

function toTalkMessage(row: repo.HistoryRow): TalkMessage {
  return {
    id: row.id,
    direction: row.direction,
    type: row.type,
    content: row.content ?? {},
    occurred_at: row.occurredAt.toISOString(),
    sent_by: row.senderId !== null && row.senderName !== null ? { id: row.senderId, name: row.senderName } : null,
    delivery_status: row.direction === 'outgoing' ? row.deliveryStatus : null,
    failure_reason: row.direction === 'outgoing' ? row.failureReason : null,
  };
}
