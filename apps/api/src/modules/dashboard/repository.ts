import type { DashboardTopKind } from '@linq/contract';
import { and, count, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { incidents } from '../abnormal-detection/schema.ts';
import { deliveries } from '../delivery/schema.ts';
import { friends, friendStatusCounts } from '../friends/schema.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { metricBuckets } from '../metrics/schema.ts';
import { plans } from '../plans/schema.ts';
import { dashboardTops } from './schema.ts';

const HOUR_MS = 3_600_000;
const hourOf = (at: Date): Date => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/** Friends by status, as the triggers on `friends` keep them (friends/schema.ts): two rows, whatever the channel's size. */
export async function friendCounts(db: Db, { lineAccountId }: ChannelScope) {
  return db
    .select({ status: friendStatusCounts.status, n: friendStatusCounts.friends })
    .from(friendStatusCounts)
    .where(eq(friendStatusCounts.lineAccountId, lineAccountId));
}

/** Friends with unread messages (the partial unread index holds only those). */
export async function unreadTalks(db: Db, { lineAccountId }: ChannelScope): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(friends)
    .where(and(eq(friends.lineAccountId, lineAccountId), sql`${friends.unreadCount} > 0`));
  return row?.n ?? 0;
}

/**
 * Follows (by kind) and blocks per day of the time zone from `from` on, read from the metrics
 * roll-up: at most 24 rows per day and kind.
 */
export async function followsAndBlocksByDay(db: Db, { lineAccountId }: ChannelScope, from: Date, timeZone: string) {
  const day = sql<string>`to_char(${metricBuckets.hour} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  return (
    db
      .select({
        day,
        metric: metricBuckets.metric,
        detail: metricBuckets.detail,
        n: sql<number>`sum(${metricBuckets.count})::int`,
      })
      .from(metricBuckets)
      .where(
        and(
          eq(metricBuckets.lineAccountId, lineAccountId),
          inArray(metricBuckets.metric, ['follows', 'blocks']),
          gte(metricBuckets.hour, hourOf(from)),
        ),
      )
      // By position: the day's expression carries the time zone as a parameter, so repeating it would not match.
      .groupBy(sql`1, 2, 3`)
  );
}

/** Unresolved incidents by severity. */
export async function openAnomalies(db: Db, { lineAccountId }: ChannelScope) {
  return db
    .select({ severity: incidents.severity, n: count() })
    .from(incidents)
    .where(and(eq(incidents.lineAccountId, lineAccountId), ne(incidents.status, 'resolved')))
    .groupBy(incidents.severity);
}

/** Whether the channel has its token, and a welcome scenario (one started by a new friend). */
export async function setupOf(db: Db, { lineAccountId }: ChannelScope) {
  const [channel] = await db
    .select({ connected: sql<boolean>`${lineAccounts.channelAccessTokenSealed} is not null` })
    .from(lineAccounts)
    .where(eq(lineAccounts.id, lineAccountId));
  const [welcome] = await db
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.lineAccountId, lineAccountId), eq(plans.scenarioTrigger, 'friend_added')))
    .limit(1);
  return { connected: channel?.connected ?? false, hasWelcome: welcome !== undefined };
}

/** A settled delivery's source and how many friends it went to. */
export async function deliverySource(db: Db, { lineAccountId }: ChannelScope, deliveryId: number) {
  const [row] = await db
    .select({
      source: deliveries.source,
      sourceId: deliveries.sourceId,
      recipients: sql<number>`cardinality(${deliveries.friendIds})`,
    })
    .from(deliveries)
    .where(and(eq(deliveries.id, deliveryId), eq(deliveries.lineAccountId, lineAccountId)));
  return row ?? null;
}

export async function addToTop(
  db: Db,
  { lineAccountId }: ChannelScope,
  kind: DashboardTopKind,
  refId: number,
  at: Date,
  n: number,
): Promise<void> {
  await db
    .insert(dashboardTops)
    .values({ lineAccountId, kind, refId, hour: hourOf(at), count: n })
    .onConflictDoUpdate({
      target: [dashboardTops.lineAccountId, dashboardTops.kind, dashboardTops.hour, dashboardTops.refId],
      set: { count: sql`${dashboardTops.count} + excluded.count` },
    });
}

/** The kind's items with the most sends in [from, to), most first. */
export async function topItems(
  db: Db,
  { lineAccountId }: ChannelScope,
  kind: DashboardTopKind,
  from: Date,
  to: Date,
  limit: number,
) {
  const total = sql<number>`sum(${dashboardTops.count})::int`;
  return db
    .select({ id: dashboardTops.refId, n: total })
    .from(dashboardTops)
    .where(
      and(
        eq(dashboardTops.lineAccountId, lineAccountId),
        eq(dashboardTops.kind, kind),
        gte(dashboardTops.hour, hourOf(from)),
        lt(dashboardTops.hour, to),
      ),
    )
    .groupBy(dashboardTops.refId)
    .orderBy(desc(total), dashboardTops.refId)
    .limit(limit);
}
