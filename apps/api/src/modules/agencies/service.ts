import type { z } from 'zod';
import {
  AGENCY_HAS_ACCOUNTS_MESSAGE,
  USER_EMAIL_TAKEN_MESSAGE,
  type AgencyDetail,
  type agencyBody,
  type agencyListQuery,
  type Agency,
  type inviteBody,
  type TenantUser,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { conflict, fieldError, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/password-hash.ts';
import type { AgencyScope, OemScope } from '../../platform/principal.ts';
import { newToken } from '../../platform/tokens.ts';
import { sendInvitation } from '../passwords/service.ts';
import { revokeSessionsOfUsers } from '../sessions/authenticate.ts';
import * as repo from './repository.ts';

const AGENCY = '代理店';
const USER = 'ユーザー';

type AgencyInput = z.output<typeof agencyBody>;
type ListQuery = z.output<typeof agencyListQuery>;
type InviteInput = z.output<typeof inviteBody>;

export async function list(ctx: AppContext, scope: OemScope, query: ListQuery) {
  const { rows, total } = await repo.list(ctx.database.db, scope, query);
  return {
    data: rows.map(present),
    total_item_count: total,
    pagination: { current: query.page, pageSize: query.limit },
  };
}

export async function options(ctx: AppContext, scope: OemScope) {
  return repo.options(ctx.database.db, scope);
}

export async function get(ctx: AppContext, scope: OemScope, id: number): Promise<AgencyDetail> {
  const db = ctx.database.db;
  const row = await repo.find(db, scope, id);
  const agency = await repo.agencyOf(db, scope, id);
  if (!row || !agency) throw notFound(AGENCY);
  const members = await repo.usersOf(db, agency);
  const accounts = await repo.accountsOf(db, agency);
  return { ...present(row), users: members.map(presentUser), accounts };
}

export async function create(ctx: AppContext, scope: OemScope, input: AgencyInput): Promise<AgencyDetail> {
  const id = await repo.insert(ctx.database.db, scope, values(input));
  return get(ctx, scope, id);
}

/** Suspending ends the sessions of the agency's users (their open sockets close); they cannot log in again. */
export async function update(ctx: AppContext, scope: OemScope, id: number, input: AgencyInput): Promise<AgencyDetail> {
  await ctx.database.db.transaction(async (tx) => {
    const before = await repo.update(tx, scope, id, values(input));
    if (before === undefined) throw notFound(AGENCY);
    const agency = await repo.agencyOf(tx, scope, id);
    if (agency && before !== 'suspended' && input.status === 'suspended') {
      await revokeSessionsOfUsers(tx, await repo.userIdsOf(tx, agency));
    }
  });
  return get(ctx, scope, id);
}

export async function remove(ctx: AppContext, scope: OemScope, id: number): Promise<void> {
  const db = ctx.database.db;
  const agency = await repo.agencyOf(db, scope, id);
  if (!agency) throw notFound(AGENCY);
  const members = await repo.userIdsOf(db, agency);
  if (await repo.removeWithoutAccounts(db, scope, id)) {
    await revokeSessionsOfUsers(db, members);
    return;
  }
  const accountCount = await repo.accountCount(db, agency);
  if (accountCount > 0) throw conflict(AGENCY_HAS_ACCOUNTS_MESSAGE(accountCount));
  throw notFound(AGENCY);
}

/** A login for the agency with a password nobody knows, and an e-mailed link to set it. */
export async function inviteUser(
  ctx: AppContext,
  scope: OemScope,
  id: number,
  input: InviteInput,
): Promise<TenantUser> {
  const db = ctx.database.db;
  const row = await repo.find(db, scope, id);
  const agency = await repo.agencyOf(db, scope, id);
  if (!row || !agency) throw notFound(AGENCY);
  if (await repo.emailTaken(db, input.email)) throw fieldError('email', USER_EMAIL_TAKEN_MESSAGE);
  const user = await repo.insertUser(db, agency, {
    name: input.name,
    email: input.email,
    passwordHash: await unknownPasswordHash(),
  });
  await sendInvitation(ctx, 'agency', user, row.serviceName);
  return presentUser(user);
}

export async function setUserStatus(
  ctx: AppContext,
  scope: OemScope,
  id: number,
  userId: number,
  status: 'active' | 'disabled',
): Promise<TenantUser> {
  const user = await ctx.database.db.transaction(async (tx) => {
    const agency: AgencyScope | undefined = await repo.agencyOf(tx, scope, id);
    if (!agency) throw notFound(AGENCY);
    const updated = await repo.setUserStatus(tx, agency, userId, status);
    if (!updated) throw notFound(USER);
    if (status === 'disabled') await revokeSessionsOfUsers(tx, [userId]);
    return updated;
  });
  return presentUser(user);
}

/** The password of an invited login until its owner sets one: random, never known to anyone. */
export async function unknownPasswordHash(): Promise<string> {
  return hashPassword(newToken());
}

const values = (input: AgencyInput): repo.AgencyValues => ({
  name: input.name,
  contactName: input.contact_name,
  contactEmail: input.contact_email,
  contactPhone: input.contact_phone,
  status: input.status,
});

function present(row: repo.AgencyRow): Agency {
  const { agency } = row;
  return {
    id: agency.id,
    name: agency.name,
    contact_name: agency.contactName,
    contact_email: agency.contactEmail,
    contact_phone: agency.contactPhone,
    status: agency.status,
    oem: { id: agency.oemId, name: row.oemName },
    account_count: row.accountCount,
    user_count: row.userCount,
    created_at: agency.createdAt.toISOString(),
    updated_at: agency.updatedAt.toISOString(),
  };
}

/** A login as the admin area lists it: invited until its first login. */
export function presentUser(user: repo.UserRow): TenantUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    status: user.status,
    invited: user.lastLoginAt === null,
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
  };
}
