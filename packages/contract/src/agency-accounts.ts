import { z } from 'zod';
import { timeZoneField } from './accounts.ts';
import { tenantUser } from './agencies.ts';
import { dataOf, email, id, idParams, listOf, pageQuery, requiredText, timestamp } from './common.ts';
import { endpoint, heldBy } from './http.ts';
import { LINE_ACCOUNT_STATUSES } from './line-accounts.ts';
import { OEM_PLAN_STATUSES } from './oem-plans.ts';
import { TENANT_STATUSES } from './tenant-admin.ts';
import { accountUsage } from './plan-limits.ts';

/*
 * Client accounts (agency area): the accounts of the caller's agency only. Created with their owner
 * (invited by e-mail), time zone and an OEM plan of the agency's OEM; suspended and resumed. The
 * detail shows the account's channels and its use this month against its plan's limits.
 */

export const agencyAccountBody = z.object({
  name: requiredText(100),
  time_zone: timeZoneField.default('Asia/Tokyo'),
  oem_plan_id: id.nullable().default(null),
});
export const agencyAccountCreateBody = agencyAccountBody.extend({
  /** The owner login (account area): invited by e-mail with a set-password link. */
  owner_name: requiredText(100),
  owner_email: email,
});
export const agencyAccountStatusBody = z.object({ status: z.enum(TENANT_STATUSES) });
export type AgencyAccountBody = z.input<typeof agencyAccountBody>;
export type AgencyAccountCreateBody = z.input<typeof agencyAccountCreateBody>;

const named = z.object({ id: z.number().int(), name: z.string() });
export const planOption = named.extend({ status: z.enum(OEM_PLAN_STATUSES) });
export type PlanOption = z.infer<typeof planOption>;

export const agencyAccount = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(TENANT_STATUSES),
  time_zone: z.string(),
  plan: planOption.nullable(),
  owner: tenantUser.nullable(),
  channel_count: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type AgencyAccount = z.infer<typeof agencyAccount>;

export const agencyAccountDetail = agencyAccount.extend({
  channels: z.array(named.extend({ status: z.enum(LINE_ACCOUNT_STATUSES), following_friends: z.number().int() })),
  /** Friends following its channels, all together. */
  following_friends: z.number().int(),
  /** Its usage against its plan's limits, as the account itself and the admin area see it. */
  usage: accountUsage,
});
export type AgencyAccountDetail = z.infer<typeof agencyAccountDetail>;

export const agencyAccountListQuery = pageQuery.extend({
  /** Matches the company or the owner's name or e-mail. */
  q: z.string().trim().max(100).optional(),
  status: z.enum(TENANT_STATUSES).optional(),
  oem_plan_id: id.optional(),
});

const access = heldBy('agency_user');
const permission = { none: "agency users manage their own agency's client accounts (the agency scope)" } as const;

export const agencyAccountsApi = {
  list: endpoint({
    method: 'GET',
    path: '/agency/accounts',
    summary: "The caller's agency's client accounts",
    access,
    query: agencyAccountListQuery,
    response: listOf(agencyAccount),
  }),
  options: endpoint({
    method: 'GET',
    path: '/agency/accounts/options',
    summary: "The agency's client accounts (id and name), for pickers",
    access,
    response: dataOf(z.array(named)),
  }),
  plans: endpoint({
    method: 'GET',
    path: '/agency/plans',
    summary: "The plans of the agency's OEM, for pickers (retired ones marked)",
    access,
    response: dataOf(z.array(planOption)),
  }),
  get: endpoint({
    method: 'GET',
    path: '/agency/accounts/:id',
    summary: 'One client account with its channels and its use against its plan',
    access,
    params: idParams,
    response: dataOf(agencyAccountDetail),
  }),
  create: endpoint({
    method: 'POST',
    path: '/agency/accounts',
    summary: 'Create a client account of the agency and invite its owner',
    access,
    permission,
    body: agencyAccountCreateBody,
    response: dataOf(agencyAccountDetail),
    successStatus: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/agency/accounts/:id',
    summary: 'Edit a client account (company, time zone, plan)',
    access,
    permission,
    params: idParams,
    body: agencyAccountBody,
    response: dataOf(agencyAccountDetail),
  }),
  setStatus: endpoint({
    method: 'PUT',
    path: '/agency/accounts/:id/status',
    summary: "Suspend or resume a client account (suspending ends its users' sessions and stops its sends)",
    access,
    permission,
    params: idParams,
    body: agencyAccountStatusBody,
    response: dataOf(agencyAccountDetail),
  }),
};
