import { z } from 'zod';
import { dataOf, timestamp } from './common.ts';
import { endpoint, sessionOf } from './http.ts';
import { INCIDENT_SEVERITIES } from './abnormal-detection.ts';

/*
 * The channel's dashboard (issue 27, DESIGN.md section 6): figures from the worker's roll-ups and
 * indexed counts, never a scan of the message table; LINE's quota is its own call, so a slow or
 * unreachable LINE leaves the rest of the page standing.
 */

export const DASHBOARD_PERIODS = ['7', '30', '90'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

export const dashboardQuery = z.object({ days: z.enum(DASHBOARD_PERIODS).default('30') });
export type DashboardQuery = z.infer<typeof dashboardQuery>;

const count = z.number().int();

export const friendFigures = z.object({
  total: count,
  following: count,
  blocked: count,
});

export const dashboardDay = z.object({
  /** YYYY-MM-DD in the account's time zone. */
  day: z.string(),
  follows: count,
  blocks: count,
});

/** What a module contributes to the dashboard's tops (plans now, inflow routes later). */
export const DASHBOARD_TOP_KINDS = ['plans', 'inflows'] as const;
export type DashboardTopKind = (typeof DASHBOARD_TOP_KINDS)[number];

export const dashboardTopItem = z.object({ id: z.number().int(), label: z.string(), value: count });
export const dashboardTop = z.object({ kind: z.enum(DASHBOARD_TOP_KINDS), items: z.array(dashboardTopItem) });
export type DashboardTop = z.infer<typeof dashboardTop>;

export const dashboard = z.object({
  days: z.enum(DASHBOARD_PERIODS),
  friends: friendFigures,
  /** The change over the period: now against the period's start. */
  change: friendFigures,
  series: z.array(dashboardDay),
  unread_talks: count,
  open_anomalies: z.record(z.enum(INCIDENT_SEVERITIES), count),
  tops: z.array(dashboardTop),
  /** What a new channel does first; all true once it runs. */
  setup: z.object({ connected: z.boolean(), has_friends: z.boolean(), has_welcome: z.boolean() }),
});
export type Dashboard = z.infer<typeof dashboard>;

export const dashboardQuota = z.object({
  /** LINE's monthly limit; null when the plan has none. */
  limit: count.nullable(),
  /** Messages counted against it this month, as LINE reports. */
  used: count,
  /** `used` carried at this month's pace to its end. */
  forecast: count,
  month_end: timestamp,
});
export type DashboardQuota = z.infer<typeof dashboardQuota>;

const access = sessionOf('service');
const view = { permission: { feature: 'dashboard', level: 'view' } } as const;

/** The channel's dashboard (LineAccountId header). */
export const dashboardApi = {
  get: endpoint({
    method: 'GET',
    path: '/service/dashboard',
    summary: "The channel's figures over the last 7, 30 or 90 days, from roll-ups",
    access,
    ...view,
    query: dashboardQuery,
    response: dataOf(dashboard),
  }),
  quota: endpoint({
    method: 'GET',
    path: '/service/dashboard/quota',
    summary: "This month's messages against LINE's monthly quota, read from LINE, with the forecast to month end",
    access,
    ...view,
    response: dataOf(dashboardQuota.nullable()),
  }),
};
