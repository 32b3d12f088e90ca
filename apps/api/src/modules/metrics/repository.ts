import type { MetricName } from '@linq/contract';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { metricBuckets } from './schema.ts';

const HOUR_MS = 3_600_000;
/** LINE's failure reasons are kept as a breakdown; a reason longer than this is cut. */
const DETAIL_MAX = 200;

export const hourOf = (at: Date): Date => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/** Adds `count` to the metric's bucket of the hour of `at`. */
export async function addToBucket(
  db: Db,
  { lineAccountId }: ChannelScope,
  metric: MetricName,
  at: Date,
  count = 1,
  detail = '',
): Promise<void> {
  await db
    .insert(metricBuckets)
    .values({ lineAccountId, metric, detail: detail.slice(0, DETAIL_MAX), hour: hourOf(at), count })
    .onConflictDoUpdate({
      target: [metricBuckets.lineAccountId, metricBuckets.metric, metricBuckets.hour, metricBuckets.detail],
      set: { count: sql`${metricBuckets.count} + excluded.count` },
    });
}

/** The metric's hourly totals in [from, to) (hours without a bucket are absent). */
export async function hourlyTotals(
  db: Db,
  { lineAccountId }: ChannelScope,
  metric: MetricName,
  from: Date,
  to: Date,
): Promise<{ hour: Date; count: number }[]> {
  return db
    .select({ hour: metricBuckets.hour, count: sql<number>`sum(${metricBuckets.count})::int` })
    .from(metricBuckets)
    .where(
      and(
        eq(metricBuckets.lineAccountId, lineAccountId),
        eq(metricBuckets.metric, metric),
        gte(metricBuckets.hour, from),
        lt(metricBuckets.hour, to),
      ),
    )
    .groupBy(metricBuckets.hour)
    .orderBy(metricBuckets.hour);
}

/** The metric's totals per detail in [from, to), largest first. */
export async function detailTotals(
  db: Db,
  { lineAccountId }: ChannelScope,
  metric: MetricName,
  from: Date,
  to: Date,
  limit: number,
): Promise<{ detail: string; count: number }[]> {
  const total = sql<number>`sum(${metricBuckets.count})::int`;
  return db
    .select({ detail: metricBuckets.detail, count: total })
    .from(metricBuckets)
    .where(
      and(
        eq(metricBuckets.lineAccountId, lineAccountId),
        eq(metricBuckets.metric, metric),
        gte(metricBuckets.hour, from),
        lt(metricBuckets.hour, to),
      ),
    )
    .groupBy(metricBuckets.detail)
    .orderBy(desc(total))
    .limit(limit);
}
