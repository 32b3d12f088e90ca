import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { AudienceExpression, AudienceNode } from '@linq/contract';
import { AUDIENCE_MAX_DEPTH, audienceLabelIds, audienceTagsLeaf } from '@linq/contract';
import { randomBytes } from 'node:crypto';
import { rowsOf, type Db } from '../../../platform/db.ts';
import type { ChannelScope } from '../../../platform/principal.ts';
import type { Registries } from '../../../platform/registry.ts';
import { friends } from '../../friends/schema.ts';
import { friendTags, marks, tags } from '../../labels/schema.ts';
import { audienceWhere } from './compile.ts';
import { countedTotal } from './counted.ts';
import { partCondition, partOrder, partsOf, SORT_KEYS, type FriendSort, type Part } from './order.ts';

/*
 * Every read of an audience: how many, one page of ids in an order, every row in batches, every id
 * in batches. The compiled condition (compile.ts) is used here only: other modules get numbers, ids
 * and rows, never SQL to run.
 */

/** The audience's database, and the leaf kinds its expressions may use. */
export interface AudienceSource {
  db: Db;
  registries: Registries;
}

/**
 * How many of the channel's friends are in the audience: from the counters when they answer it
 * (counted.ts), else counted the cheap way for the friend list's shapes (an `all` of leaves with one tags leaf, every tag it names live):
 * - tags only (any or all): from friend_tags alone (links to the channel's own tags), not friends;
 * - none: the friends matching the rest minus those of them carrying any of the tags
 *   (two index-driven counts instead of an anti-join over the whole channel).
 */
export async function countAudience(
  { db, registries }: AudienceSource,
  scope: ChannelScope,
  expression: AudienceExpression,
): Promise<number> {
  const counted = await countedTotal(db, scope, expression);
  if (counted !== null) return counted;
  const fast = await tagShape(db, scope, expression);
  let query;
  if (!fast) {
    query = db
      .select({ n: count() })
      .from(friends)
      .where(await audienceWhere(db, registries, scope, expression));
  } else {
    const base = fast.rest.length > 0 ? await audienceWhere(db, registries, scope, all(fast.rest)) : channelOnly(scope);
    const tagsOnly = fast.rest.length === 0;
    if (fast.match === 'none') {
      // The subquery's `friends` is its own (the nearest one): the same conditions plus the tags.
      const carrying = tagsOnly
        ? sql`(select count(*) from (${channelCarriers(scope, fast.ids, 'any')}) as carriers)`
        : sql`(select count(*) from ${friends} where ${and(base, carryingAny(fast.ids))})`;
      query = db
        .select({ n: sql<number>`count(*) - ${carrying}`.mapWith(Number) })
        .from(friends)
        .where(base);
    } else if (tagsOnly) {
      query = db.select({ n: count() }).from(sql`(${channelCarriers(scope, fast.ids, fast.match)}) as carriers`);
    } else {
      query = db
        .select({ n: count() })
        .from(friends)
        .where(await audienceWhere(db, registries, scope, expression));
    }
  }
  const [row] = await query;
  return row?.n ?? 0;
}

const NOBODY: AudienceNode = { kind: 'not', of: { kind: 'everyone' } };

/**
 * A filter asked now rather than a saved target (the friend list, its export): a label it names
 * that is not the channel's (deleted meanwhile, or another channel's) is one nobody carries, so
 * "none of" it is everyone and "any of" it nobody. A saved target keeps such a label UNKNOWN.
 */
export async function askedNow(
  { db }: AudienceSource,
  scope: ChannelScope,
  expression: AudienceExpression,
): Promise<AudienceExpression> {
  const named = { tags: audienceLabelIds(expression, 'tags'), marks: audienceLabelIds(expression, 'marks') };
  if (named.tags.length + named.marks.length === 0) return expression;
  const live = {
    tags: new Set(await liveIds(db, tags, scope, named.tags)),
    marks: new Set(await liveIds(db, marks, scope, named.marks)),
  };
  const rewrite = (node: AudienceNode, depth: number): AudienceNode => {
    if (depth > AUDIENCE_MAX_DEPTH) return node;
    if (node.kind === 'not') return { kind: 'not', of: rewrite((node as { of: AudienceNode }).of, depth + 1) };
    if ((node.kind === 'all' || node.kind === 'any') && Array.isArray(node.of)) {
      return { kind: node.kind, of: (node.of as AudienceNode[]).map((child) => rewrite(child, depth + 1)) };
    }
    if (node.kind !== 'tags' && node.kind !== 'marks') return node;
    const parsed = audienceTagsLeaf.safeParse({ ...node, kind: 'tags' });
    if (!parsed.success) return node;
    const ids = parsed.data.ids.filter((id) => live[node.kind as 'tags' | 'marks'].has(id));
    if (ids.length === parsed.data.ids.length) return node;
    if (parsed.data.match === 'all' || ids.length === 0) {
      return parsed.data.match === 'none' ? { kind: 'everyone' } : NOBODY;
    }
    return { kind: node.kind, match: parsed.data.match, ids };
  };
  return rewrite(expression, 1);
}

async function liveIds(db: Db, table: typeof tags | typeof marks, scope: ChannelScope, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.lineAccountId, scope.lineAccountId), inArray(table.id, ids)));
  return rows.map((row) => row.id);
}

const all = (of: AudienceNode[]): AudienceNode => (of.length === 1 ? of[0]! : { kind: 'all', of });
const channelOnly = (scope: ChannelScope) => eq(friends.lineAccountId, scope.lineAccountId);
const carryingAny = (ids: number[]) =>
  sql`${friends.id} in (select ${friendTags.friendId} from ${friendTags} where ${friendTags.tagId} in ${ids})`;

/** The friend list's shape: one tags leaf (each tag it names the channel's, live) beside other leaves. */
async function tagShape(db: Db, scope: ChannelScope, expression: AudienceExpression) {
  const leaves =
    expression.kind === 'all' && Array.isArray(expression.of) ? (expression.of as AudienceNode[]) : [expression];
  const tagLeaves = leaves.filter((leaf) => leaf.kind === 'tags');
  const rest = leaves.filter((leaf) => leaf.kind !== 'tags');
  if (tagLeaves.length !== 1 || rest.some((leaf) => ['all', 'any', 'not'].includes(leaf.kind))) return null;
  const parsed = audienceTagsLeaf.safeParse(tagLeaves[0]);
  if (!parsed.success) return null;
  const ids = [...new Set(parsed.data.ids)];
  const live = await db
    .select({ n: count() })
    .from(tags)
    .where(and(eq(tags.lineAccountId, scope.lineAccountId), inArray(tags.id, ids)));
  if ((live[0]?.n ?? 0) !== ids.length) return null;
  return { match: parsed.data.match, ids, rest };
}

/**
 * The ids of the friends carrying any or all of the tags (each once), read from friend_tags
 * alone: its links to the channel's own tags, so another channel's tag matches nothing.
 */
function channelCarriers(scope: ChannelScope, tagIds: number[], match: 'any' | 'all'): SQL {
  const linksTo = (ids: number[]) =>
    sql`select ${friendTags.friendId} from ${friendTags} where ${friendTags.tagId} in (select ${tags.id} from ${tags} where ${tags.lineAccountId} = ${scope.lineAccountId} and ${tags.id} in ${ids})`;
  if (match === 'any') return sql`${linksTo(tagIds)} group by ${friendTags.friendId}`;
  // The links to the first tag (one per friend), kept when the friend has a link to each other tag.
  const [first, ...others] = tagIds;
  return sql`${linksTo([first!])}${sql.join(
    others.map((id) => sql` and ${friendTags.friendId} in (${linksTo([id])})`),
  )}`;
}

/**
 * Whether a page of an audience of `total` friends among the channel's `channelTotal` is read by
 * gathering the audience first and sorting it, rather than by walking the order's index and
 * testing each friend. The walk tests about `reach × channelTotal / total` friends to find the
 * page's last row (`reach`: offset plus limit), the gathering reads `total`: 949 friends of a rare
 * tag at 1,000,000 are 21,000 tests against 949 reads; the planner, knowing the audience's size,
 * still walks (a tenth of the time gathered, side by side at full size).
 */
export function gatherFirst(total: number, reach: number, channelTotal: number): boolean {
  return total * total < reach * channelTotal;
}

/**
 * A page read by gathering the audience's ids and sort keys first (a materialized CTE: planned on
 * its own, from the audience's indexes, never by walking the order's index) and sorting them.
 */
async function gatheredPage(
  db: Db,
  condition: SQL | undefined,
  sort: FriendSort,
  part: Part,
  { from, limit }: { from: number; limit: number },
): Promise<number[]> {
  const order = partOrder(sort, part, { key: sql`sort_key`, id: sql`id` });
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      with audience as materialized (
        select ${friends.id} as id, ${SORT_KEYS[sort.sort].expr} as sort_key from ${friends} where ${condition}
      )
      select id from audience order by ${sql.join(order, sql`, `)} limit ${limit} offset ${from}`),
  );
  return rows.map((row) => Number(row.id));
}

/**
 * One page of the audience's ids in the order (nulls last, id breaking ties), and how many are in
 * it. A nullable key's page comes from its values part, then (once those run out) its nulls part.
 */
export async function audiencePage(
  source: AudienceSource,
  scope: ChannelScope,
  expression: AudienceExpression,
  sort: FriendSort,
  page: { page: number; limit: number },
): Promise<{ ids: number[]; total: number }> {
  const { db, registries } = source;
  const where = await audienceWhere(db, registries, scope, expression);
  const offset = (page.page - 1) * page.limit;
  const [counted, channelTotal] = await Promise.all([
    countedTotal(db, scope, expression),
    countedTotal(db, scope, { kind: 'everyone' }),
  ]);
  const gathered = counted !== null && gatherFirst(counted, offset + page.limit, channelTotal ?? 0);
  // The page's ids only: an index-only range however deep; the caller reads their rows.
  const read = async (part: Part, from: number, limit: number) => {
    const condition = and(where, partCondition(sort, part));
    if (gathered) return gatheredPage(db, condition, sort, part, { from, limit });
    return (
      await db
        .select({ id: friends.id })
        .from(friends)
        .where(condition)
        .orderBy(...partOrder(sort, part))
        .limit(limit)
        .offset(from)
    ).map((row) => row.id);
  };
  const [ids, total] = await Promise.all([
    read('values', offset, page.limit),
    counted ?? countAudience(source, scope, expression),
  ]);
  if (SORT_KEYS[sort.sort].nullable && ids.length < page.limit) {
    // The page reaches past the rows with a key: the nulls part starts where they end.
    let withKey = offset + ids.length;
    if (ids.length === 0) {
      const [nulls] = await db
        .select({ n: count() })
        .from(friends)
        .where(and(where, partCondition(sort, 'nulls')));
      withKey = total - (nulls?.n ?? 0);
    }
    ids.push(...(await read('nulls', Math.max(0, offset - withKey), page.limit - ids.length)));
  }
  return { ids, total };
}

/** The audience's ids, `size` at a time in id order (keyset reads): for work on every friend in it. */
export async function* audienceIdBatches(
  { db, registries }: AudienceSource,
  scope: ChannelScope,
  expression: AudienceExpression,
  size: number,
): AsyncGenerator<number[]> {
  const where = await audienceWhere(db, registries, scope, expression);
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: friends.id })
      .from(friends)
      .where(and(where, sql`${friends.id} > ${after}`))
      .orderBy(friends.id)
      .limit(size);
    if (rows.length > 0) yield rows.map((row) => row.id);
    if (rows.length < size) return;
    after = rows.at(-1)!.id;
  }
}

/**
 * The audience's ids, `size` at a time in id order, read in the caller's transaction `db` through a
 * cursor: the condition is evaluated once, whatever the number of batches. Keyset reads
 * (audienceIdBatches) evaluate it again per batch, and right after a bulk import, with statistics
 * that count a channel's friends in single figures, each of those reads the whole channel and sorts
 * it (100,000 friends: 20 batches of ~100 ms instead of one read).
 */
export async function* audienceIdsThroughCursor(
  { db, registries }: AudienceSource,
  scope: ChannelScope,
  expression: AudienceExpression,
  size: number,
): AsyncGenerator<number[]> {
  const where = await audienceWhere(db, registries, scope, expression);
  const cursor = sql.raw(`audience_ids_${randomBytes(6).toString('hex')}`);
  const query = db.select({ id: friends.id }).from(friends).where(where).orderBy(friends.id);
  // Every row is read: plan for all of them, not for the first tenth (a cursor's default).
  await db.execute(sql`set local cursor_tuple_fraction = 1`);
  await db.execute(sql`declare ${cursor} no scroll cursor for ${query.getSQL()}`);
  for (;;) {
    const ids = rowsOf<{ id: number }>(
      await db.execute(sql`fetch forward ${sql.raw(String(size))} from ${cursor}`),
    ).map((row) => Number(row.id));
    if (ids.length > 0) yield ids;
    if (ids.length < size) break;
  }
  await db.execute(sql`close ${cursor}`);
}

/** Columns of `friends` a caller reads for each friend of the audience, each aliased by its name. */
export type AudienceColumns = Record<string, SQL.Aliased>;
type RowOf<C extends AudienceColumns> = { [K in keyof C]: C[K] extends SQL.Aliased<infer T> ? T : never };
/** Where a keyset read stopped: the last row's sort key (as text, so exact to the microsecond) and id. */
interface Cursor {
  key: string | null;
  id: number;
}
type Keyed = { audienceId: number; audienceKey: string | null };

/**
 * Every friend of the audience in the order, `size` rows at a time, with the caller's columns. On
 * PostgreSQL each part of the order is one statement read through a server-side cursor, so the
 * condition is evaluated once however many batches follow. On PGlite each batch is a keyset read:
 * a transaction there holds the only connection, and so would stop every other request for as
 * long as the reader takes (a client downloading).
 */
export async function* audienceRows<C extends AudienceColumns>(
  { db, registries }: AudienceSource,
  scope: ChannelScope,
  expression: AudienceExpression,
  sort: FriendSort,
  columns: C,
  size: number,
): AsyncGenerator<RowOf<C>[]> {
  const where = await audienceWhere(db, registries, scope, expression);
  // drizzle's handle on the driver: node-postgres' pool, or the PGlite instance.
  const driver = (db as unknown as { $client?: unknown }).$client;
  if (driver instanceof pg.Pool) {
    // A cursor needs no keys to resume from (the sort key as text was a seventh of its query's time).
    yield* cursorBatches<RowOf<C>>(driver, db, where, sort, columns, size);
    return;
  }
  const keyed = {
    ...columns,
    audienceId: sql<number>`${friends.id}`.as('audienceId'),
    audienceKey: sql<string | null>`(${SORT_KEYS[sort.sort].expr})::text`.as('audienceKey'),
  };
  yield* keysetBatches<RowOf<C>>(db, where, sort, keyed, size);
}

/**
 * How long a cursor's connection may wait for a reader that stopped (a paused download) before
 * PostgreSQL ends it, and with it the read.
 */
const IDLE_TIMEOUT = '5min';

/**
 * The cursors run on a connection of their own, held while the reader reads: a plain pool client
 * rather than a drizzle transaction, so that an error of the idle connection (the timeout above,
 * a restart) reaches this listener instead of going unhandled.
 */
async function* cursorBatches<T>(
  pool: pg.Pool,
  db: Db,
  where: SQL,
  sort: FriendSort,
  columns: AudienceColumns,
  size: number,
): AsyncGenerator<T[]> {
  const parts = partsOf(sort);
  const cursorName = (part: Part) => `audience_${part}`;
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
    // Per-row subqueries (the export's labels) cost the plan past the JIT's thresholds: compiling
    // added 0.6 s to the first fetch at 1,000,000 friends (0.3-2.8 s for a tag of 99,643 on a busy
    // server), and the rows came no faster.
    await client.query('set local jit = off');
    await client.query(`set local idle_in_transaction_session_timeout = '${IDLE_TIMEOUT}'`);
    for (const part of parts) {
      const query = db
        .select(columns)
        .from(friends)
        .where(and(where, partCondition(sort, part)))
        .orderBy(...partOrder(sort, part))
        .toSQL();
      await client.query(`declare ${cursorName(part)} no scroll cursor for ${query.sql}`, query.params);
    }
    for (const part of parts) {
      for (;;) {
        const rows = await fetchRows<T & pg.QueryResultRow>(client, `fetch forward ${size} from ${cursorName(part)}`);
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

async function* keysetBatches<T>(
  db: Db,
  where: SQL,
  sort: FriendSort,
  columns: AudienceColumns,
  size: number,
): AsyncGenerator<T[]> {
  for (const part of partsOf(sort)) {
    let cursor: Cursor | null = null;
    for (;;) {
      const rows = (await keysetBatch(db, where, sort, part, columns, cursor, size)) as (T & Keyed)[];
      if (rows.length > 0) yield rows;
      if (rows.length < size) break;
      const last = rows.at(-1)!;
      cursor = { key: last.audienceKey, id: last.audienceId };
    }
  }
}

/**
 * The next `limit` rows after `cursor` in the order: keyset reads, so each batch is one index
 * range however deep the read is. A nullable sort key is read in two parts (its values, then its
 * nulls by id), which keeps every condition sargable.
 */
function keysetBatch(
  db: Db,
  where: SQL,
  sort: FriendSort,
  part: Part,
  columns: AudienceColumns,
  cursor: Cursor | null,
  limit: number,
) {
  const key = SORT_KEYS[sort.sort];
  const conditions: (SQL | undefined)[] = [where, partCondition(sort, part)];
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
    .select(columns)
    .from(friends)
    .where(and(...conditions))
    .orderBy(...partOrder(sort, part))
    .limit(limit);
}
