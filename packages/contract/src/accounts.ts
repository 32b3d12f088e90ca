import { z } from 'zod';
import { actingOemQuery } from './admin-scope.ts';
import { OEM_ADMIN_PERMISSION, TENANT_STATUSES } from './tenant-admin.ts';
import { tenantUser } from './agencies.ts';
import { dataOf, email, id, idParams, listOf, okMessage, pageQuery, requiredText, timestamp } from './common.ts';
import { anyAdmin, endpoint } from './http.ts';
import { LINE_ACCOUNT_STATUSES } from './line-accounts.ts';
import { OEM_PLAN_STATUSES } from './oem-plans.ts';
import { accountUsage } from './plan-limits.ts';

/*
 * Accounts (admin area): the customer companies of the acting OEM: company, owner login (invited by
 * e-mail), agency (optional, same OEM), OEM plan, time zone and status. A suspended account's
 * logins and sends stop.
 */

export const ACCOUNT_SUSPENDED_LOGIN_MESSAGE =
  'このアカウントは利用停止中のためログインできません。運営会社にお問い合わせください。';
export const ACCOUNT_SUSPENDED_SEND_MESSAGE = 'アカウントが利用停止中のため送信しませんでした';
export const UNKNOWN_AGENCY_MESSAGE = '選択された代理店が見つかりません';
export const UNKNOWN_PLAN_MESSAGE = '選択されたプランが見つかりません';
export const RETIRED_PLAN_MESSAGE = '提供終了したプランは選べません';
export const TIME_ZONE_MESSAGE = 'タイムゾーンが正しくありません（例: Asia/Tokyo）';

/** A time zone the runtime knows by its IANA name. */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
export const timeZoneField = z
  .string()
  .trim()
  .min(1, { message: '入力してください' })
  .max(64, { message: TIME_ZONE_MESSAGE })
  .refine(isTimeZone, { message: TIME_ZONE_MESSAGE });

const accountFields = {
  name: requiredText(100),
  agency_id: id.nullable().default(null),
  oem_plan_id: id.nullable().default(null),
  time_zone: timeZoneField.default('Asia/Tokyo'),
  status: z.enum(TENANT_STATUSES).default('active'),
};
export const accountCreateBody = z.object({
  ...accountFields,
  /** The owner login (account area): invited by e-mail with a set-password link. */
  owner_name: requiredText(100),
  owner_email: email,
});
export const accountUpdateBody = z.object(accountFields);
export type AccountCreateBody = z.input<typeof accountCreateBody>;
export type AccountUpdateBody = z.input<typeof accountUpdateBody>;

const named = z.object({ id: z.number().int(), name: z.string() });

export const adminAccount = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(TENANT_STATUSES),
  time_zone: z.string(),
  oem: named,
  agency: named.nullable(),
  plan: named.extend({ status: z.enum(OEM_PLAN_STATUSES) }).nullable(),
  owner: tenantUser.nullable(),
  channel_count: z.number().int(),
  staff_count: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type AdminAccount = z.infer<typeof adminAccount>;

export const adminAccountDetail = adminAccount.extend({
  channels: z.array(named.extend({ status: z.enum(LINE_ACCOUNT_STATUSES) })),
  staff: z.array(tenantUser.extend({ staff_authority: z.string().nullable() })),
  /** Usage against the plan's limits, as the account owner sees it at /account/usage. */
  usage: accountUsage,
});
export type AdminAccountDetail = z.infer<typeof adminAccountDetail>;

export const adminAccountListQuery = pageQuery.extend(actingOemQuery.shape).extend({
  /** Matches the company or the owner's name or e-mail. */
  q: z.string().trim().max(100).optional(),
  status: z.enum(TENANT_STATUSES).optional(),
  agency_id: id.optional(),
  oem_plan_id: id.optional(),
});

const access = anyAdmin;
const permission = OEM_ADMIN_PERMISSION;

export const adminAccountsApi = {
  list: endpoint({
    method: 'GET',
    path: '/admin/accounts',
    summary: "The acting OEM's accounts",
    access,
    query: adminAccountListQuery,
    response: listOf(adminAccount),
  }),
  get: endpoint({
    method: 'GET',
    path: '/admin/accounts/:id',
    summary: 'One account with its channels and staff',
    access,
    params: idParams,
    query: actingOemQuery,
    response: dataOf(adminAccountDetail),
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/accounts',
    summary: 'Create an account of the acting OEM and invite its owner',
    access,
    permission,
    query: actingOemQuery,
    body: accountCreateBody,
    response: dataOf(adminAccountDetail),
    successStatus: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/accounts/:id',
    summary: "Update an account (suspending it ends its users' sessions and stops its sends)",
    access,
    permission,
    params: idParams,
    query: actingOemQuery,
    body: accountUpdateBody,
    response: dataOf(adminAccountDetail),
  }),
  inviteOwner: endpoint({
    method: 'POST',
    path: '/admin/accounts/:id/owner_invitation',
    summary: 'Mail the account owner a new set-password link',
    access,
    permission,
    params: idParams,
    query: actingOemQuery,
    response: okMessage,
  }),
};
