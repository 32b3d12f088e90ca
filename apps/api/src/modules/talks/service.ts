import {
  type Conversation,
  type DeliveryWait,
  type OutgoingMessage,
  type TalkHistory,
  type TalkMessage,
  listPage,
} from '@linq/contract';
import type { z } from 'zod';
import type { conversationQuery, talkHistoryQuery } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { fieldError, forbidden, notFound } from '../../platform/errors.ts';
import type { LineMessage } from '../../platform/line.ts';
import type { Db } from '../../platform/db.ts';
import type { ChannelRequest, ChannelScope } from '../../platform/principal.ts';
import { publishRealtime } from '../../platform/realtime.ts';
import { recordSend } from '../delivery/service.ts';
import { assertFetchableImages } from '../files/service.ts';
import type { FriendRow } from '../friends/repository.ts';
import { personalData } from '../friends/service.ts';
import { storeTrackedLinks, trackedLinksFor } from '../links/service.ts';
import { channelTemplate, templateMessageFor } from '../templates/line-message.ts';
import { deliveryWait } from '../delivery/service.ts';
import { talkPage, toTalkMessage } from './history.ts';
import * as repo from './repository.ts';
import type { TalkEntry, TalkSource } from './sources.ts';

export const BLOCKED_MESSAGE = '友だちにブロックされているため送信できません';
export const SEND_FORBIDDEN_MESSAGE = 'メッセージを送信する権限がありません。';
export const TEMPLATE_NOUN = 'テンプレート';

export async function conversations(ctx: AppContext, scope: ChannelRequest, query: z.output<typeof conversationQuery>) {
  const { rows, total, totalIsLowerBound } = await repo.conversations(ctx.database.db, scope, {
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
  return { ...listPage(data, total, query), total_is_lower_bound: totalIsLowerBound };
}

export async function history(
  ctx: AppContext,
  scope: ChannelRequest,
  query: z.output<typeof talkHistoryQuery>,
): Promise<TalkHistory> {
  if (!(await repo.channelFriend(ctx.database.db, scope, query.friend_id))) throw notFound('友だち');
  return talkPage(ctx, scope, query.friend_id, query);
}

/** The talk's own source: what the friend sent and did, and what staff sent by hand. */
export const TALK_MESSAGES_SOURCE = 'talks';
export const talkMessages: TalkSource = {
  name: TALK_MESSAGES_SOURCE,
  entries: async (db, scope, friendId, before, limit) =>
    (await repo.history(db, scope, friendId, before, limit)).map(entryOf),
};

/** Opening a conversation sets its unread count to 0 (spec section 4, Talks). */
export async function markRead(ctx: AppContext, scope: ChannelRequest, friendId: number) {
  if (!(await repo.markRead(ctx.database.db, scope, friendId))) throw notFound('友だち');
  await publishRealtime(ctx.database, { type: 'friend.updated', lineAccountId: scope.lineAccountId, friendId });
  return { friend_id: friendId, message_unreads_counts: 0 };
}

/** Sending needs the send_messages capability on top of the route's feature level. */
export function requireSendMessages(scope: ChannelRequest) {
  if (!scope.permissions.send_messages) throw forbidden(SEND_FORBIDDEN_MESSAGE);
}

/**
 * Sends one message from staff to one following friend: a text or an image as given, or one of the
 * channel's templates filled in for the friend.
 */
export async function send(
  ctx: AppContext,
  scope: ChannelRequest,
  input: { message: OutgoingMessage; friend_id: number },
  /** The origin uploaded files are served from (a simulated channel may use it over http). */
  consoleOrigin: string,
): Promise<TalkMessage> {
  requireSendMessages(scope);
  const { message } = input;
  if (message.type === 'template') {
    return sendTemplate(
      ctx,
      scope,
      { templateId: message.template_id, friendId: input.friend_id, templateField: 'message.template_id' },
      consoleOrigin,
    );
  }
  const lineMessage: LineMessage = { ...message };
  await assertFetchableImages(ctx, scope, lineMessage, consoleOrigin, (path) => `message.${path}`);
  const friend = await sendableFriend(ctx, scope, input.friend_id);
  return deliver(ctx, scope, friend, lineMessage, { source: 'talk' });
}

/**
 * Sends one of the channel's templates to one following friend, its variables filled in with the
 * friend's name and info values and its web links as the friend's own tracked links (the first
 * opening adds the action's score). `templateField` names the template in a 422 (an image address
 * LINE could not fetch). Talk sends and template test sends both end in the talk history.
 */
export async function sendTemplate(
  ctx: AppContext,
  scope: ChannelRequest,
  input: { templateId: number; friendId: number; templateField: string; testSend?: boolean },
  consoleOrigin: string,
): Promise<TalkMessage> {
  requireSendMessages(scope);
  const db = ctx.database.db;
  const template = await channelTemplate(db, scope, input.templateId);
  if (!template) throw notFound(TEMPLATE_NOUN);
  const friend = await sendableFriend(ctx, scope, input.friendId);
  const links = await trackedLinksFor(db, friend, template.message, consoleOrigin);
  const lineMessage = await templateMessageFor(ctx, db, template, friend, links.uris);
  await assertFetchableImages(ctx, scope, lineMessage, consoleOrigin, () => input.templateField);
  await storeTrackedLinks(db, scope, links);
  return deliver(
    ctx,
    scope,
    friend,
    lineMessage,
    input.testSend ? { source: 'template', sourceId: template.id } : { source: 'talk' },
  );
}

/** The channel's friend, who must follow the channel to be sent anything. */
async function sendableFriend(ctx: AppContext, scope: ChannelRequest, friendId: number): Promise<FriendRow> {
  const friend = await repo.channelFriend(ctx.database.db, scope, friendId);
  if (!friend) throw notFound('友だち');
  if (friend.status !== 'following') throw fieldError('friend_id', BLOCKED_MESSAGE);
  return friend;
}

/**
 * The steps of every staff send: the talk row (its type and content are the LINE message object),
 * the delivery (its log gives the status) and the talk list's last message, in one transaction, so
 * that a failure midway sends nothing; then the jobs and the realtime event. A talk send names its
 * talk row as the delivery's source; a template test send names the template.
 */
async function deliver(
  ctx: AppContext,
  scope: ChannelRequest,
  friend: FriendRow,
  lineMessage: LineMessage,
  origin: { source: 'talk' } | { source: 'template'; sourceId: number },
): Promise<TalkMessage> {
  const db = ctx.database.db;
  const sent = await db.transaction((tx) =>
    recordTalkSend(ctx, tx, scope, friend.id, lineMessage, {
      ...origin,
      userId: scope.userId,
    }),
  );
  await announceTalkSend(ctx, scope, friend.id, sent);
  const row = await repo.historyRow(db, scope, sent.messageId);
  if (!row) throw new Error('sent message vanished');
  return toTalkMessage(entryOf(row), TALK_MESSAGES_SOURCE);
}

/** A send recorded in the talk: its talk row, and its delivery's senders to wake once committed. */
export interface TalkSend {
  messageId: number;
  wake(): void;
}

/**
 * Records one message to one friend in the talk with `db` (the caller's transaction): the talk row
 * (its type and content are the LINE message object), the delivery (its log gives the status) and
 * the talk list's last message. `source` names what sent it ('talk' names the talk row itself);
 * `userId` the staff member, null when the system sent it (a form's message after an answer).
 */
export async function recordTalkSend(
  ctx: AppContext,
  db: Db,
  scope: ChannelScope,
  friendId: number,
  lineMessage: LineMessage,
  origin: { source: string; sourceId?: number; userId: number | null },
): Promise<TalkSend> {
  const stored = await repo.insertOutgoing(db, scope, {
    friendId,
    type: lineMessage.type,
    content: { ...lineMessage },
    userId: origin.userId,
  });
  const recorded = await recordSend(ctx, db, scope, {
    friendIds: [friendId],
    messages: [lineMessage],
    source: origin.source,
    sourceId: origin.source === 'talk' ? stored.id : origin.sourceId,
    ...(origin.userId === null ? {} : { sentByUserId: origin.userId }),
  });
  await repo.setDelivery(db, scope, stored.id, recorded.ids[0] ?? null);
  await repo.noteOutgoingMessage(db, scope, friendId, {
    type: lineMessage.type,
    text: lineMessage.type === 'text' ? lineMessage.text.slice(0, 200) : null,
    occurredAt: stored.occurredAt,
  });
  return { messageId: stored.id, wake: recorded.wake };
}

/** Once a recorded talk send committed: its senders woken, and the realtime event (a failure only logged). */
export async function announceTalkSend(
  ctx: AppContext,
  scope: ChannelScope,
  friendId: number,
  sent: TalkSend,
): Promise<void> {
  // Recorded with its job: the message goes out whatever happens next.
  sent.wake();
  await publishRealtime(ctx.database, {
    type: 'message.created',
    lineAccountId: scope.lineAccountId,
    friendId,
    messageId: sent.messageId,
    direction: 'outgoing',
  }).catch((error: unknown) => {
    ctx.log.warn({ err: error, messageId: sent.messageId }, 'talk send: realtime event not published');
  });
}

function entryOf(row: repo.HistoryRow): TalkEntry {
  return {
    id: row.id,
    at: row.at,
    direction: row.direction,
    type: row.type,
    content: row.content ?? {},
    sentBy: row.senderId !== null && row.senderName !== null ? { id: row.senderId, name: row.senderName } : null,
    origin: null,
    delivery:
      row.direction === 'outgoing'
        ? { status: row.deliveryStatus, failureReason: row.failureReason, wait: deliveryWaitOf(row) }
        : null,
  };
}

/** Why a queued message has not gone out yet, and when it is tried next (null: due, sending or settled). */
function deliveryWaitOf(row: repo.HistoryRow): DeliveryWait | null {
  if (row.direction !== 'outgoing') return null;
  return deliveryWait(row.deliveryStatus, row.waitReason, row.nextAttemptAt);
}
