import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { friends } from '../../platform/schema.ts';

export interface ProfileValues {
  displayName: string;
  pictureUrl: string | null;
  statusMessage: string | null;
  language: string | null;
}

export type FriendRow = typeof friends.$inferSelect;

/** The friend of this channel with this LINE user id, created (with the profile, when known) if new. */
export async function ensureFriend(
  db: Db,
  lineAccountId: number,
  lineUserId: string,
  profile: ProfileValues | null,
): Promise<FriendRow> {
  const [row] = await db
    .insert(friends)
    .values({ lineAccountId, lineUserId, ...(profile ?? {}) })
    .onConflictDoUpdate({
      target: [friends.lineAccountId, friends.lineUserId],
      // A fresh profile replaces the stored one; without one the row is left as it is.
      set: profile ? { ...profile, updatedAt: new Date() } : { lineUserId: sql`excluded.line_user_id` },
    })
    .returning();
  if (!row) throw new Error('friend upsert returned nothing');
  return row;
}

/**
 * Follow or block as of LINE's event time. An event older than the one that set the
 * current state changes nothing, so out-of-order delivery ends in the right state.
 */
export async function setFollowState(db: Db, friendId: number, following: boolean, eventAt: number) {
  const at = new Date(eventAt);
  await db
    .update(friends)
    .set(
      following
        ? { status: 'following', followedAt: at, blockedAt: null, statusEventAt: eventAt, updatedAt: new Date() }
        : { status: 'blocked', blockedAt: at, statusEventAt: eventAt, updatedAt: new Date() },
    )
    .where(and(eq(friends.id, friendId), sql`${friends.statusEventAt} < ${eventAt}`));
}

/** One more unread message, and the talk list's last message when this one is the newest. */
export async function noteIncomingMessage(
  db: Db,
  friendId: number,
  message: { type: string; text: string | null; occurredAt: Date },
) {
  await db
    .update(friends)
    .set({
      unreadCount: sql`${friends.unreadCount} + 1`,
      lastMessageAt: sql`greatest(${friends.lastMessageAt}, ${message.occurredAt.toISOString()}::timestamptz)`,
      lastMessageType: sql`case when ${friends.lastMessageAt} is null or ${friends.lastMessageAt} <= ${message.occurredAt.toISOString()}::timestamptz then ${message.type} else ${friends.lastMessageType} end`,
      lastMessageText: sql`case when ${friends.lastMessageAt} is null or ${friends.lastMessageAt} <= ${message.occurredAt.toISOString()}::timestamptz then ${message.text} else ${friends.lastMessageText} end`,
      updatedAt: new Date(),
    })
    .where(eq(friends.id, friendId));
}

export async function followCounts(db: Db, lineAccountId: number) {
  const rows = await db
    .select({ status: friends.status, n: count() })
    .from(friends)
    .where(eq(friends.lineAccountId, lineAccountId))
    .groupBy(friends.status);
  const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { following: of('following'), blocked: of('blocked') };
}
