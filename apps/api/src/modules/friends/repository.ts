import type { AccountScope, ChannelScope, OemScope } from '../../platform/principal.ts';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { friendInfoFields, friendInfoValues, friends, friendStatusCounts } from './schema.ts';
import { channelIdsOfOem } from '../line-accounts/repository.ts';
import { friendMarks, friendTags, marks, tags } from '../labels/schema.ts';
import { accounts } from '../tenants/schema.ts';
import { lineAccounts } from '../line-accounts/schema.ts';

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
  { lineAccountId }: ChannelScope,
  lineUserId: string,
  profile: ProfileValues | null,
): Promise<FriendRow> {
  const [row] = await db
    .insert(friends)
    .values({ lineAccountId, lineUserId, ...(profile ? { ...profile, profileFetchedAt: new Date() } : {}) })
    .onConflictDoUpdate({
      target: [friends.lineAccountId, friends.lineUserId],
      // A fresh profile replaces the stored one; without one the row is left as it is.
      set: profile
        ? { ...profile, profileFetchedAt: new Date(), updatedAt: new Date() }
        : { lineUserId: sql`excluded.line_user_id` },
    })
    .returning();
  if (!row) throw new Error('friend upsert returned nothing');
  return row;
}

/** When the channel's friend with this LINE user id last had its profile read (null: never); undefined: no such friend. */
export async function profileFetchedAt(
  db: Db,
  { lineAccountId }: ChannelScope,
  lineUserId: string,
): Promise<Date | null | undefined> {
  const [row] = await db
    .select({ at: friends.profileFetchedAt })
    .from(friends)
    .where(and(eq(friends.lineAccountId, lineAccountId), eq(friends.lineUserId, lineUserId)));
  return row ? row.at : undefined;
}

/**
 * Follow or block as of LINE's event time. An event older than the one that set the
 * current state changes nothing, so out-of-order delivery ends in the right state.
 * Answers whether it changed the state.
 */
export async function setFollowState(
  db: Db,
  { lineAccountId }: ChannelScope,
  friendId: number,
  following: boolean,
  eventAt: number,
): Promise<boolean> {
  const at = new Date(eventAt);
  const rows = await db
    .update(friends)
    .set(
      following
        ? { status: 'following', followedAt: at, blockedAt: null, statusEventAt: eventAt, updatedAt: new Date() }
        : { status: 'blocked', blockedAt: at, statusEventAt: eventAt, updatedAt: new Date() },
    )
    .where(
      and(
        eq(friends.id, friendId),
        eq(friends.lineAccountId, lineAccountId),
        sql`${friends.statusEventAt} < ${eventAt}`,
      ),
    )
    .returning({ id: friends.id });
  return rows.length > 0;
}

/** One more unread message, and the talk list's last message when this one is the newest. */
export async function noteIncomingMessage(
  db: Db,
  { lineAccountId }: ChannelScope,
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
    .where(and(eq(friends.id, friendId), eq(friends.lineAccountId, lineAccountId)));
}

/** Adds a tap's points to the friend's score (negative points subtract), kept within the column's range. */
export async function addScore(db: Db, { lineAccountId }: ChannelScope, friendId: number, points: number) {
  await db
    .update(friends)
    .set({
      score: sql`least(greatest(${friends.score}::bigint + ${points}, -2147483648), 2147483647)::int`,
      updatedAt: new Date(),
    })
    .where(and(eq(friends.id, friendId), eq(friends.lineAccountId, lineAccountId)));
}

/** The channel's friends by state, from the counters kept by the database (friend_status_counts). */
export async function followCounts(db: Db, { lineAccountId }: ChannelScope) {
  const rows = await db
    .select({ status: friendStatusCounts.status, n: friendStatusCounts.friends })
    .from(friendStatusCounts)
    .where(eq(friendStatusCounts.lineAccountId, lineAccountId));
  const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { following: of('following'), blocked: of('blocked') };
}

export interface LabelRef {
  id: number;
  name: string;
}
export interface FriendLabels {
  tags: LabelRef[];
  marks: (LabelRef & { color: string })[];
}

/** The tags and marks (the channel's) of these friends (one statement), each list by the label's sort_index then id. */
export async function labelsOf(
  db: Db,
  { lineAccountId }: ChannelScope,
  friendIds: number[],
): Promise<Map<number, FriendLabels>> {
  const byFriend = new Map<number, FriendLabels>(friendIds.map((id) => [id, { tags: [], marks: [] }]));
  if (friendIds.length === 0) return byFriend;
  const ids = sql.param(friendIds);
  const tagRows = db
    .select({
      friendId: friendTags.friendId,
      kind: sql<string>`'tag'`.as('kind'),
      id: tags.id,
      name: tags.name,
      color: sql<string>`''`.as('color'),
      sortIndex: tags.sortIndex,
    })
    .from(friendTags)
    .innerJoin(tags, eq(tags.id, friendTags.tagId))
    .where(and(sql`${friendTags.friendId} = any(${ids}::int[])`, eq(tags.lineAccountId, lineAccountId)));
  const markRows = db
    .select({
      friendId: friendMarks.friendId,
      kind: sql<string>`'mark'`.as('kind'),
      id: marks.id,
      name: marks.name,
      color: marks.color,
      sortIndex: marks.sortIndex,
    })
    .from(friendMarks)
    .innerJoin(marks, eq(marks.id, friendMarks.markId))
    .where(and(sql`${friendMarks.friendId} = any(${ids}::int[])`, eq(marks.lineAccountId, lineAccountId)));
  const rows = await tagRows.unionAll(markRows);
  rows.sort((a, b) => a.sortIndex - b.sortIndex || a.id - b.id);
  for (const row of rows) {
    const labels = byFriend.get(row.friendId);
    if (!labels) continue;
    if (row.kind === 'tag') labels.tags.push({ id: row.id, name: row.name });
    else labels.marks.push({ id: row.id, name: row.name, color: row.color });
  }
  return byFriend;
}

/** The info values of these friends, for fields of the channel. */
export async function infoValuesOf(db: Db, { lineAccountId }: ChannelScope, friendIds: number[]) {
  if (friendIds.length === 0) return [];
  return db
    .select({ friendId: friendInfoValues.friendId, fieldId: friendInfoValues.fieldId, value: friendInfoValues.value })
    .from(friendInfoValues)
    .innerJoin(friendInfoFields, eq(friendInfoFields.id, friendInfoValues.fieldId))
    .where(
      and(
        sql`${friendInfoValues.friendId} = any(${sql.param(friendIds)}::int[])`,
        eq(friendInfoFields.lineAccountId, lineAccountId),
      ),
    )
    .orderBy(asc(friendInfoFields.sortIndex), asc(friendInfoFields.id));
}

export async function channelFriend(
  db: Db,
  { lineAccountId }: ChannelScope,
  friendId: number,
): Promise<FriendRow | undefined> {
  const [row] = await db
    .select()
    .from(friends)
    .where(and(eq(friends.id, friendId), eq(friends.lineAccountId, lineAccountId)));
  return row;
}

export interface FriendChanges {
  displayNameOverride?: string | null;
  notes?: string | null;
  score?: number;
}

/** Whether the friend is the channel's (and so updated). */
export async function updateFriend(
  db: Db,
  { lineAccountId }: ChannelScope,
  friendId: number,
  changes: FriendChanges,
): Promise<boolean> {
  const rows = await db
    .update(friends)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(friends.id, friendId), eq(friends.lineAccountId, lineAccountId)))
    .returning({ id: friends.id });
  return rows.length > 0;
}

/** Sets (upserts) and clears info values of the channel's friend, for fields of the channel only. */
export async function writeInfoValues(
  db: Db,
  { lineAccountId }: ChannelScope,
  friendId: number,
  set: { fieldId: number; value: string }[],
  cleared: number[],
) {
  const wanted = [...set.map((v) => v.fieldId), ...cleared];
  if (wanted.length === 0) return;
  const owned = await db
    .select({ id: friendInfoFields.id })
    .from(friendInfoFields)
    .innerJoin(friends, and(eq(friends.id, friendId), eq(friends.lineAccountId, lineAccountId)))
    .where(and(eq(friendInfoFields.lineAccountId, lineAccountId), inArray(friendInfoFields.id, wanted)));
  const ownedIds = new Set(owned.map((r) => r.id));
  set = set.filter((v) => ownedIds.has(v.fieldId));
  cleared = cleared.filter((id) => ownedIds.has(id));
  if (set.length > 0) {
    await db
      .insert(friendInfoValues)
      .values(set.map((v) => ({ lineAccountId, friendId, fieldId: v.fieldId, value: v.value })))
      .onConflictDoUpdate({
        target: [friendInfoValues.friendId, friendInfoValues.fieldId],
        set: { value: sql`excluded.value`, updatedAt: new Date() },
      });
  }
  if (cleared.length > 0) {
    await db
      .delete(friendInfoValues)
      .where(
        and(
          eq(friendInfoValues.lineAccountId, lineAccountId),
          eq(friendInfoValues.friendId, friendId),
          inArray(friendInfoValues.fieldId, cleared),
        ),
      );
  }
}

export async function accountTimeZone(db: Db, { accountId }: AccountScope): Promise<string> {
  const [row] = await db.select({ timeZone: accounts.timeZone }).from(accounts).where(eq(accounts.id, accountId));
  return row?.timeZone ?? 'Asia/Tokyo';
}

/** For the admin home: friends following the OEM's channels, from the per-channel counts the triggers keep. */
export async function followingFriendsOfOem(db: Db, scope: OemScope): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${friendStatusCounts.friends}), 0)`.mapWith(Number) })
    .from(friendStatusCounts)
    .where(
      and(
        eq(friendStatusCounts.status, 'following'),
        inArray(friendStatusCounts.lineAccountId, channelIdsOfOem(db, scope)),
      ),
    );
  return row?.n ?? 0;
}

/** For the agency's client account detail: how many friends follow each of the account's channels now. */
export async function followingFriendsPerChannelOfAccount(db: Db, { accountId }: AccountScope) {
  return db
    .select({ lineAccountId: friendStatusCounts.lineAccountId, n: friendStatusCounts.friends })
    .from(friendStatusCounts)
    .innerJoin(lineAccounts, eq(lineAccounts.id, friendStatusCounts.lineAccountId))
    .where(and(eq(lineAccounts.accountId, accountId), eq(friendStatusCounts.status, 'following')));
}

/** A page of the channel's friends in id order, for the full export (takeovers: channel-exports). */
export async function friendsPageForExport(db: Db, { lineAccountId }: ChannelScope, afterId: number, limit: number) {
  return db
    .select({
      id: friends.id,
      lineUserId: friends.lineUserId,
      displayName: friends.displayName,
      displayNameOverride: friends.displayNameOverride,
      status: friends.status,
      followedAt: friends.followedAt,
      blockedAt: friends.blockedAt,
      score: friends.score,
      language: friends.language,
      notes: friends.notes,
      createdAt: friends.createdAt,
    })
    .from(friends)
    .where(and(eq(friends.lineAccountId, lineAccountId), gt(friends.id, afterId)))
    .orderBy(asc(friends.id))
    .limit(limit);
}
