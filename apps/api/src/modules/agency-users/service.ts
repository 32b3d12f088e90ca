import type { z } from 'zod';
import {
  AGENCY_USER_EMAIL_TAKEN_MESSAGE,
  LAST_AGENCY_MANAGER_MESSAGE,
  type agencyUserBody,
  type agencyUserListQuery,
  type agencyUserUpdateBody,
  type AgencyUser,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import type { AgencyPrincipal, AgencyScope } from '../../platform/principal.ts';
import { unknownPasswordHash } from '../agencies/service.ts';
import { sendInvitation } from '../passwords/service.ts';
import { revokeSessionsOfUsers } from '../sessions/authenticate.ts';
import * as repo from './repository.ts';

/* The agency area's users screen: the agency's own logins, invited by e-mail, edited and disabled. */

const USER = 'ユーザー';

type ListQuery = z.output<typeof agencyUserListQuery>;
type CreateInput = z.output<typeof agencyUserBody>;
type UpdateInput = z.output<typeof agencyUserUpdateBody>;

export async function list(ctx: AppContext, caller: AgencyPrincipal, scope: AgencyScope, query: ListQuery) {
  const { rows, total } = await repo.list(ctx.database.db, scope, query);
  return {
    data: rows.map((row) => present(caller, row)),
    total_item_count: total,
    pagination: { current: query.page, pageSize: query.limit },
  };
}

export async function get(
  ctx: AppContext,
  caller: AgencyPrincipal,
  scope: AgencyScope,
  id: number,
): Promise<AgencyUser> {
  const row = await repo.find(ctx.database.db, scope, id);
  if (!row) throw notFound(USER);
  return present(caller, row);
}

/** A login of the agency with a password nobody knows, and an e-mailed link to set it. */
export async function invite(
  ctx: AppContext,
  caller: AgencyPrincipal,
  scope: AgencyScope,
  input: CreateInput,
): Promise<AgencyUser> {
  const db = ctx.database.db;
  if (await repo.emailTaken(db, input.email)) throw fieldError('email', AGENCY_USER_EMAIL_TAKEN_MESSAGE);
  const user = await repo.insert(db, scope, {
    name: input.name,
    email: input.email,
    agencyRole: input.role,
    passwordHash: await unknownPasswordHash(),
  });
  await sendInvitation(ctx, 'agency', user, `${await repo.serviceName(db, scope)} 代理店画面`);
  return present(caller, user);
}

/**
 * Never leaves the agency without an active manager (422: neither by disabling nor by making them a
 * member); disabling ends the user's sessions, and so does a role change (their screens change).
 */
export async function update(
  ctx: AppContext,
  caller: AgencyPrincipal,
  scope: AgencyScope,
  id: number,
  input: UpdateInput,
): Promise<AgencyUser> {
  const row = await ctx.database.db.transaction(async (tx) => {
    const others = await repo.otherActiveManagers(tx, scope, id);
    const current = await repo.find(tx, scope, id);
    if (!current) throw notFound(USER);
    const activeManagerBefore = current.status === 'active' && current.agencyRole === 'manager';
    const activeManagerAfter = input.status === 'active' && input.role === 'manager';
    if (activeManagerBefore && !activeManagerAfter && others === 0) {
      throw fieldError(input.status === 'disabled' ? 'status' : 'role', LAST_AGENCY_MANAGER_MESSAGE);
    }
    if (await repo.emailTaken(tx, input.email, id)) throw fieldError('email', AGENCY_USER_EMAIL_TAKEN_MESSAGE);
    const updated = await repo.update(tx, scope, id, {
      name: input.name,
      email: input.email,
      agencyRole: input.role,
      status: input.status,
    });
    if (!updated) throw notFound(USER);
    const disabled = input.status === 'disabled' && current.status === 'active';
    if (disabled || current.agencyRole !== input.role) await revokeSessionsOfUsers(tx, [id]);
    return updated;
  });
  return present(caller, row);
}

function present(caller: AgencyPrincipal, row: repo.AgencyUserRow): AgencyUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.agencyRole ?? 'member',
    status: row.status,
    invited: row.lastLoginAt === null,
    is_self: row.id === caller.userId,
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
