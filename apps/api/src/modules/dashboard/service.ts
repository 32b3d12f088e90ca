import {
  INCIDENT_SEVERITIES,
  type Dashboard,
  type DashboardQuery,
  type DashboardQuota,
  type IncidentSeverity,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { accountScope, type ChannelRequest } from '../../platform/principal.ts';
import { channelLineClient } from '../abnormal-detection/line-client.ts';
import { quotaMonth } from '../abnormal-detection/detectors/quota.ts';
import { accountTimeZone } from '../friends/repository.ts';
import { DASHBOARD_TOPS } from './registry.ts';
import * as repo from './repository.ts';

const DAY_MS = 86_400_000;
const TOP_LIMIT = 5;

/** The days of the period, oldest first, ending today, as YYYY-MM-DD in the time zone. */
function periodDays(now: Date, days: number, timeZone: string): string[] {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return Array.from({ length: days }, (_, i) => format.format(new Date(now.getTime() - (days - 1 - i) * DAY_MS)));
}

/**
 * The channel's figures over the last `days` days. Friends are counts kept by triggers (two rows),
 * unread talks an indexed count; the day series, the change and the tops come from roll-ups kept by
 * the worker; the change is what the period's follows and blocks moved (a block ends following, an unblock ends blocked, a new friend adds to the total).
 */
export async function dashboard(ctx: AppContext, request: ChannelRequest, query: DashboardQuery): Promise<Dashboard> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const days = Number(query.days);
  const timeZone = await accountTimeZone(db, accountScope(request.accountId));
  const dayList = periodDays(now, days, timeZone);
  // A day or so of margin: the rows are cut to the period's days of the time zone below.
  const from = new Date(now.getTime() - (days + 1) * DAY_MS);
  const start = new Date(now.getTime() - days * DAY_MS);
  const sources = ctx.registries.all(DASHBOARD_TOPS);

  // Independent reads outside any transaction: side by side on the pool's connections.
  const [counts, followsAndBlocks, openAnomalies, ranked, setup, unreadTalks] = await Promise.all([
    repo.friendCounts(db, request),
    repo.followsAndBlocksByDay(db, request, from, timeZone),
    repo.openAnomalies(db, request),
    Promise.all(sources.map((source) => repo.topItems(db, request, source.kind, start, now, TOP_LIMIT))),
    repo.setupOf(db, request),
    repo.unreadTalks(db, request),
  ]);
  const following = counts.find((c) => c.status === 'following')?.n ?? 0;
  const blocked = counts.find((c) => c.status === 'blocked')?.n ?? 0;

  const byDay = new Map(dayList.map((day) => [day, { day, follows: 0, blocks: 0 }]));
  const change = { total: 0, following: 0, blocked: 0 };
  for (const row of followsAndBlocks) {
    const point = byDay.get(row.day);
    if (!point) continue;
    if (row.metric === 'follows') {
      point.follows += row.n;
      change.following += row.n;
      if (row.detail === 'new') change.total += row.n;
      if (row.detail === 'unblock') change.blocked -= row.n;
    } else {
      point.blocks += row.n;
      change.following -= row.n;
      change.blocked += row.n;
    }
  }

  const anomalies = Object.fromEntries(INCIDENT_SEVERITIES.map((s) => [s, 0])) as Record<IncidentSeverity, number>;
  for (const row of openAnomalies) anomalies[row.severity] = row.n;

  const named = await Promise.all(
    sources.map(async (source, i) => {
      const items = ranked[i]!;
      if (items.length === 0) return null;
      const labels = await source.labels(
        db,
        request,
        items.map((r) => r.id),
      );
      const top = items.flatMap((r) => {
        const label = labels.get(r.id);
        return label === undefined ? [] : [{ id: r.id, label, value: r.n }];
      });
      return top.length > 0 ? { kind: source.kind, items: top } : null;
    }),
  );
  const tops: Dashboard['tops'] = named.filter((top) => top !== null);

  return {
    days: query.days,
    friends: { total: following + blocked, following, blocked },
    change,
    series: [...byDay.values()],
    unread_talks: unreadTalks,
    open_anomalies: anomalies,
    tops,
    setup: { connected: setup.connected, has_friends: following + blocked > 0, has_welcome: setup.hasWelcome },
  };
}

/**
 * This month's messages against LINE's quota, read from LINE; null when the channel cannot ask
 * (no token, or LINE refuses it). The forecast carries the month's pace so far to its end.
 */
export async function quota(ctx: AppContext, request: ChannelRequest): Promise<DashboardQuota | null> {
  let quota: { limit: number | null; used: number };
  try {
    const client = await channelLineClient(ctx, request);
    if (!client) return null;
    quota = await client.messageQuota();
  } catch (error) {
    // LINE (or the channel's simulator) unreachable or refusing: the card says the quota could not be read; the page stays.
    ctx.log.warn({ err: error, lineAccountId: request.lineAccountId }, 'dashboard: message quota not read');
    return null;
  }
  const { limit, used } = quota;
  const now = ctx.clock.now();
  const { start, end } = quotaMonth(now);
  const elapsed = Math.max(now.getTime() - start.getTime(), 1);
  const forecast = Math.round((used * (end.getTime() - start.getTime())) / elapsed);
  return { limit, used, forecast, month_end: end.toISOString() };
}
