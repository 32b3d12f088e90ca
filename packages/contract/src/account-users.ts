import { z } from 'zod';
import {
  dataOf,
  email,
  id,
  idParams,
  listOf,
  newPassword,
  okMessage,
  pageQuery,
  requiredText,
  timestamp,
} from './common.ts';
import { endpoint, heldBy } from './http.ts';

export const USER_STATUSES = ['active', 'disabled'] as const;

export const accountUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  status: z.enum(USER_STATUSES),
  staff_authority: z.object({ id: z.number().int(), name: z.string() }),
  line_account_ids: z.array(z.number().int()),
  last_login_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type AccountUser = z.infer<typeof accountUser>;

const lineAccountIds = z.array(id).min(1, { message: 'チャネルを1つ以上選択してください' });
export const accountUserCreate = z.object({
  name: requiredText(100),
  email,
  password: newPassword,
  status: z.enum(USER_STATUSES).default('active'),
  staff_authority_id: id,
  line_account_ids: lineAccountIds,
});
export const accountUserUpdate = z.object({
  id: id.optional(),
  name: requiredText(100),
  email,
  /** Empty or absent keeps the current password. */
  password: z.union([z.literal(''), newPassword]).optional(),
  status: z.enum(USER_STATUSES),
  staff_authority_id: id,
  line_account_ids: lineAccountIds,
});
export type AccountUserCreate = z.input<typeof accountUserCreate>;
export type AccountUserUpdate = z.input<typeof accountUserUpdate>;

export const accountUserListQuery = pageQuery.extend({
  q: z.string().trim().max(100).optional(),
  status: z.enum(USER_STATUSES).optional(),
  staff_authority_id: id.optional(),
});

const access = heldBy('account_owner');
const owner = { none: 'the account owner manages every staff user of the account' };

export const accountUsersApi = {
  list: endpoint({
    method: 'GET',
    path: '/account/users',
    summary: 'Staff users of the account',
    access,
    query: accountUserListQuery,
    response: listOf(accountUser),
  }),
  get: endpoint({
    method: 'GET',
    path: '/account/users/:id',
    summary: 'One staff user',
    access,
    params: idParams,
    response: dataOf(accountUser),
  }),
  create: endpoint({
    method: 'POST',
    path: '/account/users',
    summary: 'Create a staff user',
    access,
    permission: owner,
    body: accountUserCreate,
    response: dataOf(accountUser),
    successStatus: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/account/users/:id',
    summary: 'Update a staff user (disabling or a new password ends their sessions)',
    access,
    permission: owner,
    params: idParams,
    body: accountUserUpdate,
    response: dataOf(accountUser),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/account/users/:id',
    summary: 'Delete a staff user',
    access,
    permission: owner,
    params: idParams,
    response: okMessage,
  }),
};
