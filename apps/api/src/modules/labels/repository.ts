import type { ChannelScope } from '../../platform/principal.ts';
import { and, asc, count, eq, getTableName, ilike, inArray, sql, type Column, type SQL, type Table } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db.ts';
import { friends } from '../friends/schema.ts';
import { friendMarks, friendTags, marks, tags } from './schema.ts';
import { containsPattern, violatesUnique } from '../../platform/sql.ts';

/**
 * Tags and marks share their shape (marks add a colour), so one repository serves both,
 * parameterised by the label table and its friend link table. Every query takes the
 * channel id and is scoped by it.
 */
export interface LabelTables {
  /** Typed as `tags`: marks has the same columns plus `color`, which `extra` selects. */
  table: typeof tags;
  /** Typed as `friend_tags`: use `linkLabelId` and `linkRow` for the label column, which differs. */
  link: typeof friendTags;
  linkLabelId: PgColumn;
  linkRow: (lineAccountId: number, labelId: number, friendId: number) => typeof friendTags.$inferInsert;
  uniqueName: string;
  /** Columns beyond the shared ones (marks: color). */
  extra: Record<string, PgColumn>;
}

export const TAG_TABLES: LabelTables = {
  table: tags,
  link: friendTags,
  linkLabelId: friendTags.tagId,
  linkRow: (lineAccountId, tagId, friendId) => ({ lineAccountId, tagId, friendId }),
  uniqueName: 'tags_channel_name_key',
  extra: {},
};
export const MARK_TABLES: LabelTables = {
  table: marks as unknown as typeof tags,
  link: friendMarks as unknown as typeof friendTags,
  linkLabelId: friendMarks.markId,
  linkRow: (lineAccountId, markId, friendId) =>
    ({ lineAccountId, markId, friendId }) as unknown as typeof friendTags.$inferInsert,
  uniqueName: 'marks_channel_name_key',
  extra: { color: marks.color },
};

export interface LabelRow {
  id: number;
  lineAccountId: number;
  folderId: number | null;
  name: string;
  sortIndex: number;
  createdAt: Date;
  updatedAt: Date;
  friendCount: number;
  color?: string;
}
export interface LabelValues {
  name: string;
  folderId: number | null;
  sortIndex: number;
  color?: string;
}

const qualified = (table: Table, column: Column) =>
  sql`${sql.identifier(getTableName(table))}.${sql.identifier(column.name)}`;

const columns = (t: LabelTables) => ({
  id: t.table.id,
  lineAccountId: t.table.lineAccountId,
  folderId: t.table.folderId,
  name: t.table.name,
  sortIndex: t.table.sortIndex,
  createdAt: t.table.createdAt,
  updatedAt: t.table.updatedAt,
  ...t.extra,
  /** Following friends carrying the label (qualified by hand: drizzle leaves single-table columns bare). */
  friendCount: sql<number>`(select count(*)::int from ${t.link} inner join ${friends} on ${qualified(friends, friends.id)} = ${qualified(t.link, t.link.friendId)} where ${qualified(t.link, t.linkLabelId)} = ${qualified(t.table, t.table.id)} and ${qualified(friends, friends.status)} = 'following')`,
});

const inChannel = (t: LabelTables, lineAccountId: number, ...conditions: (SQL | undefined)[]) =>
  and(eq(t.table.lineAccountId, lineAccountId), ...conditions);

export async function list(
  db: Db,
  t: LabelTables,
  { lineAccountId }: ChannelScope,
  filter: { page: number; limit: number; q?: string | undefined; folderId?: number | undefined },
): Promise<{ rows: LabelRow[]; total: number }> {
  const where = inChannel(
    t,
    lineAccountId,
    filter.q ? ilike(t.table.name, containsPattern(filter.q)) : undefined,
    filter.folderId !== undefined ? eq(t.table.folderId, filter.folderId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(columns(t))
      .from(t.table)
      .where(where)
      .orderBy(asc(t.table.sortIndex), asc(t.table.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(t.table).where(where),
  ]);
  return { rows: rows as LabelRow[], total: total?.n ?? 0 };
}

export async function find(
  db: Db,
  t: LabelTables,
  { lineAccountId }: ChannelScope,
  id: number,
): Promise<LabelRow | undefined> {
  const [row] = await db
    .select(columns(t))
    .from(t.table)
    .where(inChannel(t, lineAccountId, eq(t.table.id, id)));
  return row as LabelRow | undefined;
}

export async function insert(
  db: Db,
  t: LabelTables,
  { lineAccountId }: ChannelScope,
  values: LabelValues,
): Promise<number> {
  const [row] = await db
    .insert(t.table)
    .values({ ...values, lineAccountId })
    .returning({ id: t.table.id });
  return row!.id;
}

/** Whether the label was the channel's (and so updated). */
export async function update(
  db: Db,
  t: LabelTables,
  { lineAccountId }: ChannelScope,
  id: number,
  values: LabelValues,
): Promise<boolean> {
  const rows = await db
    .update(t.table)
    .set({ ...values, updatedAt: new Date() })
    .where(inChannel(t, lineAccountId, eq(t.table.id, id)))
    .returning({ id: t.table.id });
  return rows.length > 0;
}

export async function remove(db: Db, t: LabelTables, { lineAccountId }: ChannelScope, id: number): Promise<void> {
  await db.delete(t.table).where(inChannel(t, lineAccountId, eq(t.table.id, id)));
}

/** Friends of any status carrying the channel's label. */
export async function carriers(
  db: Db,
  t: LabelTables,
  { lineAccountId }: ChannelScope,
  labelId: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(t.link)
    .innerJoin(t.table, eq(t.table.id, t.linkLabelId))
    .where(inChannel(t, lineAccountId, eq(t.linkLabelId, labelId)));
  return row?.n ?? 0;
}

/** Those of `ids` that are labels of the channel. */
export async function ownLabelIds(
  db: Db,
  t: LabelTables,
  { lineAccountId }: ChannelScope,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: t.table.id })
    .from(t.table)
    .where(inChannel(t, lineAccountId, inArray(t.table.id, [...new Set(ids)])));
  return new Set(rows.map((row) => row.id));
}

/** Those of `ids` that are friends of the channel. */
export async function friendsOfChannel(db: Db, { lineAccountId }: ChannelScope, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: friends.id })
    .from(friends)
    .where(and(eq(friends.lineAccountId, lineAccountId), inArray(friends.id, ids)));
  return rows.map((r) => r.id);
}

/** Links the channel's label to friends of the channel (already linked ones skipped); answers those newly linked. */
export async function link(
  db: Db,
  t: LabelTables,
  { lineAccountId }: ChannelScope,
  labelId: number,
  friendIds: number[],
): Promise<number[]> {
  if (friendIds.length === 0) return [];
  const owned = await db
    .select({ id: friends.id })
    .from(friends)
    .innerJoin(t.table, inChannel(t, lineAccountId, eq(t.table.id, labelId)))
    .where(and(eq(friends.lineAccountId, lineAccountId), inArray(friends.id, friendIds)));
  if (owned.length === 0) return [];
  const rows = await db
    .insert(t.link)
    .values(owned.map((friend) => t.linkRow(lineAccountId, labelId, friend.id)))
    .onConflictDoNothing()
    .returning({ friendId: t.link.friendId });
  return rows.map((row) => row.friendId);
}

/** Unlinks the channel's label from friends; answers those who carried it. */
export async function unlink(
  db: Db,
  t: LabelTables,
  { lineAccountId }: ChannelScope,
  labelId: number,
  friendIds: number[],
): Promise<number[]> {
  const ownLabel = db
    .select({ id: t.table.id })
    .from(t.table)
    .where(inChannel(t, lineAccountId, eq(t.table.id, labelId)));
  const rows = await db
    .delete(t.link)
    .where(and(inArray(t.linkLabelId, ownLabel), inArray(t.link.friendId, friendIds)))
    .returning({ friendId: t.link.friendId });
  return rows.map((row) => row.friendId);
}

/** The friends (any status) carrying the channel's label. */
export async function carrierIds(
  db: Db,
  t: LabelTables,
  { lineAccountId }: ChannelScope,
  labelId: number,
): Promise<number[]> {
  const rows = await db
    .select({ friendId: t.link.friendId })
    .from(t.link)
    .innerJoin(t.table, eq(t.table.id, t.linkLabelId))
    .where(inChannel(t, lineAccountId, eq(t.linkLabelId, labelId)));
  return rows.map((row) => row.friendId);
}

export const isDuplicateName = (t: LabelTables, error: unknown) => violatesUnique(error, t.uniqueName);
