import { z } from 'zod';
import { INCIDENT_SEVERITIES } from './abnormal-detection.ts';
import { actingOemQuery } from './admin-scope.ts';
import { dataOf, timestamp } from './common.ts';
import { anyAdmin, endpoint } from './http.ts';
import { INQUIRY_CATEGORIES, INQUIRY_STATUSES } from './inquiries.ts';
import { planLimitFigure } from './plan-limits.ts';

/*
 * The admin home (/admin): the acting OEM's figures at a glance, the accounts near a limit of their
 * OEM plan, open anomalies across its channels by severity, and recent support inquiries.
 */

/** How many rows each list section shows at most. */
export const ADMIN_HOME_LIST_MAX = 10;

const named = z.object({ id: z.number().int(), name: z.string() });

export const adminHome = z.object({
  counts: z.object({
    /** Every OEM of the platform: platform admins only (null for an OEM admin). */
    oems: z.number().int().nullable(),
    agencies: z.number().int(),
    accounts: z.number().int(),
    channels: z.number().int(),
    /** Friends following the channels (blocked ones not counted). */
    friends: z.number().int(),
    /** Messages LINE accepted this month (Japan's calendar month, as LINE's quota counts). */
    messages_this_month: z.number().int(),
  }),
  near_limits: z.array(
    z.object({
      account: named,
      plan: named,
      limits: z.array(planLimitFigure),
    }),
  ),
  anomalies: z.object({
    by_severity: z.array(z.object({ severity: z.enum(INCIDENT_SEVERITIES), count: z.number().int() })),
    recent: z.array(
      z.object({
        id: z.number().int(),
        detector: z.string(),
        severity: z.enum(INCIDENT_SEVERITIES),
        channel: named,
        account: named,
        last_seen_at: timestamp,
      }),
    ),
  }),
  inquiries: z.array(
    z.object({
      id: z.number().int(),
      subject: z.string(),
      category: z.enum(INQUIRY_CATEGORIES),
      status: z.enum(INQUIRY_STATUSES),
      account: named,
      channel: named,
      created_at: timestamp,
    }),
  ),
});
export type AdminHome = z.infer<typeof adminHome>;

export const adminHomeApi = {
  get: endpoint({
    method: 'GET',
    path: '/admin/home',
    summary: "The acting OEM's figures, accounts near their plan limits, open anomalies and recent inquiries",
    access: anyAdmin,
    query: actingOemQuery,
    response: dataOf(adminHome),
  }),
};
