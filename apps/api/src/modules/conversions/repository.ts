import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  max,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { ConversionBreakdownKind } from '@linq/contract';
import { inTurn, type Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { containsPattern, exactTime, olderThan } from '../../platform/sql.ts';
import { shownName } from '../audience/repository/order.ts';
import { folders } from '../folders/schema.ts';
import { friends } from '../friends/schema.ts';
import { tags } from '../labels/schema.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { planActions, plans } from '../plans/schema.ts';
import { accounts } from '../tenants/schema.ts';
import { conversionPoints, conversions, conversionSettings } from './schema.ts';

/* Every query of the conversions module; each is filtered by the channel it is given. */

export type PointRow = typeof conversionPoints.$inferSelect;
export type PointValues = Omit<typeof conversionPoints.$inferInsert, 'id' | 'lineAccountId' | 'code'>;
export type NewConversion = Omit<typeof conversions.$inferInsert, 'id' | 'lineAccountId' | 'createdAt'>;

/** Calendar days [from, to] in a time zone; either end open. */
export interface DayRange {
  from?: string | undefined;
  to?: string | undefined;
  timeZone: string;
}

const ownPoint = ({ lineAccountId }: ChannelScope, ...more: SQL[]) =>
  and(eq(conversionPoints.lineAccountId, lineAccountId), ...more)!;

function inRange(range: DayRange): SQL[] {
  const at = conversions.reachedAt;
  return [
    ...(range.from ? [sql`${at} >= (${range.from}::date)::timestamp at time zone ${range.timeZone}`] : []),
    ...(range.to ? [sql`${at} < (${range.to}::date + 1)::timestamp at time zone ${range.timeZone}`] : []),
  ];
}

/** The channel's account's time zone (ranges and exported times are read in it). */
export async function channelTimeZone(db: Db, { lineAccountId }: ChannelScope): Promise<string> {
  const [row] = await db
    .select({ timeZone: accounts.timeZone })
    .from(lineAccounts)
    .innerJoin(accounts, eq(accounts.id, lineAccounts.accountId))
    .where(eq(lineAccounts.id, lineAccountId));
  return row?.timeZone ?? 'Asia/Tokyo';
}

/** Which of `ids` are the channel's tags, or its conversion folders. */
export async function ownIds(db: Db, scope: ChannelScope, kind: 'tags' | 'folders', ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set<number>();
  const table = kind === 'tags' ? tags : folders;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(table.lineAccountId, scope.lineAccountId),
        inArray(table.id, unique),
        ...(kind === 'folders' ? [eq(folders.folderType, 'conversions')] : []),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

export async function ownPointIds(db: Db, scope: ChannelScope, ids: number[]): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const rows = await db
    .select({ id: conversionPoints.id })
    .from(conversionPoints)
    .where(ownPoint(scope, inArray(conversionPoints.id, unique)));
  return new Set(rows.map((row) => row.id));
}

export async function listPoints(
  db: Db,
  scope: ChannelScope,
  query: { folderId?: number | undefined; name?: string | undefined; page: number; limit: number },
): Promise<{ rows: PointRow[]; total: number }> {
  const where = ownPoint(
    scope,
    ...(query.folderId !== undefined ? [eq(conversionPoints.folderId, query.folderId)] : []),
    ...(query.name ? [ilike(conversionPoints.name, containsPattern(query.name))] : []),
  );
  const [rows, [total]] = await inTurn(
    () =>
      db
        .select()
        .from(conversionPoints)
        .where(where)
        .orderBy(desc(conversionPoints.updatedAt), desc(conversionPoints.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
    () => db.select({ n: count() }).from(conversionPoints).where(where),
  );
  return { rows, total: total?.n ?? 0 };
}

export interface PointCounts {
  total: number;
  known: number;
  anonymous: number;
  friends: number;
}

/** Each point's conversions in the range: all, by friends, anonymous, and distinct friends. */
export async function countsOf(
  db: Db,
  { lineAccountId }: ChannelScope,
  pointIds: number[],
  range: DayRange,
): Promise<Map<number, PointCounts>> {
  if (pointIds.length === 0) return new Map();
  const rows = await db
    .select({
      pointId: conversions.pointId,
      total: count(),
      known: count(conversions.friendId),
      friends: countDistinct(conversions.friendId),
    })
    .from(conversions)
    .where(and(eq(conversions.lineAccountId, lineAccountId), inArray(conversions.pointId, pointIds), ...inRange(range)))
    .groupBy(conversions.pointId);
  return new Map(
    rows.map((row) => [
      row.pointId,
      { total: row.total, known: row.known, anonymous: row.total - row.known, friends: row.friends },
    ]),
  );
}

/** Conversions per inflow route among `routeIds`, reached in the instants [start, end). */
export async function perInflowRoute(
  db: Db,
  { lineAccountId }: ChannelScope,
  routeIds: number[],
  range: { start: Date; end: Date },
): Promise<Map<number, number>> {
  if (routeIds.length === 0) return new Map();
  const rows = await db
    .select({ routeId: conversions.inflowRouteId, n: count() })
    .from(conversions)
    .where(
      and(
        eq(conversions.lineAccountId, lineAccountId),
        inArray(conversions.inflowRouteId, [...new Set(routeIds)]),
        gte(conversions.reachedAt, range.start),
        lt(conversions.reachedAt, range.end),
      ),
    )
    .groupBy(conversions.inflowRouteId);
  return new Map(rows.map((row) => [row.routeId!, row.n]));
}

export async function findPoint(db: Db, scope: ChannelScope, id: number): Promise<PointRow | undefined> {
  const [row] = await db
    .select()
    .from(conversionPoints)
    .where(ownPoint(scope, eq(conversionPoints.id, id)));
  return row;
}

/**
 * The point a public code names, locked until the hit's transaction ends, so hits at one point are
 * counted one after the other (once per friend holds). Unscoped: the code is the key.
 */
export async function lockPointByCodeUnscoped(db: Db, code: string): Promise<PointRow | undefined> {
  const [row] = await db.select().from(conversionPoints).where(eq(conversionPoints.code, code)).for('update');
  return row;
}

export async function insertPoint(db: Db, { lineAccountId }: ChannelScope, code: string, values: PointValues) {
  const [row] = await db
    .insert(conversionPoints)
    .values({ ...values, code, lineAccountId })
    .returning();
  return row!;
}

export async function updatePoint(db: Db, scope: ChannelScope, id: number, values: PointValues) {
  const [row] = await db
    .update(conversionPoints)
    .set({ ...values, updatedAt: new Date() })
    .where(ownPoint(scope, eq(conversionPoints.id, id)))
    .returning();
  return row;
}

export async function deletePoint(db: Db, scope: ChannelScope, id: number): Promise<boolean> {
  const rows = await db
    .delete(conversionPoints)
    .where(ownPoint(scope, eq(conversionPoints.id, id)))
    .returning({ id: conversionPoints.id });
  return rows.length === 1;
}

/** Whether the friend has converted at the point before. */
export async function hasConverted(db: Db, { lineAccountId }: ChannelScope, pointId: number, friendId: number) {
  const [row] = await db
    .select({ id: conversions.id })
    .from(conversions)
    .where(
      and(
        eq(conversions.lineAccountId, lineAccountId),
        eq(conversions.pointId, pointId),
        eq(conversions.friendId, friendId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertConversion(db: Db, { lineAccountId }: ChannelScope, values: NewConversion) {
  const [row] = await db
    .insert(conversions)
    .values({ ...values, lineAccountId })
    .returning({ id: conversions.id });
  return row!.id;
}

/** Whether the friend is the channel's. */
export async function isFriend(db: Db, { lineAccountId }: ChannelScope, friendId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: friends.id })
    .from(friends)
    .where(and(eq(friends.lineAccountId, lineAccountId), eq(friends.id, friendId)));
  return row !== undefined;
}

/**
 * The plan whose box sent a message item (a tracked link's action item): box messages keep their
 * items' ids, which come from one sequence, so an id names at most one box's item.
 */
export async function planOfItem(db: Db, { lineAccountId }: ChannelScope, itemId: number): Promise<number | null> {
  const [row] = await db
    .select({ planId: planActions.planId })
    .from(planActions)
    .where(
      and(
        eq(planActions.lineAccountId, lineAccountId),
        sql`jsonb_path_exists(${planActions.message}, '$.** ? (@.id == $id)', jsonb_build_object('id', ${itemId}::bigint))`,
      ),
    )
    .limit(1);
  return row?.planId ?? null;
}

/** A point's conversions in the range grouped per friend, inflow route or plan, largest first. */
export async function breakdown(
  db: Db,
  scope: ChannelScope,
  pointId: number,
  by: ConversionBreakdownKind,
  range: DayRange,
  page: { page: number; limit: number },
) {
  const where = and(
    eq(conversions.lineAccountId, scope.lineAccountId),
    eq(conversions.pointId, pointId),
    ...inRange(range),
  );
  const key = { friend: conversions.friendId, inflow: conversions.inflowRouteId, plan: conversions.planId }[by];
  const name = {
    friend: sql<string | null>`max(${shownName})`,
    inflow: sql<string | null>`max(${conversions.inflowRouteName})`,
    plan: sql<string | null>`max(${plans.name})`,
  }[by];
  const [rows, [total]] = await inTurn(
    () =>
      db
        .select({ id: key, name, count: count(), lastAt: max(conversions.reachedAt) })
        .from(conversions)
        .leftJoin(friends, and(eq(friends.id, conversions.friendId), eq(friends.lineAccountId, scope.lineAccountId)))
        .leftJoin(plans, and(eq(plans.id, conversions.planId), eq(plans.lineAccountId, scope.lineAccountId)))
        .where(where)
        .groupBy(key)
        .orderBy(desc(count()), asc(key))
        .limit(page.limit)
        .offset((page.page - 1) * page.limit),
    () =>
      db
        .select({ n: countDistinct(sql`coalesce(${key}, 0)`) })
        .from(conversions)
        .where(where),
  );
  return { rows, total: total?.n ?? 0 };
}

/** A point's conversions in the range, oldest first, for the CSV and the ad export. */
export async function exportRows(db: Db, scope: ChannelScope, pointId: number, range: DayRange) {
  return db
    .select({
      id: conversions.id,
      reachedAt: conversions.reachedAt,
      friendId: conversions.friendId,
      friendName: shownName,
      source: conversions.source,
      value: conversions.value,
      inflowRouteName: conversions.inflowRouteName,
      clickIds: conversions.clickIds,
      planName: plans.name,
    })
    .from(conversions)
    .leftJoin(friends, and(eq(friends.id, conversions.friendId), eq(friends.lineAccountId, scope.lineAccountId)))
    .leftJoin(plans, and(eq(plans.id, conversions.planId), eq(plans.lineAccountId, scope.lineAccountId)))
    .where(and(eq(conversions.lineAccountId, scope.lineAccountId), eq(conversions.pointId, pointId), ...inRange(range)))
    .orderBy(asc(conversions.reachedAt), asc(conversions.id));
}

const FRIEND_CONVERSIONS_MAX = 100;

export async function friendConversions(db: Db, { lineAccountId }: ChannelScope, friendId: number) {
  return db
    .select({
      id: conversions.id,
      pointId: conversions.pointId,
      pointName: conversionPoints.name,
      reachedAt: conversions.reachedAt,
      value: conversions.value,
      inflowRouteName: conversions.inflowRouteName,
      planName: plans.name,
    })
    .from(conversions)
    .innerJoin(conversionPoints, eq(conversionPoints.id, conversions.pointId))
    .leftJoin(plans, and(eq(plans.id, conversions.planId), eq(plans.lineAccountId, lineAccountId)))
    .where(and(eq(conversions.lineAccountId, lineAccountId), eq(conversions.friendId, friendId)))
    .orderBy(desc(conversions.reachedAt), desc(conversions.id))
    .limit(FRIEND_CONVERSIONS_MAX);
}

/** The friend's conversions older than `before`, newest first, for the talk. */
export async function friendTalkConversions(
  db: Db,
  { lineAccountId }: ChannelScope,
  friendId: number,
  before: { at: string; id: number } | null,
  limit: number,
) {
  return db
    .select({ id: conversions.id, at: exactTime(conversions.reachedAt), pointName: conversionPoints.name })
    .from(conversions)
    .innerJoin(conversionPoints, eq(conversionPoints.id, conversions.pointId))
    .where(
      and(
        eq(conversions.lineAccountId, lineAccountId),
        eq(conversions.friendId, friendId),
        ...(before ? [olderThan(conversions.reachedAt, conversions.id, before)] : []),
      ),
    )
    .orderBy(desc(conversions.reachedAt), desc(conversions.id))
    .limit(limit);
}

export async function settings(db: Db, { lineAccountId }: ChannelScope) {
  const [row] = await db.select().from(conversionSettings).where(eq(conversionSettings.lineAccountId, lineAccountId));
  return row;
}

export async function saveSettings(
  db: Db,
  { lineAccountId }: ChannelScope,
  values: { webhookUrl: string | null; webhookSecret: string | null },
) {
  await db
    .insert(conversionSettings)
    .values({ lineAccountId, ...values })
    .onConflictDoUpdate({ target: conversionSettings.lineAccountId, set: { ...values, updatedAt: new Date() } });
}

/** Deliveries waiting for the webhook's acknowledgement, and the newest failure among them. */
export async function pendingDeliveries(db: Db, { lineAccountId }: ChannelScope) {
  const where = and(eq(conversions.lineAccountId, lineAccountId), eq(conversions.webhookState, 'pending'));
  const [[row], [last]] = await inTurn(
    () => db.select({ n: count() }).from(conversions).where(where),
    () =>
      db
        .select({ error: conversions.webhookError })
        .from(conversions)
        .where(and(where, sql`${conversions.webhookError} is not null`))
        .orderBy(desc(conversions.id))
        .limit(1),
  );
  return { pending: row?.n ?? 0, lastError: last?.error ?? null };
}

/** Marks a conversion to be posted to the webhook (due now). */
export async function markPending(db: Db, { lineAccountId }: ChannelScope, conversionId: number, at: Date) {
  await db
    .update(conversions)
    .set({ webhookState: 'pending', webhookNextAt: at })
    .where(and(eq(conversions.lineAccountId, lineAccountId), eq(conversions.id, conversionId)));
}

/** A pending delivery with what its body says. */
export async function pendingDelivery(db: Db, { lineAccountId }: ChannelScope, conversionId: number) {
  const [row] = await db
    .select({
      id: conversions.id,
      attempts: conversions.webhookAttempts,
      nextAt: conversions.webhookNextAt,
      pointId: conversions.pointId,
      pointName: conversionPoints.name,
      friendId: conversions.friendId,
      reachedAt: conversions.reachedAt,
      value: conversions.value,
      inflowRouteName: conversions.inflowRouteName,
    })
    .from(conversions)
    .innerJoin(conversionPoints, eq(conversionPoints.id, conversions.pointId))
    .where(
      and(
        eq(conversions.lineAccountId, lineAccountId),
        eq(conversions.id, conversionId),
        eq(conversions.webhookState, 'pending'),
      ),
    );
  return row;
}

export async function recordAttempt(
  db: Db,
  { lineAccountId }: ChannelScope,
  conversionId: number,
  outcome: { delivered: true } | { delivered: false; error: string; nextAt: Date },
) {
  const attempts = sql`${conversions.webhookAttempts} + 1`;
  await db
    .update(conversions)
    .set(
      outcome.delivered
        ? { webhookState: 'delivered', webhookError: null, webhookNextAt: null, webhookAttempts: attempts }
        : { webhookError: outcome.error, webhookNextAt: outcome.nextAt, webhookAttempts: attempts },
    )
    .where(and(eq(conversions.lineAccountId, lineAccountId), eq(conversions.id, conversionId)));
}

/**
 * Pending deliveries due by `now` whose job may have been lost, across channels (the worker's
 * sweep). Unscoped: it only names the channel and conversion, which the job then reads in scope.
 */
export async function dueDeliveriesUnscoped(db: Db, now: Date, limit: number) {
  return db
    .select({ lineAccountId: conversions.lineAccountId, conversionId: conversions.id })
    .from(conversions)
    .where(
      and(
        eq(conversions.webhookState, 'pending'),
        or(isNull(conversions.webhookNextAt), lte(conversions.webhookNextAt, now)),
      ),
    )
    .orderBy(asc(conversions.webhookNextAt))
    .limit(limit);
}
