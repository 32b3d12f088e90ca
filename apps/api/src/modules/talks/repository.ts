import type { ChannelScope } from '../../platform/principal.ts';
import { and, asc, count, desc, eq, getTableColumns, gt, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { deliveries } from '../delivery/schema.ts';
import { recipientFailureReason, recipientStatus } from '../delivery/repository.ts';
import { friendNameContains } from '../friends/name-search-repository.ts';
import { friendConversationCounts, friends } from '../friends/schema.ts';
import { users } from '../sessions/schema.ts';
import { messages } from './schema.ts';
import { exactTime, olderThan } from '../../platform/sql.ts';
import type { TalkBefore } from './sources.ts';

/*
 * Every query takes the channel (the checked LineAccountId) and filters by it, so a
 * friend or message id of another channel finds nothing.
 */

export interface ConversationFilter {
  page: number;
  limit: number;
  name?: string | undefined;
  unreadOnly: boolean;
}

/**
 * A name search's total is counted this far past the page asked for, and no further: enough to
 * page on, without counting every one of 76,000 friends named 田 (the answer says it stopped).
 */
export const NAME_SEARCH_COUNTED_BEYOND_PAGE = 1000;

/**
 * Friends of the channel with at least one message, newest last message first. The order and
 * conditions are those of friends_channel_last_message_idx (and, unread only, of the partial
 * friends_channel_unread_idx), so the page is an index range. The total comes from the channel's
 * counters (friend_conversation_counts) without a name, else from a count bounded past the page.
 */
export async function conversations(db: Db, scope: ChannelScope, filter: ConversationFilter) {
  const inChannel = eq(friends.lineAccountId, scope.lineAccountId);
  // The name the console shows is the staff's override when set; LINE's name finds the friend too.
  const named = filter.name ? friendNameContains(filter.name) : undefined;
  // The literal 0, as the partial index's predicate says it (a parameter proves it in no generic plan).
  const unread = filter.unreadOnly ? sql`${friends.unreadCount} > 0` : undefined;
  const where = and(inChannel, isNotNull(friends.lastMessageAt), named, unread);
  const order = [sql`${friends.lastMessageAt} desc nulls last`, desc(friends.id)];
  const offset = (filter.page - 1) * filter.limit;
  // A deferred join: the page's ids first (an index-only range however deep), then their rows.
  const pageIds = db
    .select({ id: friends.id })
    .from(friends)
    .where(where)
    .orderBy(...order)
    .limit(filter.limit)
    .offset(offset);
  const [rows, total] = await Promise.all([
    db
      .select({
        ...getTableColumns(friends),
        displayName: sql<string>`coalesce(${friends.displayNameOverride}, ${friends.displayName})`,
      })
      .from(friends)
      .where(inArray(friends.id, pageIds))
      .orderBy(...order),
    named
      ? // "Has a message" tested on the rows the name's index finds, not through the last-message
        // index: the planner otherwise ANDs that index's bitmap (every conversation of the channel,
        // 300,618 at 1,000,000 friends: 15–23 ms) with the name's, twice the count's time.
        boundedCount(
          db,
          and(inChannel, sql`(${friends.lastMessageAt} is not null) is true`, named, unread),
          offset + filter.limit + NAME_SEARCH_COUNTED_BEYOND_PAGE,
        )
      : conversationCount(db, scope, filter.unreadOnly).then((n) => ({ n, lowerBound: false })),
  ]);
  return { rows, total: total.n, totalIsLowerBound: total.lowerBound };
}

/** The channel's conversations (or unread ones) from the counters the database keeps. */
async function conversationCount(db: Db, { lineAccountId }: ChannelScope, unreadOnly: boolean) {
  const [row] = await db
    .select({ conversations: friendConversationCounts.conversations, unread: friendConversationCounts.unread })
    .from(friendConversationCounts)
    .where(eq(friendConversationCounts.lineAccountId, lineAccountId));
  return (unreadOnly ? row?.unread : row?.conversations) ?? 0;
}

/** How many rows match, counting no further than `bound`: `lowerBound` when there are more. */
async function boundedCount(db: Db, where: SQL | undefined, bound: number) {
  const matching = db
    .select({ one: sql`1` })
    .from(friends)
    .where(where)
    .limit(bound + 1);
  const [row] = await db.select({ n: count() }).from(matching.as('matching'));
  const n = row?.n ?? 0;
  return n > bound ? { n: bound, lowerBound: true } : { n, lowerBound: false };
}

export async function channelFriend(db: Db, { lineAccountId }: ChannelScope, friendId: number) {
  const [row] = await db
    .select()
    .from(friends)
    .where(and(eq(friends.id, friendId), eq(friends.lineAccountId, lineAccountId)));
  return row;
}

/** Unread back to 0; false when the friend is not one of the channel. */
export async function markRead(db: Db, { lineAccountId }: ChannelScope, friendId: number): Promise<boolean> {
  const rows = await db
    .update(friends)
    .set({ unreadCount: 0, updatedAt: new Date() })
    .where(and(eq(friends.id, friendId), eq(friends.lineAccountId, lineAccountId)))
    .returning({ id: friends.id });
  return rows.length > 0;
}

const historyColumns = {
  id: messages.id,
  at: exactTime(messages.occurredAt),
  direction: messages.direction,
  type: messages.type,
  content: messages.content,
  occurredAt: messages.occurredAt,
  senderId: users.id,
  senderName: users.name,
  deliveryStatus: recipientStatus,
  failureReason: recipientFailureReason,
  waitReason: deliveries.waitReason,
  nextAttemptAt: deliveries.nextAttemptAt,
};
/** Each column's value (a left join may find none): a table column's data, or an expression's type. */
type ValueOf<C> = C extends SQL<infer T> ? T : C extends { _: { data: infer T } } ? T : never;
export type HistoryRow = {
  [K in keyof typeof historyColumns]: ValueOf<(typeof historyColumns)[K]> | null;
} & { id: number; at: string; direction: 'incoming' | 'outgoing'; type: string; occurredAt: Date };

function historyQuery(db: Db, where: SQL | undefined) {
  return db
    .select(historyColumns)
    .from(messages)
    .leftJoin(users, eq(users.id, messages.sentByUserId))
    .leftJoin(deliveries, eq(deliveries.id, messages.deliveryId))
    .where(where);
}

/** The friend's messages older than `before` (or the newest), newest first: a range of messages_friend_idx. */
export async function history(
  db: Db,
  { lineAccountId }: ChannelScope,
  friendId: number,
  before: TalkBefore | null,
  limit: number,
): Promise<HistoryRow[]> {
  const conditions: SQL[] = [eq(messages.friendId, friendId), eq(messages.lineAccountId, lineAccountId)];
  if (before) conditions.push(olderThan(messages.occurredAt, messages.id, before));
  return historyQuery(db, and(...conditions))
    .orderBy(desc(messages.occurredAt), desc(messages.id))
    .limit(limit) as Promise<HistoryRow[]>;
}

export async function historyRow(
  db: Db,
  { lineAccountId }: ChannelScope,
  messageId: number,
): Promise<HistoryRow | undefined> {
  const [row] = (await historyQuery(
    db,
    and(eq(messages.id, messageId), eq(messages.lineAccountId, lineAccountId)),
  )) as HistoryRow[];
  return row;
}

export async function insertOutgoing(
  db: Db,
  { lineAccountId }: ChannelScope,
  input: { friendId: number; type: string; content: Record<string, unknown>; userId: number | null },
): Promise<{ id: number; occurredAt: Date }> {
  const [row] = await db
    .insert(messages)
    .values({
      lineAccountId,
      friendId: input.friendId,
      direction: 'outgoing',
      type: input.type,
      content: input.content,
      sentByUserId: input.userId,
    })
    .returning({ id: messages.id, occurredAt: messages.occurredAt });
  if (!row) throw new Error('message insert returned nothing');
  return row;
}

/** A friend's message or postback, once per webhook event: the new id, or null when the event was stored before. */
export async function insertIncoming(
  db: Db,
  { lineAccountId }: ChannelScope,
  input: {
    friendId: number;
    webhookEventId: number;
    occurredAt: Date;
    type: string;
    content: Record<string, unknown>;
    lineMessageId: string | null;
  },
): Promise<number | null> {
  const [row] = await db
    .insert(messages)
    .values({
      lineAccountId,
      friendId: input.friendId,
      direction: 'incoming',
      type: input.type,
      content: input.content,
      lineMessageId: input.lineMessageId,
      webhookEventId: input.webhookEventId,
      occurredAt: input.occurredAt,
    })
    .onConflictDoNothing({ target: messages.webhookEventId })
    .returning({ id: messages.id });
  return row?.id ?? null;
}

export async function setDelivery(
  db: Db,
  { lineAccountId }: ChannelScope,
  messageId: number,
  deliveryId: number | null,
) {
  await db
    .update(messages)
    .set({ deliveryId })
    .where(and(eq(messages.id, messageId), eq(messages.lineAccountId, lineAccountId)));
}

/** The talk list's last message when this one is the newest; the unread count stays. */
export async function noteOutgoingMessage(
  db: Db,
  { lineAccountId }: ChannelScope,
  friendId: number,
  message: { type: string; text: string | null; occurredAt: Date },
) {
  const at = message.occurredAt.toISOString();
  const newest = sql`${friends.lastMessageAt} is null or ${friends.lastMessageAt} <= ${at}::timestamptz`;
  await db
    .update(friends)
    .set({
      lastMessageAt: sql`greatest(${friends.lastMessageAt}, ${at}::timestamptz)`,
      lastMessageType: sql`case when ${newest} then ${message.type} else ${friends.lastMessageType} end`,
      lastMessageText: sql`case when ${newest} then ${message.text} else ${friends.lastMessageText} end`,
      updatedAt: new Date(),
    })
    .where(and(eq(friends.id, friendId), eq(friends.lineAccountId, lineAccountId)));
}

/** One message a friend sent (incoming), for its content: null for another channel's or an outgoing one. */
export async function incomingMessage(
  db: Db,
  { lineAccountId }: ChannelScope,
  messageId: number,
): Promise<{ type: string; content: Record<string, unknown>; lineMessageId: string | null } | undefined> {
  const [row] = await db
    .select({ type: messages.type, content: messages.content, lineMessageId: messages.lineMessageId })
    .from(messages)
    .where(
      and(eq(messages.id, messageId), eq(messages.lineAccountId, lineAccountId), eq(messages.direction, 'incoming')),
    );
  return row;
}

/** A page of the channel's messages (talks) in id order, for the full export (channel-exports). */
export async function messagesPageForExport(db: Db, { lineAccountId }: ChannelScope, afterId: number, limit: number) {
  return db
    .select({
      id: messages.id,
      friendId: messages.friendId,
      direction: messages.direction,
      type: messages.type,
      content: messages.content,
      occurredAt: messages.occurredAt,
    })
    .from(messages)
    .where(and(eq(messages.lineAccountId, lineAccountId), gt(messages.id, afterId)))
    .orderBy(asc(messages.id))
    .limit(limit);
}
