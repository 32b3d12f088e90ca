import { z } from 'zod';
import { actingOemQuery } from './admin-scope.ts';
import { OEM_ADMIN_PERMISSION, TENANT_STATUSES } from './tenant-admin.ts';
import {
  dataOf,
  email,
  id,
  idParams,
  listOf,
  okMessage,
  optionalText,
  pageQuery,
  requiredText,
  timestamp,
} from './common.ts';
import { anyAdmin, endpoint } from './http.ts';

/*
 * Agencies (admin area): the resellers of the acting OEM, their contact, their users (invited by
 * e-mail with a set-password link) and their accounts. A suspended agency's users cannot log in.
 */

export const AGENCY_SUSPENDED_LOGIN_MESSAGE =
  'この代理店は利用停止中のためログインできません。運営会社にお問い合わせください。';
export const AGENCY_HAS_ACCOUNTS_MESSAGE = (count: number) =>
  `この代理店には${count}件のアカウントが所属しているため削除できません。利用を止める場合は「利用停止」にしてください。`;
export const USER_EMAIL_TAKEN_MESSAGE = 'このメールアドレスは既に登録されています';
export const INVITATION_SENT_MESSAGE = '招待メールを送信しました。';

const emptyOrEmail = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => v === '' || z.email().safeParse(v).success, { message: 'メールアドレスの形式が正しくありません' });

export const agencyBody = z.object({
  name: requiredText(100),
  contact_name: optionalText(100).default(''),
  contact_email: emptyOrEmail.default(''),
  contact_phone: optionalText(30)
    .refine((v) => /^[0-9+\-() ]*$/.test(v), { message: '電話番号は半角数字とハイフンで入力してください' })
    .default(''),
  status: z.enum(TENANT_STATUSES).default('active'),
});
export type AgencyBody = z.input<typeof agencyBody>;

export const tenantUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  status: z.enum(['active', 'disabled']),
  /** Invited and not logged in yet. */
  invited: z.boolean(),
  last_login_at: timestamp.nullable(),
  created_at: timestamp,
});
export type TenantUser = z.infer<typeof tenantUser>;

export const agency = z.object({
  id: z.number().int(),
  name: z.string(),
  contact_name: z.string(),
  contact_email: z.string(),
  contact_phone: z.string(),
  status: z.enum(TENANT_STATUSES),
  oem: z.object({ id: z.number().int(), name: z.string() }),
  account_count: z.number().int(),
  user_count: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Agency = z.infer<typeof agency>;

export const agencyDetail = agency.extend({
  users: z.array(tenantUser),
  accounts: z.array(z.object({ id: z.number().int(), name: z.string(), status: z.enum(TENANT_STATUSES) })),
});
export type AgencyDetail = z.infer<typeof agencyDetail>;

export const agencyListQuery = pageQuery.extend(actingOemQuery.shape).extend({
  /** Matches the company, contact name or contact e-mail. */
  q: z.string().trim().max(100).optional(),
  status: z.enum(TENANT_STATUSES).optional(),
});

export const inviteBody = z.object({ name: requiredText(100), email });
export type InviteBody = z.input<typeof inviteBody>;

const access = anyAdmin;
const permission = OEM_ADMIN_PERMISSION;

export const agenciesApi = {
  list: endpoint({
    method: 'GET',
    path: '/admin/agencies',
    summary: "The acting OEM's agencies",
    access,
    query: agencyListQuery,
    response: listOf(agency),
  }),
  options: endpoint({
    method: 'GET',
    path: '/admin/agencies/options',
    summary: "The acting OEM's agencies (id and name), for pickers",
    access,
    query: actingOemQuery,
    response: dataOf(z.array(z.object({ id: z.number().int(), name: z.string() }))),
  }),
  get: endpoint({
    method: 'GET',
    path: '/admin/agencies/:id',
    summary: 'One agency with its users and accounts',
    access,
    params: idParams,
    query: actingOemQuery,
    response: dataOf(agencyDetail),
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/agencies',
    summary: 'Create an agency of the acting OEM',
    access,
    permission,
    query: actingOemQuery,
    body: agencyBody,
    response: dataOf(agencyDetail),
    successStatus: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/agencies/:id',
    summary: "Update an agency (suspending it ends its users' sessions)",
    access,
    permission,
    params: idParams,
    query: actingOemQuery,
    body: agencyBody,
    response: dataOf(agencyDetail),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/admin/agencies/:id',
    summary: 'Delete an agency without accounts (its users with it)',
    access,
    permission,
    params: idParams,
    query: actingOemQuery,
    response: okMessage,
  }),
  inviteUser: endpoint({
    method: 'POST',
    path: '/admin/agencies/:id/users',
    summary: 'Invite a user to the agency: a login and an e-mailed set-password link',
    access,
    permission,
    params: idParams,
    query: actingOemQuery,
    body: inviteBody,
    response: dataOf(tenantUser),
    successStatus: 201,
  }),
  setUserStatus: endpoint({
    method: 'PUT',
    path: '/admin/agencies/:id/users/:user_id',
    summary: "Enable or disable an agency user (disabling ends the user's sessions)",
    access,
    permission,
    params: z.object({ id, user_id: id }),
    query: actingOemQuery,
    body: z.object({ status: z.enum(['active', 'disabled']) }),
    response: dataOf(tenantUser),
  }),
};
