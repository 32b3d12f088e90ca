import type { z } from 'zod';
import {
  RETIRED_PLAN_MESSAGE,
  UNKNOWN_AGENCY_MESSAGE,
  UNKNOWN_PLAN_MESSAGE,
  USER_EMAIL_TAKEN_MESSAGE,
  type accountCreateBody,
  type accountUpdateBody,
  type adminAccountListQuery,
  type AdminAccount,
  type AdminAccountDetail,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import type { OemScope } from '../../platform/principal.ts';
import { presentUser, unknownPasswordHash } from '../agencies/service.ts';
import { sendInvitation } from '../passwords/service.ts';
import { revokeSessionsOfUsers } from '../sessions/authenticate.ts';
import { usageOf } from '../plan-limits/service.ts';
import * as repo from './repository.ts';

const ACCOUNT = 'アカウント';

type CreateInput = z.output<typeof accountCreateBody>;
type UpdateInput = z.output<typeof accountUpdateBody>;
type ListQuery = z.output<typeof adminAccountListQuery>;

export async function list(ctx: AppContext, scope: OemScope, query: ListQuery) {
  const { rows, total } = await repo.list(ctx.database.db, scope, {
    q: query.q,
    status: query.status,
    agencyId: query.agency_id,
    oemPlanId: query.oem_plan_id,
    page: query.page,
    limit: query.limit,
  });
  return {
    data: rows.map(present),
    total_item_count: total,
    pagination: { current: query.page, pageSize: query.limit },
  };
}

export async function get(ctx: AppContext, scope: OemScope, id: number): Promise<AdminAccountDetail> {
  const db = ctx.database.db;
  const row = await repo.find(db, scope, id);
  const account = await repo.accountOf(db, scope, id);
  if (!row || !account) throw notFound(ACCOUNT);
  const channels = await repo.channelsOf(db, account);
  const staff = await repo.staffOf(db, account);
  const usage = await usageOf(db, account, ctx.clock.now());
  if (!usage) throw notFound(ACCOUNT);
  return {
    ...present(row),
    channels,
    staff: staff.map(({ user, authority }) => ({ ...presentUser(user), staff_authority: authority })),
    usage,
  };
}

/** The account and its owner login in one transaction; then the owner's invitation goes out. */
export async function create(ctx: AppContext, scope: OemScope, input: CreateInput): Promise<AdminAccountDetail> {
  const db = ctx.database.db;
  const passwordHash = await unknownPasswordHash();
  const { id, owner } = await db.transaction(async (tx) => {
    await checkChoices(tx, scope, input, null);
    if (await repo.ownerEmailTaken(tx, input.owner_email)) throw fieldError('owner_email', USER_EMAIL_TAKEN_MESSAGE);
    const accountId = await repo.insert(tx, scope, values(input));
    const account = await repo.accountOf(tx, scope, accountId);
    if (!account) throw notFound(ACCOUNT);
    const ownerRow = await repo.insertOwner(tx, account, {
      name: input.owner_name,
      email: input.owner_email,
      passwordHash,
    });
    return { id: accountId, owner: ownerRow };
  });
  await sendInvitation(ctx, 'account', owner, await repo.serviceName(db, scope));
  return get(ctx, scope, id);
}

/**
 * Suspending ends every session of the account's logins (owner and staff; their open sockets
 * close), and from then on they cannot log in and its sends are refused (recorded as failed).
 */
export async function update(
  ctx: AppContext,
  scope: OemScope,
  id: number,
  input: UpdateInput,
): Promise<AdminAccountDetail> {
  await ctx.database.db.transaction(async (tx) => {
    const current = await repo.find(tx, scope, id);
    if (!current) throw notFound(ACCOUNT);
    await checkChoices(tx, scope, input, current.account.oemPlanId);
    const before = await repo.update(tx, scope, id, values(input));
    const account = await repo.accountOf(tx, scope, id);
    if (!before || !account) throw notFound(ACCOUNT);
    if (before.status !== 'suspended' && input.status === 'suspended') {
      await revokeSessionsOfUsers(tx, await repo.userIdsOf(tx, account));
    }
  });
  return get(ctx, scope, id);
}

/** A new set-password link for the owner (the earlier one stops working). */
export async function inviteOwner(ctx: AppContext, scope: OemScope, id: number): Promise<void> {
  const db = ctx.database.db;
  const account = await repo.accountOf(db, scope, id);
  const owner = account ? await repo.ownerOf(db, account) : undefined;
  if (!owner) throw notFound(ACCOUNT);
  await sendInvitation(ctx, 'account', owner, await repo.serviceName(db, scope));
}

/** The agency and the plan must be the OEM's own; a retired plan only stays where it already is. */
async function checkChoices(
  db: Db,
  scope: OemScope,
  input: { agency_id: number | null; oem_plan_id: number | null },
  currentPlanId: number | null,
): Promise<void> {
  if (input.agency_id !== null && !(await repo.agencyInOem(db, scope, input.agency_id))) {
    throw fieldError('agency_id', UNKNOWN_AGENCY_MESSAGE);
  }
  if (input.oem_plan_id === null) return;
  const plan = await repo.planInOem(db, scope, input.oem_plan_id);
  if (!plan) throw fieldError('oem_plan_id', UNKNOWN_PLAN_MESSAGE);
  if (plan.status === 'retired' && input.oem_plan_id !== currentPlanId) {
    throw fieldError('oem_plan_id', RETIRED_PLAN_MESSAGE);
  }
}

const values = (input: UpdateInput): repo.AccountValues => ({
  name: input.name,
  agencyId: input.agency_id,
  oemPlanId: input.oem_plan_id,
  timeZone: input.time_zone,
  status: input.status,
});

function present(row: repo.AccountRow): AdminAccount {
  const { account } = row;
  return {
    id: account.id,
    name: account.name,
    status: account.status,
    time_zone: account.timeZone,
    oem: { id: account.oemId, name: row.oemName },
    agency:
      account.agencyId !== null && row.agencyName !== null ? { id: account.agencyId, name: row.agencyName } : null,
    plan:
      account.oemPlanId !== null && row.planName !== null && row.planStatus !== null
        ? { id: account.oemPlanId, name: row.planName, status: row.planStatus }
        : null,
    owner: row.owner ? presentUser(row.owner) : null,
    channel_count: row.channelCount,
    staff_count: row.staffCount,
    created_at: account.createdAt.toISOString(),
    updated_at: account.updatedAt.toISOString(),
  };
}
