import { z } from 'zod';
import { actingOemQuery } from './admin-scope.ts';
import { OEM_ADMIN_PERMISSION } from './tenant-admin.ts';
import { dataOf, email, idParams, listOf, pageQuery, requiredText, timestamp } from './common.ts';
import { anyAdmin, endpoint } from './http.ts';

/*
 * Admins (admin area): the acting OEM's administrators: invited by e-mail, edited, disabled. An
 * OEM always keeps at least one active admin; disabling one ends their sessions.
 */

export const ADMIN_STATUSES = ['active', 'disabled'] as const;
export const LAST_ADMIN_MESSAGE =
  'このOEMで有効な管理者はこの1人だけのため、無効にできません。先に別の管理者を招待してください。';
export const ADMIN_EMAIL_TAKEN_MESSAGE = 'このメールアドレスの管理者は既に存在します';

export const adminBody = z.object({ name: requiredText(100), email });
export const adminUpdateBody = adminBody.extend({ status: z.enum(ADMIN_STATUSES) });
export type AdminBody = z.input<typeof adminBody>;
export type AdminUpdateBody = z.input<typeof adminUpdateBody>;

export const adminUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  status: z.enum(ADMIN_STATUSES),
  /** Invited and not logged in yet. */
  invited: z.boolean(),
  /** The caller themself. */
  is_self: z.boolean(),
  last_login_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminListQuery = pageQuery.extend(actingOemQuery.shape).extend({
  q: z.string().trim().max(100).optional(),
  status: z.enum(ADMIN_STATUSES).optional(),
});

const access = anyAdmin;
const permission = OEM_ADMIN_PERMISSION;

export const adminsApi = {
  list: endpoint({
    method: 'GET',
    path: '/admin/admins',
    summary: "The acting OEM's admins",
    access,
    query: adminListQuery,
    response: listOf(adminUser),
  }),
  get: endpoint({
    method: 'GET',
    path: '/admin/admins/:id',
    summary: 'One admin of the acting OEM',
    access,
    params: idParams,
    query: actingOemQuery,
    response: dataOf(adminUser),
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/admins',
    summary: 'Invite an admin to the acting OEM (an e-mailed set-password link)',
    access,
    permission,
    query: actingOemQuery,
    body: adminBody,
    response: dataOf(adminUser),
    successStatus: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/admins/:id',
    summary: "Edit or disable an admin (never the OEM's last active one; disabling ends their sessions)",
    access,
    permission,
    params: idParams,
    query: actingOemQuery,
    body: adminUpdateBody,
    response: dataOf(adminUser),
  }),
};
