import { z } from 'zod';
import { INCIDENT_SEVERITIES } from './abnormal-detection.ts';
import { dataOf, timestamp } from './common.ts';
import { endpoint, heldBy } from './http.ts';

/*
 * The agency dashboard: its client accounts, its live contracts and those ending soon, the monthly
 * recurring revenue of its contracts and its trend (managers only: members see no fees), and the
 * client channels with open anomalies. Dates are Japan's calendar, as the contracts' are.
 */

/** The windows "ending soon" is counted for, in days. */
export const AGENCY_ENDING_WINDOWS = [30, 60] as const;
/** How many months the revenue trend shows, this one included. */
export const REVENUE_TREND_MONTHS = 12;

export const agencyDashboard = z.object({
  client_accounts: z.number().int(),
  /** Contracts active or ending. */
  live_contracts: z.number().int(),
  /** Live contracts whose end falls within 30 and 60 days from today. */
  ending_within: z.object({ days_30: z.number().int(), days_60: z.number().int() }),
  /** The sum of the monthly fees of the contracts live today and per month; absent for members. */
  revenue: z
    .object({
      monthly_recurring_yen: z.number().int(),
      trend: z.array(z.object({ month: z.string(), yen: z.number().int() })),
    })
    .optional(),
  anomaly_channels: z.array(
    z.object({
      channel_id: z.number().int(),
      channel_name: z.string(),
      account_id: z.number().int(),
      account_name: z.string(),
      open: z.record(z.enum(INCIDENT_SEVERITIES), z.number().int()),
      last_seen_at: timestamp,
    }),
  ),
});
export type AgencyDashboard = z.infer<typeof agencyDashboard>;

export const agencyDashboardApi = {
  get: endpoint({
    method: 'GET',
    path: '/agency/dashboard',
    summary: "The agency's figures: clients, contracts, recurring revenue (managers), channels with open anomalies",
    access: heldBy('agency_user'),
    response: dataOf(agencyDashboard),
  }),
};
