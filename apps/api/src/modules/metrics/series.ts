import type { MetricName } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { detailTotals, hourlyTotals, hourOf } from './repository.ts';

const HOUR_MS = 3_600_000;

/** One hour of a metric: its start and its count (0 when nothing happened). */
export interface HourPoint {
  at: Date;
  value: number;
}

/**
 * The read API of the roll-ups for other modules (detectors, dashboard): the metric per hour over
 * the `hours` hours that end with the hour of `until` (that hour included, so far), oldest first,
 * every hour present.
 */
export async function metricSeries(
  db: Db,
  scope: ChannelScope,
  metric: MetricName,
  until: Date,
  hours: number,
): Promise<HourPoint[]> {
  const end = new Date(hourOf(until).getTime() + HOUR_MS);
  const start = new Date(end.getTime() - hours * HOUR_MS);
  const byHour = new Map(
    (await hourlyTotals(db, scope, metric, start, end)).map((row) => [row.hour.getTime(), row.count]),
  );
  return Array.from({ length: hours }, (_, i) => {
    const at = new Date(start.getTime() + i * HOUR_MS);
    return { at, value: byHour.get(at.getTime()) ?? 0 };
  });
}

/** The metric's largest breakdowns (LINE's failure reasons) over the same window as `metricSeries`. */
export async function metricDetails(
  db: Db,
  scope: ChannelScope,
  metric: MetricName,
  until: Date,
  hours: number,
  limit = 5,
): Promise<{ detail: string; count: number }[]> {
  const end = new Date(hourOf(until).getTime() + HOUR_MS);
  return detailTotals(db, scope, metric, new Date(end.getTime() - hours * HOUR_MS), end, limit);
}
