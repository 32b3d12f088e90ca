import {
  and,
  asc,
  count,
  eq,
  getTableName,
  ilike,
  inArray,
  or,
  sql,
  type Column,
  type SQL,
  type Table,
} from 'drizzle-orm';
import type { FRIEND_SORTS, TAG_MATCHES } from '@linq/contract';
import pg from 'pg';
import type { Db } from '../../platform/db.ts';
import { friendInfoFields, friendInfoValues, friends } from './schema.ts';
import { friendMarks, friendTags, marks, tags } from '../labels/schema.ts';
import { accounts } from '../tenants/schema.ts';
import { containsPattern } from '../../platform/sql.ts';

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

/** Adds a tap's points to the friend's score (negative points subtract), kept within the column's range. */
export async function addScore(db: Db, friendId: number, points: number) {
  await db
    .update(friends)
    .set({
      score: sql`least(greatest(${friends.score}::bigint + ${points}, -2147483648), 2147483647)::int`,
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

/*
 * The friend list (and its CSV export). Every query takes the channel (the checked
 * LineAccountId) and filters by it, so ids of another channel find nothing.
 */

export interface FriendFilter {
  name?: string | undefined;
  tagIds: number[];
  tagMatch: (typeof TAG_MATCHES)[number];
  markIds: number[];
  /** YYYY-MM-DD, both inclusive, in `timeZone`. */
  followedFrom?: string | undefined;
  followedTo?: string | undefined;
  status?: 'following' | 'blocked' | undefined;
  /** The account's IANA time zone: the followed dates are days there. */
  timeZone: string;
}
export type FriendSortKey = (typeof FRIEND_SORTS)[number];
export interface FriendSort {
  sort: FriendSortKey;
  order: 'asc' | 'desc';
}

/** The name the console shows: the staff's override when set, else LINE's name. */
export const shownName = sql<string>`coalesce(${friends.displayNameOverride}, ${friends.displayName})`;

/** Sort keys; nullable ones sort nulls last in both directions (the indexes of schema.ts follow these orders). */
const SORT_KEYS: Record<FriendSortKey, { expr: SQL | typeof friends.id; nullable: boolean; type: string }> = {
  followed_at: { expr: sql`${friends.followedAt}`, nullable: true, type: 'timestamptz' },
  last_message_at: { expr: sql`${friends.lastMessageAt}`, nullable: true, type: 'timestamptz' },
  display_name: { expr: shownName, nullable: false, type: 'text' },
  score: { expr: sql`${friends.score}`, nullable: false, type: 'integer' },
};

/** The filter's conditions other than the tags, the channel's first. */
function baseConditions(lineAccountId: number, filter: FriendFilter): SQL[] {
  const conditions: SQL[] = [eq(friends.lineAccountId, lineAccountId)];
  if (filter.name) {
    // Each column by itself (not their coalesce), so that its trigram index serves the search.
    const pattern = containsPattern(filter.name);
    conditions.push(or(ilike(friends.displayNameOverride, pattern), ilike(friends.displayName, pattern))!);
  }
  if (filter.status) conditions.push(eq(friends.status, filter.status));
  // Midnight of the day in the account's zone, as an instant: the range stays sargable on followed_at.
  if (filter.followedFrom) {
    conditions.push(
      sql`${friends.followedAt} >= (${filter.followedFrom}::date::timestamp at time zone ${filter.timeZone})`,
    );
  }
  if (filter.followedTo) {
    conditions.push(
      sql`${friends.followedAt} < ((${filter.followedTo}::date + 1)::timestamp at time zone ${filter.timeZone})`,
    );
  }
  const markIds = [...new Set(filter.markIds)];
  if (markIds.length > 0) {
    conditions.push(
      sql`${friends.id} in (select ${friendMarks.friendId} from ${friendMarks} where ${friendMarks.markId} in ${markIds})`,
    );
  }
  return conditions;
}

/*
 * Link rows only join a channel's friends to the same channel's labels, so another channel's
 * tag ids match nothing. Tag conditions are semi-joins driven by friend_tags (tag_id, friend_id).
 */
const filterTagIds = (filter: FriendFilter) => [...new Set(filter.tagIds)];
/** The friends carrying any of the tags. */
const carryingAny = (tagIds: number[]) =>
  sql`${friends.id} in (select ${friendTags.friendId} from ${friendTags} where ${friendTags.tagId} in ${tagIds})`;
/** The friends carrying every tag: one semi-join per tag, which the planner orders by size. */
const carryingAll = (tagIds: number[]) =>
  and(
    ...tagIds.map(
      (id) =>
        sql`${friends.id} in (select ${friendTags.friendId} from ${friendTags} where ${friendTags.tagId} = ${id})`,
    ),
  )!;

function tagCondition(filter: FriendFilter): SQL | undefined {
  const tagIds = filterTagIds(filter);
  if (tagIds.length === 0) return undefined;
  if (filter.tagMatch === 'any') return carryingAny(tagIds);
  if (filter.tagMatch === 'all') return carryingAll(tagIds);
  return sql`not exists (select 1 from ${friendTags} where ${friendTags.friendId} = ${friends.id} and ${friendTags.tagId} in ${tagIds})`;
}

function filterCondition(lineAccountId: number, filter: FriendFilter): SQL {
  return and(...baseConditions(lineAccountId, filter), tagCondition(filter))!;
}

/**
 * How many of the channel's friends match the filter, counted the cheap way for tag filters:
 * - tags only (any or all): from friend_tags alone (links to the channel's own tags), not friends;
 * - tag_match=none: the friends matching the rest minus those of them carrying any of the tags
 *   (two index-driven counts instead of an anti-join over the whole channel).
 */
async function countMatching(db: Db, lineAccountId: number, filter: FriendFilter): Promise<number> {
  const tagIds = filterTagIds(filter);
  const base = baseConditions(lineAccountId, filter);
  const tagsOnly = tagIds.length > 0 && base.length === 1;
  let query;
  if (tagIds.length === 0) {
    query = db
      .select({ n: count() })
      .from(friends)
      .where(and(...base));
  } else if (filter.tagMatch === 'none') {
    // The subquery's `friends` is its own (the nearest one): the same conditions plus the tags.
    const carrying = tagsOnly
      ? sql`(select count(*) from (${channelCarriers(lineAccountId, tagIds, 'any')}) as carriers)`
      : sql`(select count(*) from ${friends} where ${and(...base, carryingAny(tagIds))})`;
    query = db
      .select({ n: sql<number>`count(*) - ${carrying}`.mapWith(Number) })
      .from(friends)
      .where(and(...base));
  } else if (tagsOnly) {
    query = db
      .select({ n: count() })
      .from(sql`(${channelCarriers(lineAccountId, tagIds, filter.tagMatch)}) as carriers`);
  } else {
    query = db
      .select({ n: count() })
      .from(friends)
      .where(and(...base, tagCondition(filter)));
  }
  const [row] = await query;
  return row?.n ?? 0;
}

/**
 * The ids of the friends carrying any or all of the tags (each once), read from friend_tags
 * alone: its links to the channel's own tags, so another channel's tag matches nothing.
 */
function channelCarriers(lineAccountId: number, tagIds: number[], match: 'any' | 'all'): SQL {
  const linksTo = (ids: number[]) =>
    sql`select ${friendTags.friendId} from ${friendTags} where ${friendTags.tagId} in (select ${tags.id} from ${tags} where ${tags.lineAccountId} = ${lineAccountId} and ${tags.id} in ${ids})`;
  if (match === 'any') return sql`${linksTo(tagIds)} group by ${friendTags.friendId}`;
  // The links to the first tag (one per friend), kept when the friend has a link to each other tag.
  const [first, ...others] = tagIds;
  return sql`${linksTo([first!])}${sql.join(
    others.map((id) => sql` and ${friendTags.friendId} in (${linksTo([id])})`),
  )}`;
}

/**
 * The order of one part of the list: the rows with a sort key by key then id, or (a nullable
 * key's nulls, which come last either way) by id. Rows with a key are ordered as the indexes
 * are built (`desc nulls last` / `asc nulls first`, the same rows since the nulls are not among
 * them), so every order of every key reads an index range instead of sorting the channel.
 */
function partOrder(sort: FriendSort, part: Part): SQL[] {
  const key = SORT_KEYS[sort.sort];
  const direction = sql.raw(sort.order === 'asc' ? 'asc' : 'desc');
  const byId = sql`${friends.id} ${direction}`;
  if (part === 'nulls') return [byId];
  const nulls = sql.raw(key.nullable ? (sort.order === 'asc' ? ' nulls first' : ' nulls last') : '');
  return [sql`${key.expr} ${direction}${nulls}`, byId];
}

/** A nullable key's list is read in two parts: the rows with a key, then those without. */
export type Part = 'values' | 'nulls';
const partCondition = (sort: FriendSort, part: Part): SQL | undefined => {
  const key = SORT_KEYS[sort.sort];
  if (!key.nullable) return undefined;
  return part === 'values' ? sql`${key.expr} is not null` : sql`${key.expr} is null`;
};

const listColumns = {
  id: friends.id,
  displayName: shownName,
  pictureUrl: friends.pictureUrl,
  status: friends.status,
  followedAt: friends.followedAt,
  blockedAt: friends.blockedAt,
  lastMessageAt: friends.lastMessageAt,
  score: friends.score,
};
export type FriendListRow = {
  id: number;
  displayName: string;
  pictureUrl: string | null;
  status: 'following' | 'blocked';
  followedAt: Date | null;
  blockedAt: Date | null;
  lastMessageAt: Date | null;
  score: number;
};

/**
 * One page of the channel's friends by the filter and order (nulls last, id breaking ties),
 * and how many match in all. A nullable key's page comes from its values part, then (once
 * those run out) from its nulls part.
 */
export async function listPage(
  db: Db,
  lineAccountId: number,
  filter: FriendFilter,
  sort: FriendSort,
  page: { page: number; limit: number },
): Promise<{ rows: FriendListRow[]; total: number }> {
  const where = filterCondition(lineAccountId, filter);
  const offset = (page.page - 1) * page.limit;
  // A deferred join: the page's ids first (an index-only range however deep), then their rows.
  const read = (part: Part, from: number, limit: number) => {
    const order = partOrder(sort, part);
    const ids = db
      .select({ id: friends.id })
      .from(friends)
      .where(and(where, partCondition(sort, part)))
      .orderBy(...order)
      .limit(limit)
      .offset(from);
    return db
      .select(listColumns)
      .from(friends)
      .where(inArray(friends.id, ids))
      .orderBy(...order);
  };
  const [rows, total] = await Promise.all([
    read('values', offset, page.limit),
    countMatching(db, lineAccountId, filter),
  ]);
  if (SORT_KEYS[sort.sort].nullable && rows.length < page.limit) {
    // The page reaches past the rows with a key: the nulls part starts where they end.
    let withKey = offset + rows.length;
    if (rows.length === 0) {
      const [nulls] = await db
        .select({ n: count() })
        .from(friends)
        .where(and(where, partCondition(sort, 'nulls')));
      withKey = total - (nulls?.n ?? 0);
    }
    rows.push(...(await read('nulls', Math.max(0, offset - withKey), page.limit - rows.length)));
  }
  return { rows, total };
}

export interface LabelRef {
  id: number;
  name: string;
}
export interface FriendLabels {
  tags: LabelRef[];
  marks: (LabelRef & { color: string })[];
}

/** The tags and marks of these friends (one statement), each list by the label's sort_index then id. */
export async function labelsOf(db: Db, friendIds: number[]): Promise<Map<number, FriendLabels>> {
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
    .where(sql`${friendTags.friendId} = any(${ids}::int[])`);
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
    .where(sql`${friendMarks.friendId} = any(${ids}::int[])`);
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
export async function infoValuesOf(db: Db, lineAccountId: number, friendIds: number[]) {
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

export async function channelFriend(db: Db, lineAccountId: number, friendId: number): Promise<FriendRow | undefined> {
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
  lineAccountId: number,
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

/** Sets (upserts) and clears info values of a friend whose channel owns the fields (both checked before). */
export async function writeInfoValues(
  db: Db,
  friendId: number,
  set: { fieldId: number; value: string }[],
  cleared: number[],
) {
  if (set.length > 0) {
    await db
      .insert(friendInfoValues)
      .values(set.map((v) => ({ friendId, fieldId: v.fieldId, value: v.value })))
      .onConflictDoUpdate({
        target: [friendInfoValues.friendId, friendInfoValues.fieldId],
        set: { value: sql`excluded.value`, updatedAt: new Date() },
      });
  }
  if (cleared.length > 0) {
    await db
      .delete(friendInfoValues)
      .where(and(eq(friendInfoValues.friendId, friendId), inArray(friendInfoValues.fieldId, cleared)));
  }
}

export async function accountTimeZone(db: Db, accountId: number): Promise<string> {
  const [row] = await db.select({ timeZone: accounts.timeZone }).from(accounts).where(eq(accounts.id, accountId));
  return row?.timeZone ?? 'Asia/Tokyo';
}

/** Where a keyset export stopped: the last row's sort key (as text, so exact to the microsecond) and id. */
interface ExportCursor {
  key: string | null;
  id: number;
}
export interface ExportRow {
  id: number;
  displayName: string;
  lineDisplayName: string;
  status: 'following' | 'blocked';
  /** Formatted in the account's time zone (YYYY-MM-DD HH:MM:SS). */
  followedAt: string | null;
  blockedAt: string | null;
  score: number;
  notes: string | null;
  tagNames: string | null;
  markNames: string | null;
  cursorKey: string | null;
}

/** Columns named with their table: drizzle leaves a single-table select's columns bare, also in subqueries. */
const qualified = (table: Table, column: Column) =>
  sql`${sql.identifier(getTableName(table))}.${sql.identifier(column.name)}`;

/** A friend's label names in one cell, by the label's sort_index then id (a subquery of a select from friends). */
function labelNames(table: typeof tags, link: typeof friendTags, linkLabelId: Column) {
  const [name, sortIndex, id] = [table.name, table.sortIndex, table.id].map((c) => qualified(table, c));
  return sql<
    string | null
  >`(select string_agg(${name}, ', ' order by ${sortIndex}, ${id}) from ${link} inner join ${table} on ${id} = ${qualified(link, linkLabelId)} where ${qualified(link, link.friendId)} = ${qualified(friends, friends.id)})`;
}

/**
 * The export's columns. Each is aliased by its name here, so that the rows a cursor fetches
 * (unmapped by drizzle) come back as ExportRow too: they are all integers and text.
 */
function exportColumns(sort: FriendSort, timeZone: string) {
  const at = (column: typeof friends.followedAt | typeof friends.blockedAt) =>
    sql<string | null>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;
  return {
    id: sql<number>`${friends.id}`.as('id'),
    displayName: sql<string>`${shownName}`.as('displayName'),
    lineDisplayName: sql<string>`${friends.displayName}`.as('lineDisplayName'),
    status: sql<'following' | 'blocked'>`${friends.status}`.as('status'),
    followedAt: at(friends.followedAt).as('followedAt'),
    blockedAt: at(friends.blockedAt).as('blockedAt'),
    score: sql<number>`${friends.score}`.as('score'),
    notes: sql<string | null>`${friends.notes}`.as('notes'),
    tagNames: labelNames(tags, friendTags, friendTags.tagId).as('tagNames'),
    markNames: labelNames(
      marks as unknown as typeof tags,
      friendMarks as unknown as typeof friendTags,
      friendMarks.markId,
    ).as('markNames'),
    cursorKey: sql<string | null>`(${SORT_KEYS[sort.sort].expr})::text`.as('cursorKey'),
  };
}

/** The parts of the list's order: a nullable sort key's values, then its nulls. */
const exportParts = (sort: FriendSort): Part[] => (SORT_KEYS[sort.sort].nullable ? ['values', 'nulls'] : ['values']);

/**
 * The filtered friends in the list's order, `size` rows at a time, with the columns of the
 * export. On PostgreSQL each part of the order is one statement read through a server-side
 * cursor, so the filter is evaluated once however many batches follow. On PGlite each batch is
 * a keyset read: a transaction there holds the only connection, and so would stop every other
 * request for as long as the client takes to download.
 */
export function exportBatches(
  db: Db,
  lineAccountId: number,
  filter: FriendFilter,
  sort: FriendSort,
  size: number,
): AsyncGenerator<ExportRow[]> {
  // drizzle's handle on the driver: node-postgres' pool, or the PGlite instance.
  const driver = (db as unknown as { $client?: unknown }).$client;
  return driver instanceof pg.Pool
    ? cursorBatches(driver, db, lineAccountId, filter, sort, size)
    : keysetBatches(db, lineAccountId, filter, sort, size);
}

/**
 * How long a cursor's connection may wait for a client that stopped reading (a paused
 * download) before PostgreSQL ends it, and with it the download.
 */
const EXPORT_IDLE_TIMEOUT = '5min';

/**
 * The cursors run on a connection of their own, held while the client downloads: a plain
 * pool client rather than a drizzle transaction, so that an error of the idle connection
 * (the timeout above, a restart) reaches this listener instead of going unhandled.
 */
async function* cursorBatches(
  pool: pg.Pool,
  db: Db,
  lineAccountId: number,
  filter: FriendFilter,
  sort: FriendSort,
  size: number,
): AsyncGenerator<ExportRow[]> {
  const where = filterCondition(lineAccountId, filter);
  const parts = exportParts(sort);
  const cursorName = (part: Part) => `export_${part}`;
  const client = await pool.connect();
  let failure: Error | undefined;
  const onError = (error: Error) => (failure ??= error);
  client.on('error', onError);
  let open = false;
  try {
    // One snapshot for both parts, so that a friend whose key changes meanwhile is read once.
    await client.query('begin isolation level repeatable read, read only');
    open = true;
    // Every row is read: plan for all of them (a cursor's plan is otherwise made for the first
    // tenth, and walks an index with probes where a hash join and a sort take a third of the time).
    await client.query('set local cursor_tuple_fraction = 1');
    await client.query(`set local idle_in_transaction_session_timeout = '${EXPORT_IDLE_TIMEOUT}'`);
    for (const part of parts) {
      const query = db
        .select(exportColumns(sort, filter.timeZone))
        .from(friends)
        .where(and(where, partCondition(sort, part)))
        .orderBy(...partOrder(sort, part))
        .toSQL();
      await client.query(`declare ${cursorName(part)} no scroll cursor for ${query.sql}`, query.params);
    }
    for (const part of parts) {
      for (;;) {
        const rows = await fetchRows<ExportRow>(client, `fetch forward ${size} from ${cursorName(part)}`);
        if (rows.length > 0) yield rows;
        if (rows.length < size) break;
      }
    }
    await client.query('commit');
    open = false;
  } catch (error) {
    failure ??= error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // Also when the reader stopped early (a client gone): the generator returns through here.
    if (open && !failure) await client.query('rollback').catch((error: Error) => (failure = error));
    client.off('error', onError);
    // A connection that failed is closed rather than pooled.
    client.release(failure);
  }
}

/**
 * The rows of one statement on the client, by node-postgres' callback form. Measured with its
 * promise form on a checked-out client, V8 moved nearly every fetched row to the old generation
 * (260 MB per million rows, though none outlives its batch): the export's peak RSS was +165 MiB
 * instead of +40 MiB.
 */
function fetchRows<T extends pg.QueryResultRow>(client: pg.PoolClient, text: string): Promise<T[]> {
  return new Promise((resolve, reject) => {
    client.query<T>(text, (error, result) => (error ? reject(error) : resolve(result.rows)));
  });
}

async function* keysetBatches(
  db: Db,
  lineAccountId: number,
  filter: FriendFilter,
  sort: FriendSort,
  size: number,
): AsyncGenerator<ExportRow[]> {
  for (const part of exportParts(sort)) {
    let cursor: ExportCursor | null = null;
    for (;;) {
      const rows = await keysetBatch(db, lineAccountId, filter, sort, part, cursor, size);
      if (rows.length > 0) yield rows;
      if (rows.length < size) break;
      const last = rows.at(-1)!;
      cursor = { key: last.cursorKey, id: last.id };
    }
  }
}

/**
 * The next `limit` rows of the export after `cursor` in the list's order: keyset reads, so
 * each batch is one index range however deep the export is. A nullable sort key is read in
 * two parts (its values, then its nulls by id), which keeps every condition sargable.
 */
function keysetBatch(
  db: Db,
  lineAccountId: number,
  filter: FriendFilter,
  sort: FriendSort,
  part: Part,
  cursor: ExportCursor | null,
  limit: number,
): Promise<ExportRow[]> {
  const key = SORT_KEYS[sort.sort];
  const conditions: (SQL | undefined)[] = [filterCondition(lineAccountId, filter), partCondition(sort, part)];
  const after = sql.raw(sort.order === 'asc' ? '>' : '<');
  if (cursor && part === 'nulls') conditions.push(sql`${friends.id} ${after} ${cursor.id}`);
  if (cursor && part === 'values') {
    const value = sql`${cursor.key}::${sql.raw(key.type)}`;
    // (key, id) after the cursor, written so that `key >= value` (or <=) bounds the index range.
    conditions.push(
      sql`${key.expr} ${sql.raw(sort.order === 'asc' ? '>=' : '<=')} ${value} and (${key.expr} ${after} ${value} or ${friends.id} ${after} ${cursor.id})`,
    );
  }
  return db
    .select(exportColumns(sort, filter.timeZone))
    .from(friends)
    .where(and(...conditions))
    .orderBy(...partOrder(sort, part))
    .limit(limit);
}
