import { z } from 'zod';
import { dataOf, email, idParams, listOf, pageQuery, requiredText, timestamp } from './common.ts';
import { endpoint, heldBy } from './http.ts';

/*
 * The agency's own users (agency area, managers only): invited by e-mail with a set-password link,
 * edited, disabled. Managers do everything; members see no users screen and no contract fees. An
 * agency always keeps at least one active manager; disabling a user ends their sessions.
 */

export const AGENCY_ROLES = ['manager', 'member'] as const;
export type AgencyRole = (typeof AGENCY_ROLES)[number];
export const AGENCY_USER_STATUSES = ['active', 'disabled'] as const;

export const LAST_AGENCY_MANAGER_MESSAGE =
  'この代理店で有効なマネージャーはこの1人だけのため、無効にしたりメンバーに変更したりできません。先に別のマネージャーを招待してください。';
export const AGENCY_USER_EMAIL_TAKEN_MESSAGE = 'このメールアドレスの代理店ユーザーは既に存在します';

export const agencyUserBody = z.object({ name: requiredText(100), email, role: z.enum(AGENCY_ROLES) });
export const agencyUserUpdateBody = agencyUserBody.extend({ status: z.enum(AGENCY_USER_STATUSES) });
export type AgencyUserBody = z.input<typeof agencyUserBody>;
export type AgencyUserUpdateBody = z.input<typeof agencyUserUpdateBody>;

export const agencyUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(AGENCY_ROLES),
  status: z.enum(AGENCY_USER_STATUSES),
  /** Invited and not logged in yet. */
  invited: z.boolean(),
  /** The caller themself. */
  is_self: z.boolean(),
  last_login_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type AgencyUser = z.infer<typeof agencyUser>;

export const agencyUserListQuery = pageQuery.extend({
  /** Matches the name or e-mail. */
  q: z.string().trim().max(100).optional(),
  role: z.enum(AGENCY_ROLES).optional(),
  status: z.enum(AGENCY_USER_STATUSES).optional(),
});

const access = heldBy('agency_manager');
const permission = { none: "agency managers manage their own agency's users (the agency scope)" } as const;

export const agencyUsersApi = {
  list: endpoint({
    method: 'GET',
    path: '/agency/users',
    summary: "The caller's agency's users",
    access,
    query: agencyUserListQuery,
    response: listOf(agencyUser),
  }),
  get: endpoint({
    method: 'GET',
    path: '/agency/users/:id',
    summary: "One user of the caller's agency",
    access,
    params: idParams,
    response: dataOf(agencyUser),
  }),
  create: endpoint({
    method: 'POST',
    path: '/agency/users',
    summary: "Invite a user to the caller's agency (an e-mailed set-password link)",
    access,
    permission,
    body: agencyUserBody,
    response: dataOf(agencyUser),
    successStatus: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/agency/users/:id',
    summary: "Edit or disable an agency user (never the agency's last active manager; disabling ends their sessions)",
    access,
    permission,
    params: idParams,
    body: agencyUserUpdateBody,
    response: dataOf(agencyUser),
  }),
};
