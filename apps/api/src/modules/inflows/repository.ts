import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { InflowAttributionKind } from '@linq/contract';
import { inTurn, rowsOf, type Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { containsPattern } from '../../platform/sql.ts';
import { folders } from '../folders/schema.ts';
import { friendInfoFields, friendInfoValues, friends } from '../friends/schema.ts';
import { friendTags, tags } from '../labels/schema.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { planEnrolments, plans } from '../plans/schema.ts';
import { users } from '../sessions/schema.ts';
import { inflowAttributions, inflowPendingFollows, inflowRouteHistory, inflowRoutes, inflowVisits } from './schema.ts';

/* Every query of the inflows module; each is filtered by the channel it is given (the rare unscoped read says why). */

export type RouteRow = typeof inflowRoutes.$inferSelect;
export type RouteValues = Omit<typeof inflowRoutes.$inferInsert, 'id' | 'lineAccountId' | 'createdAt'>;
export type VisitRow = typeof inflowVisits.$inferSelect;
export type HistoryRow = typeof inflowRouteHistory.$inferSelect;
export type AttributionRow = typeof inflowAttributions.$inferSelect;

/** A half-open instant range [start, end). */
export interface Range {
  start: Date;
  end: Date;
}

const ownRoute = ({ lineAccountId }: ChannelScope, ...more: SQL[]) =>
  and(eq(inflowRoutes.lineAccountId, lineAccountId), ...more)!;

export async function findRoute(db: Db, scope: ChannelScope, id: number): Promise<RouteRow | undefined> {
  const [row] = await db
    .select()
    .from(inflowRoutes)
    .where(ownRoute(scope, eq(inflowRoutes.id, id)));
  return row;
}

export async function findRouteForUpdate(db: Db, scope: ChannelScope, id: number): Promise<RouteRow | undefined> {
  const [row] = await db
    .select()
    .from(inflowRoutes)
    .where(ownRoute(scope, eq(inflowRoutes.id, id)))
    .for('update');
  return row;
}

/**
 * A route by its public code, over every channel: the public /inflow page knows only the code (it is
 * the route's unguessable name), and the answer's channel scopes what follows.
 */
export async function findRouteByCodeUnscoped(db: Db, code: string): Promise<RouteRow | undefined> {
  const [row] = await db.select().from(inflowRoutes).where(eq(inflowRoutes.code, code));
  return row;
}

export async function insertRoute(
  db: Db,
  scope: ChannelScope,
  values: RouteValues & { createdAt: Date },
): Promise<RouteRow> {
  const [row] = await db
    .insert(inflowRoutes)
    .values({ ...values, lineAccountId: scope.lineAccountId })
    .returning();
  return row!;
}

export async function updateRoute(db: Db, scope: ChannelScope, id: number, values: Partial<RouteValues>) {
  const [row] = await db
    .update(inflowRoutes)
    .set(values)
    .where(ownRoute(scope, eq(inflowRoutes.id, id)))
    .returning();
  return row;
}

export async function deleteRoute(db: Db, scope: ChannelScope, id: number): Promise<boolean> {
  const rows = await db
    .delete(inflowRoutes)
    .where(ownRoute(scope, eq(inflowRoutes.id, id)))
    .returning({ id: inflowRoutes.id });
  return rows.length > 0;
}

/** Whether the folder is one of the channel's inflow folders. */
export async function ownsInflowFolder(db: Db, scope: ChannelScope, folderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: folders.id })
    .from(folders)
    .where(
      and(eq(folders.id, folderId), eq(folders.lineAccountId, scope.lineAccountId), eq(folders.folderType, 'inflows')),
    );
  return row !== undefined;
}

/** Which of the ids are the channel's tags / marks / plans / rich menus (a route's actions name only its own). */
export async function ownIds(
  db: Db,
  scope: ChannelScope,
  table: 'tags' | 'marks' | 'plans' | 'rich_menus',
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const result = await db.execute(
    sql`select id from ${sql.identifier(table)} where line_account_id = ${scope.lineAccountId} and id in ${sql`(${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`}`,
  );
  return new Set(rowsOf<{ id: number }>(result).map((row) => Number(row.id)));
}

const ADDS = ['new', 're_add'] as const;
/** An instant as a parameter of raw SQL (both drivers take the text). */
const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/** The figures of routes over a range, as SQL expressions on the route's row (qualified by hand: drizzle leaves a lone table's columns bare). */
function statColumns(range: Range) {
  const visits = sql<number>`(select count(*) from ${inflowVisits} v
    where v.line_account_id = inflow_routes.line_account_id and v.route_id = inflow_routes.id
    and v.visited_at >= ${at(range.start)} and v.visited_at < ${at(range.end)})`.mapWith(Number);
  const friendsAdded = sql<number>`(select count(*) from ${inflowAttributions} a
    where a.line_account_id = inflow_routes.line_account_id and a.route_id = inflow_routes.id
    and a.kind in ('new', 're_add') and a.attributed_at >= ${at(range.start)} and a.attributed_at < ${at(range.end)})`.mapWith(
    Number,
  );
  const blocks = sql<number>`(select count(*) from ${inflowAttributions} a
    join ${friends} f on f.line_account_id = a.line_account_id and f.id = a.friend_id
    where a.line_account_id = inflow_routes.line_account_id and a.route_id = inflow_routes.id
    and a.kind in ('new', 're_add') and a.attributed_at >= ${at(range.start)} and a.attributed_at < ${at(range.end)}
    and f.status = 'blocked')`.mapWith(Number);
  return { visits, friendsAdded, blocks };
}

export interface RouteWithCounts {
  route: RouteRow;
  visits: number;
  friendsAdded: number;
  blocks: number;
}

export async function listRoutes(
  db: Db,
  scope: ChannelScope,
  query: {
    folderId?: number | undefined;
    name?: string | undefined;
    sort: 'created_at' | 'name' | 'visits' | 'friends_added';
    order: 'asc' | 'desc';
    page?: number;
    limit?: number;
  },
  range: Range,
): Promise<{ rows: RouteWithCounts[]; total: number }> {
  const where = ownRoute(
    scope,
    ...(query.folderId !== undefined ? [eq(inflowRoutes.folderId, query.folderId)] : []),
    ...(query.name ? [ilike(inflowRoutes.name, containsPattern(query.name))] : []),
  );
  const stats = statColumns(range);
  const key = {
    created_at: inflowRoutes.createdAt,
    name: inflowRoutes.name,
    visits: stats.visits,
    friends_added: stats.friendsAdded,
  }[query.sort];
  const direction = query.order === 'asc' ? asc : desc;
  const select = db
    .select({ route: inflowRoutes, ...stats })
    .from(inflowRoutes)
    .where(where)
    .orderBy(direction(key), direction(inflowRoutes.id));
  const [rows, [total]] = await inTurn(
    () =>
      query.page !== undefined && query.limit !== undefined
        ? select.limit(query.limit).offset((query.page - 1) * query.limit)
        : select,
    () => db.select({ n: count() }).from(inflowRoutes).where(where),
  );
  return { rows, total: total?.n ?? 0 };
}

export async function routeWithCounts(
  db: Db,
  scope: ChannelScope,
  id: number,
  range: Range,
): Promise<RouteWithCounts | undefined> {
  const [row] = await db
    .select({ route: inflowRoutes, ...statColumns(range) })
    .from(inflowRoutes)
    .where(ownRoute(scope, eq(inflowRoutes.id, id)));
  return row;
}

// History

export async function insertHistory(
  db: Db,
  scope: ChannelScope,
  values: Omit<typeof inflowRouteHistory.$inferInsert, 'id' | 'lineAccountId'>,
): Promise<void> {
  await db.insert(inflowRouteHistory).values({ ...values, lineAccountId: scope.lineAccountId });
}

export async function listHistory(db: Db, scope: ChannelScope, routeId: number): Promise<HistoryRow[]> {
  return db
    .select()
    .from(inflowRouteHistory)
    .where(and(eq(inflowRouteHistory.lineAccountId, scope.lineAccountId), eq(inflowRouteHistory.routeId, routeId)))
    .orderBy(desc(inflowRouteHistory.createdAt), desc(inflowRouteHistory.id));
}

/** The acting staff member's name (history keeps it as it was). */
export async function userName(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}

// Channel

export interface ChannelLine {
  basicId: string | null;
  simulated: boolean;
}

export async function channelLine(db: Db, scope: ChannelScope): Promise<ChannelLine | undefined> {
  const [row] = await db
    .select({ basicId: lineAccounts.basicId, simulated: lineAccounts.simulated })
    .from(lineAccounts)
    .where(eq(lineAccounts.id, scope.lineAccountId));
  return row;
}

/** Whether the channel has any route (a follow is kept for a later callback only where one may come). */
export async function hasRoutes(db: Db, scope: ChannelScope): Promise<boolean> {
  const [row] = await db
    .select({ id: inflowRoutes.id })
    .from(inflowRoutes)
    .where(ownRoute(scope, eq(inflowRoutes.useLogin, true)))
    .limit(1);
  return row !== undefined;
}

// Visits

export async function insertVisit(
  db: Db,
  scope: ChannelScope,
  values: Omit<typeof inflowVisits.$inferInsert, 'id' | 'lineAccountId'>,
): Promise<VisitRow> {
  const [row] = await db
    .insert(inflowVisits)
    .values({ ...values, lineAccountId: scope.lineAccountId })
    .returning();
  return row!;
}

/**
 * A visit by its token, over every channel: LINE Login's callback carries only the token (its
 * state, unguessable); the visit's channel scopes what follows.
 */
export async function findVisitByTokenUnscoped(db: Db, token: string): Promise<VisitRow | undefined> {
  const [row] = await db.select().from(inflowVisits).where(eq(inflowVisits.token, token));
  return row;
}

export async function findVisitForUpdate(db: Db, scope: ChannelScope, id: number): Promise<VisitRow | undefined> {
  const [row] = await db
    .select()
    .from(inflowVisits)
    .where(and(eq(inflowVisits.lineAccountId, scope.lineAccountId), eq(inflowVisits.id, id)))
    .for('update');
  return row;
}

export async function updateVisit(
  db: Db,
  scope: ChannelScope,
  id: number,
  values: Partial<Omit<typeof inflowVisits.$inferInsert, 'id' | 'lineAccountId'>>,
): Promise<void> {
  await db
    .update(inflowVisits)
    .set(values)
    .where(and(eq(inflowVisits.lineAccountId, scope.lineAccountId), eq(inflowVisits.id, id)));
}

/** The latest visit of the LINE user, logged in since `since` and not attributed yet (a follow completes it). */
export async function openVisitOf(
  db: Db,
  scope: ChannelScope,
  lineUserId: string,
  since: Date,
): Promise<VisitRow | undefined> {
  const [row] = await db
    .select()
    .from(inflowVisits)
    .where(
      and(
        eq(inflowVisits.lineAccountId, scope.lineAccountId),
        eq(inflowVisits.lineUserId, lineUserId),
        gte(inflowVisits.loggedInAt, since),
        inArray(inflowVisits.phase, ['logged_in', 'awaiting_follow']),
      ),
    )
    .orderBy(desc(inflowVisits.loggedInAt), desc(inflowVisits.id))
    .limit(1)
    .for('update');
  return row;
}

/**
 * Serialises attribution for one LINE user of a channel (the callback and the follow webhook may
 * run at once, each in its own transaction): whichever takes the lock second sees the other's write.
 */
export async function lockLineUser(db: Db, scope: ChannelScope, lineUserId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`inflow:${scope.lineAccountId}:${lineUserId}`}))`);
}

// Friends

export interface FriendState {
  id: number;
  lineUserId: string;
  status: 'following' | 'blocked';
}

export async function friendByLineUser(
  db: Db,
  scope: ChannelScope,
  lineUserId: string,
): Promise<FriendState | undefined> {
  const [row] = await db
    .select({ id: friends.id, lineUserId: friends.lineUserId, status: friends.status })
    .from(friends)
    .where(and(eq(friends.lineAccountId, scope.lineAccountId), eq(friends.lineUserId, lineUserId)));
  return row;
}

export async function friendById(db: Db, scope: ChannelScope, id: number): Promise<FriendState | undefined> {
  const [row] = await db
    .select({ id: friends.id, lineUserId: friends.lineUserId, status: friends.status })
    .from(friends)
    .where(and(eq(friends.lineAccountId, scope.lineAccountId), eq(friends.id, id)));
  return row;
}

// Pending follows

export async function insertPendingFollow(
  db: Db,
  scope: ChannelScope,
  values: { friendId: number; webhookEventId: number; kind: 'new' | 're_add' | 'unblock'; occurredAt: Date },
): Promise<void> {
  await db
    .insert(inflowPendingFollows)
    .values({ ...values, lineAccountId: scope.lineAccountId })
    .onConflictDoNothing();
}

/** The friend's latest follow since `since` that no visit took yet. */
export async function untakenFollow(db: Db, scope: ChannelScope, friendId: number, since: Date) {
  const [row] = await db
    .select()
    .from(inflowPendingFollows)
    .where(
      and(
        eq(inflowPendingFollows.lineAccountId, scope.lineAccountId),
        eq(inflowPendingFollows.friendId, friendId),
        gte(inflowPendingFollows.occurredAt, since),
        isNull(inflowPendingFollows.takenAt),
      ),
    )
    .orderBy(desc(inflowPendingFollows.occurredAt), desc(inflowPendingFollows.id))
    .limit(1);
  return row;
}

export async function takeFollow(db: Db, scope: ChannelScope, id: number, at: Date): Promise<void> {
  await db
    .update(inflowPendingFollows)
    .set({ takenAt: at })
    .where(and(eq(inflowPendingFollows.lineAccountId, scope.lineAccountId), eq(inflowPendingFollows.id, id)));
}

// Attributions

export async function insertAttribution(
  db: Db,
  scope: ChannelScope,
  values: Omit<typeof inflowAttributions.$inferInsert, 'id' | 'lineAccountId'>,
): Promise<AttributionRow> {
  const [row] = await db
    .insert(inflowAttributions)
    .values({ ...values, lineAccountId: scope.lineAccountId })
    .returning();
  return row!;
}

/**
 * The friend's latest attribution to a route that still exists (last touch), with the URL parameters
 * of the visit that attributed them.
 */
export async function lastTouch(db: Db, scope: ChannelScope, friendId: number) {
  const [row] = await db
    .select({ routeId: inflowRoutes.id, routeName: inflowRoutes.name, params: inflowVisits.params })
    .from(inflowAttributions)
    .innerJoin(
      inflowRoutes,
      and(
        eq(inflowRoutes.lineAccountId, inflowAttributions.lineAccountId),
        eq(inflowRoutes.id, inflowAttributions.routeId),
      ),
    )
    .leftJoin(
      inflowVisits,
      and(
        eq(inflowVisits.lineAccountId, inflowAttributions.lineAccountId),
        eq(inflowVisits.id, inflowAttributions.visitId),
      ),
    )
    .where(and(eq(inflowAttributions.lineAccountId, scope.lineAccountId), eq(inflowAttributions.friendId, friendId)))
    .orderBy(desc(inflowAttributions.attributedAt), desc(inflowAttributions.id))
    .limit(1);
  return row;
}

/** Whether the friend has any attribution (the next one is not their first touch). */
export async function hasAttribution(db: Db, scope: ChannelScope, friendId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: inflowAttributions.id })
    .from(inflowAttributions)
    .where(and(eq(inflowAttributions.lineAccountId, scope.lineAccountId), eq(inflowAttributions.friendId, friendId)))
    .limit(1);
  return row !== undefined;
}

/** Whether the friend was added through the route before (first-add-only actions never run again). */
export async function addedThroughRoute(
  db: Db,
  scope: ChannelScope,
  friendId: number,
  routeId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: inflowAttributions.id })
    .from(inflowAttributions)
    .where(
      and(
        eq(inflowAttributions.lineAccountId, scope.lineAccountId),
        eq(inflowAttributions.friendId, friendId),
        eq(inflowAttributions.routeId, routeId),
        inArray(inflowAttributions.kind, [...ADDS]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface RouteFriendRow {
  attributionId: number;
  friendId: number;
  displayName: string;
  pictureUrl: string | null;
  kind: InflowAttributionKind;
  attributedAt: Date;
  firstTouch: boolean;
  status: 'following' | 'blocked';
}

export async function routeFriends(
  db: Db,
  scope: ChannelScope,
  routeId: number,
  page: { page: number; limit: number },
): Promise<{ rows: RouteFriendRow[]; total: number }> {
  const where = and(eq(inflowAttributions.lineAccountId, scope.lineAccountId), eq(inflowAttributions.routeId, routeId));
  const [rows, [total]] = await inTurn(
    () =>
      db
        .select({
          attributionId: inflowAttributions.id,
          friendId: friends.id,
          displayName: sql<string>`coalesce(${friends.displayNameOverride}, ${friends.displayName})`,
          pictureUrl: friends.pictureUrl,
          kind: inflowAttributions.kind,
          attributedAt: inflowAttributions.attributedAt,
          firstTouch: inflowAttributions.firstTouch,
          status: friends.status,
        })
        .from(inflowAttributions)
        .innerJoin(
          friends,
          and(eq(friends.lineAccountId, inflowAttributions.lineAccountId), eq(friends.id, inflowAttributions.friendId)),
        )
        .where(where)
        .orderBy(desc(inflowAttributions.attributedAt), desc(inflowAttributions.id))
        .limit(page.limit)
        .offset((page.page - 1) * page.limit),
    () => db.select({ n: count() }).from(inflowAttributions).where(where),
  );
  return { rows, total: total?.n ?? 0 };
}

export async function friendAttributions(db: Db, scope: ChannelScope, friendId: number) {
  return db
    .select({ attribution: inflowAttributions, routeName: inflowRoutes.name })
    .from(inflowAttributions)
    .leftJoin(
      inflowRoutes,
      and(
        eq(inflowRoutes.lineAccountId, inflowAttributions.lineAccountId),
        eq(inflowRoutes.id, inflowAttributions.routeId),
      ),
    )
    .where(and(eq(inflowAttributions.lineAccountId, scope.lineAccountId), eq(inflowAttributions.friendId, friendId)))
    .orderBy(asc(inflowAttributions.attributedAt), asc(inflowAttributions.id));
}

// Charts

/** Per day (YYYY-MM-DD in the time zone) over the range: visits, friends added, blocks of the route's friends. */
export async function dailyCounts(db: Db, scope: ChannelScope, routeId: number, range: Range, timeZone: string) {
  const day = (column: SQL) => sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const [visits, adds, blocks] = await inTurn(
    () =>
      db
        .select({ day: day(sql`${inflowVisits.visitedAt}`), n: count() })
        .from(inflowVisits)
        .where(
          and(
            eq(inflowVisits.lineAccountId, scope.lineAccountId),
            eq(inflowVisits.routeId, routeId),
            gte(inflowVisits.visitedAt, range.start),
            lt(inflowVisits.visitedAt, range.end),
          ),
        )
        .groupBy(sql`1`),
    () =>
      db
        .select({ day: day(sql`${inflowAttributions.attributedAt}`), n: count() })
        .from(inflowAttributions)
        .where(
          and(
            eq(inflowAttributions.lineAccountId, scope.lineAccountId),
            eq(inflowAttributions.routeId, routeId),
            inArray(inflowAttributions.kind, [...ADDS]),
            gte(inflowAttributions.attributedAt, range.start),
            lt(inflowAttributions.attributedAt, range.end),
          ),
        )
        .groupBy(sql`1`),
    () =>
      db
        .select({ day: day(sql`${friends.blockedAt}`), n: count() })
        .from(friends)
        .where(
          and(
            eq(friends.lineAccountId, scope.lineAccountId),
            eq(friends.status, 'blocked'),
            gte(friends.blockedAt, range.start),
            lt(friends.blockedAt, range.end),
            sql`${friends.id} in (select friend_id from ${inflowAttributions}
              where line_account_id = ${scope.lineAccountId} and route_id = ${routeId})`,
          ),
        )
        .groupBy(sql`1`),
  );
  return { visits, adds, blocks };
}

/** The route's friends attributed in the range: the profile chart's population (a subquery of friend ids). */
export const routeFriendIdsSql = (scope: ChannelScope, routeId: number, range: Range): SQL =>
  sql`(select distinct friend_id from ${inflowAttributions}
    where line_account_id = ${scope.lineAccountId} and route_id = ${routeId}
    and attributed_at >= ${at(range.start)} and attributed_at < ${at(range.end)})`;

export async function profileCounts(db: Db, scope: ChannelScope, routeId: number, range: Range) {
  const population = routeFriendIdsSql(scope, routeId, range);
  const inPopulation = (column: SQL | typeof friends.id) => sql`${column} in ${population}`;
  const [total, languages, info, tagCounts, planCounts] = await inTurn(
    () =>
      db
        .select({ n: count() })
        .from(friends)
        .where(and(eq(friends.lineAccountId, scope.lineAccountId), inPopulation(friends.id))),
    () =>
      db
        .select({ label: friends.language, n: count() })
        .from(friends)
        .where(and(eq(friends.lineAccountId, scope.lineAccountId), inPopulation(friends.id)))
        .groupBy(friends.language)
        .orderBy(desc(count())),
    () =>
      db
        .select({
          fieldId: friendInfoFields.id,
          fieldName: friendInfoFields.name,
          sortIndex: friendInfoFields.sortIndex,
          label: friendInfoValues.value,
          n: count(),
        })
        .from(friendInfoValues)
        .innerJoin(
          friendInfoFields,
          and(
            eq(friendInfoFields.lineAccountId, friendInfoValues.lineAccountId),
            eq(friendInfoFields.id, friendInfoValues.fieldId),
          ),
        )
        .where(
          and(eq(friendInfoValues.lineAccountId, scope.lineAccountId), inPopulation(sql`${friendInfoValues.friendId}`)),
        )
        .groupBy(friendInfoFields.id, friendInfoFields.name, friendInfoFields.sortIndex, friendInfoValues.value)
        .orderBy(asc(friendInfoFields.sortIndex), asc(friendInfoFields.id), desc(count())),
    () =>
      db
        .select({ label: tags.name, n: count() })
        .from(friendTags)
        .innerJoin(tags, and(eq(tags.lineAccountId, friendTags.lineAccountId), eq(tags.id, friendTags.tagId)))
        .where(and(eq(friendTags.lineAccountId, scope.lineAccountId), inPopulation(sql`${friendTags.friendId}`)))
        .groupBy(tags.id, tags.name)
        .orderBy(desc(count()), asc(tags.name)),
    () =>
      db
        .select({ label: plans.name, n: sql<number>`count(distinct ${planEnrolments.friendId})`.mapWith(Number) })
        .from(planEnrolments)
        .innerJoin(
          plans,
          and(eq(plans.lineAccountId, planEnrolments.lineAccountId), eq(plans.id, planEnrolments.planId)),
        )
        .where(
          and(
            eq(planEnrolments.lineAccountId, scope.lineAccountId),
            inArray(planEnrolments.status, ['active', 'paused']),
            inPopulation(sql`${planEnrolments.friendId}`),
          ),
        )
        .groupBy(plans.id, plans.name)
        .orderBy(desc(sql`2`), asc(plans.name)),
  );
  return { total: total[0]?.n ?? 0, languages, info, tags: tagCounts, plans: planCounts };
}

/**
 * The audience leaf's condition: friends of the channel attributed to one of the routes (as their
 * first touch only, or any). Routes not live (deleted, another channel's) are UNKNOWN, Kleene-wise:
 * a friend of a live route matches; otherwise, with a gone route named, UNKNOWN (null when nothing
 * named is live), so neither the leaf nor its negation widens.
 */
export function attributedTo(routeIds: number[], live: Set<number>, firstOnly: boolean): SQL | null {
  const named = [...new Set(routeIds)];
  const alive = named.filter((id) => live.has(id));
  const matches =
    alive.length > 0
      ? sql`${friends.id} in (select friend_id from ${inflowAttributions}
    where line_account_id = ${friends.lineAccountId} and ${inArray(inflowAttributions.routeId, alive)}
    ${firstOnly ? sql`and first_touch` : sql``})`
      : undefined;
  if (alive.length === named.length) return matches ?? null;
  return matches ? sql`(${matches} or null::boolean)` : null;
}

export async function liveRouteIds(db: Db, scope: ChannelScope, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: inflowRoutes.id })
    .from(inflowRoutes)
    .where(ownRoute(scope, inArray(inflowRoutes.id, [...new Set(ids)])));
  return new Set(rows.map((row) => row.id));
}

/** The names of the channel's routes among `ids` (the dashboard's top routes). */
export async function routeNames(db: Db, scope: ChannelScope, ids: number[]): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: inflowRoutes.id, name: inflowRoutes.name })
    .from(inflowRoutes)
    .where(ownRoute(scope, inArray(inflowRoutes.id, ids)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The inflow attributions of these friends with their route's name, for the full export (channel-exports). */
export async function attributionsOfFriendsForExport(db: Db, scope: ChannelScope, friendIds: number[]) {
  if (friendIds.length === 0) return [];
  return db
    .select({
      friendId: inflowAttributions.friendId,
      routeName: inflowRoutes.name,
      kind: inflowAttributions.kind,
      firstTouch: inflowAttributions.firstTouch,
      attributedAt: inflowAttributions.attributedAt,
    })
    .from(inflowAttributions)
    .leftJoin(
      inflowRoutes,
      and(eq(inflowRoutes.lineAccountId, scope.lineAccountId), eq(inflowRoutes.id, inflowAttributions.routeId)),
    )
    .where(
      and(eq(inflowAttributions.lineAccountId, scope.lineAccountId), inArray(inflowAttributions.friendId, friendIds)),
    )
    .orderBy(asc(inflowAttributions.friendId), asc(inflowAttributions.attributedAt), asc(inflowAttributions.id));
}
