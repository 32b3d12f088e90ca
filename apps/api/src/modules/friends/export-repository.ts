import type { ChannelScope } from '../../platform/principal.ts';
import { and, getTableName, sql, type Column, type SQL, type Table } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../platform/db.ts';
import { friends } from './schema.ts';
import { friendMarks, friendTags, marks, tags } from '../labels/schema.ts';
import {
  filterCondition,
  partCondition,
  partOrder,
  shownName,
  SORT_KEYS,
  type FriendFilter,
  type FriendSort,
  type Part,
} from './list-repository.ts';

/*
 * The friend list's CSV export, read in batches (a server-side cursor on PostgreSQL, keyset pages on
 * PGlite) with the list's filter and order (list-repository.ts), scoped to the channel like the list.
 */

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
  { lineAccountId }: ChannelScope,
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
