import type { z } from 'zod';
import {
  ADMIN_EMAIL_TAKEN_MESSAGE,
  LAST_ADMIN_MESSAGE,
  type adminBody,
  type adminListQuery,
  type adminUpdateBody,
  type AdminUser,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import type { AdminPrincipal, OemScope } from '../../platform/principal.ts';
import { unknownPasswordHash } from '../agencies/service.ts';
import { sendInvitation } from '../passwords/service.ts';
import { revokeSessionsOfUsers } from '../sessions/authenticate.ts';
import * as repo from './management-repository.ts';

/*
 * The admin area's admins screen: the acting OEM's admins, invited by e-mail, edited and disabled.
 * (service.ts makes the first platform admin from the command line.)
 */

const ADMIN = '管理者';

type ListQuery = z.output<typeof adminListQuery>;
type CreateInput = z.output<typeof adminBody>;
type UpdateInput = z.output<typeof adminUpdateBody>;

export async function list(ctx: AppContext, caller: AdminPrincipal, scope: OemScope, query: ListQuery) {
  const { rows, total } = await repo.list(ctx.database.db, scope, query);
  return {
    data: rows.map((row) => present(caller, row)),
    total_item_count: total,
    pagination: { current: query.page, pageSize: query.limit },
  };
}

export async function get(ctx: AppContext, caller: AdminPrincipal, scope: OemScope, id: number): Promise<AdminUser> {
  const row = await repo.find(ctx.database.db, scope, id);
  if (!row) throw notFound(ADMIN);
  return present(caller, row);
}

/** An admin login of the OEM with a password nobody knows, and an e-mailed link to set it. */
export async function invite(
  ctx: AppContext,
  caller: AdminPrincipal,
  scope: OemScope,
  input: CreateInput,
): Promise<AdminUser> {
  const db = ctx.database.db;
  if (await repo.emailTaken(db, input.email)) throw fieldError('email', ADMIN_EMAIL_TAKEN_MESSAGE);
  const admin = await repo.insert(db, scope, {
    name: input.name,
    email: input.email,
    passwordHash: await unknownPasswordHash(),
  });
  await sendInvitation(ctx, 'admin', admin, `${await repo.serviceName(db, scope)} 管理画面`);
  return present(caller, admin);
}

/** Never leaves the OEM without an active admin (422); disabling ends the admin's sessions. */
export async function update(
  ctx: AppContext,
  caller: AdminPrincipal,
  scope: OemScope,
  id: number,
  input: UpdateInput,
): Promise<AdminUser> {
  const row = await ctx.database.db.transaction(async (tx) => {
    const others = await repo.otherActiveAdmins(tx, scope, id);
    const current = await repo.find(tx, scope, id);
    if (!current) throw notFound(ADMIN);
    if (input.status === 'disabled' && current.status === 'active' && others === 0) {
      throw fieldError('status', LAST_ADMIN_MESSAGE);
    }
    if (await repo.emailTaken(tx, input.email, id)) throw fieldError('email', ADMIN_EMAIL_TAKEN_MESSAGE);
    const updated = await repo.update(tx, scope, id, input);
    if (!updated) throw notFound(ADMIN);
    if (input.status === 'disabled' && current.status === 'active') await revokeSessionsOfUsers(tx, [id]);
    return updated;
  });
  return present(caller, row);
}

function present(caller: AdminPrincipal, row: repo.AdminRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    status: row.status,
    invited: row.lastLoginAt === null,
    is_self: row.id === caller.userId,
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
