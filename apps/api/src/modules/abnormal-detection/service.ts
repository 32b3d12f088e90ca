import {
  listPage,
  type DetectionSettings,
  type DetectionThresholds,
  type Incident,
  type IncidentDetail,
  type IncidentListQuery,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { conflict, fieldError, notFound } from '../../platform/errors.ts';
import type { ChannelRequest, ChannelScope } from '../../platform/principal.ts';
import { metricSeries } from '../metrics/series.ts';
import { thresholdsOf } from './check.ts';
import * as repo from './repository.ts';

const HOUR_MS = 3_600_000;
/** The chart shows a day before the incident began and, once resolved, a day after; two weeks at most. */
const CHART_MARGIN_HOURS = 24;
const CHART_MAX_HOURS = 14 * 24;
const NOT_FOUND = '異常';

function toIncident(row: repo.IncidentRow): Incident {
  return {
    id: row.id,
    detector: row.detector,
    severity: row.severity,
    status: row.status,
    first_seen_at: row.firstSeenAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    figures: row.figures,
    affected: row.affected,
    metric: row.metric,
  };
}

export async function list(ctx: AppContext, scope: ChannelScope, query: IncidentListQuery) {
  const { rows, total } = await repo.listIncidents(ctx.database.db, scope, query);
  return listPage(rows.map(toIncident), total, query);
}

export async function get(ctx: AppContext, scope: ChannelScope, id: number): Promise<IncidentDetail> {
  const db = ctx.database.db;
  const row = await repo.findIncident(db, scope, id);
  if (!row) throw notFound(NOT_FOUND);
  const now = ctx.clock.now();
  const end = Math.min(now.getTime(), (row.resolvedAt ?? now).getTime() + CHART_MARGIN_HOURS * HOUR_MS);
  const start = row.firstSeenAt.getTime() - CHART_MARGIN_HOURS * HOUR_MS;
  const hours = Math.min(CHART_MAX_HOURS, Math.max(1, Math.ceil((end - start) / HOUR_MS) + 1));
  const series = await metricSeries(db, scope, row.metric, new Date(end), hours);
  const timeline = await repo.timelineOf(db, scope, id);
  return {
    ...toIncident(row),
    timeline: timeline.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
    series: series.map((point) => ({ at: point.at.toISOString(), value: point.value })),
  };
}

/** Staff saw it: open → acknowledged (a comment on an acknowledged one is added to its timeline). */
export async function acknowledge(ctx: AppContext, request: ChannelRequest, id: number, comment: string) {
  return act(ctx, request, id, 'acknowledged', comment);
}

/** Staff closed it; if the condition still holds, the next check raises a new incident. */
export async function resolve(ctx: AppContext, request: ChannelRequest, id: number, comment: string) {
  return act(ctx, request, id, 'resolved', comment);
}

async function act(
  ctx: AppContext,
  request: ChannelRequest,
  id: number,
  status: 'acknowledged' | 'resolved',
  comment: string,
): Promise<IncidentDetail> {
  await ctx.database.db.transaction(async (tx) => {
    const row = await repo.findIncident(tx, request, id);
    if (!row) throw notFound(NOT_FOUND);
    if (row.status === 'resolved') throw conflict('この異常はすでに解決済みです。');
    const at = ctx.clock.now();
    await repo.setStatus(tx, request, id, status, at);
    await repo.addTimeline(tx, request, { incidentId: id, kind: status, at, comment, userId: request.userId });
  });
  return get(ctx, request, id);
}

export async function settings(ctx: AppContext, request: ChannelRequest): Promise<DetectionSettings> {
  return {
    thresholds: await thresholdsOf(ctx, request),
    notify_me: await repo.isOptedIn(ctx.database.db, request.accountId, request.userId),
  };
}

export async function saveThresholds(ctx: AppContext, request: ChannelRequest, thresholds: DetectionThresholds) {
  if (thresholds.quota_critical_percent < thresholds.quota_warning_percent) {
    throw fieldError('quota_critical_percent', '警告の値以上にしてください');
  }
  if (thresholds.plan_stopped_minutes < thresholds.scheduler_lag_minutes) {
    throw fieldError('plan_stopped_minutes', '遅延の値以上にしてください');
  }
  await repo.saveThresholds(ctx.database.db, request, thresholds);
  return settings(ctx, request);
}

export async function saveNotify(ctx: AppContext, request: ChannelRequest, notify: boolean) {
  await repo.setOptIn(ctx.database.db, request.accountId, request.userId, notify);
  return settings(ctx, request);
}
