import type { z } from 'zod';
import type {
  AgencyAccount,
  AgencyAccountDetail,
  agencyAccountBody,
  agencyAccountCreateBody,
  agencyAccountListQuery,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import type { AgencyScope, OemScope } from '../../platform/principal.ts';
import * as accounts from '../accounts/service.ts';
import * as accountsRepo from '../accounts/repository.ts';
import { presentUser } from '../agencies/service.ts';
import { followingFriendsPerChannelOfAccount } from '../friends/repository.ts';
import { usageOf } from '../plan-limits/service.ts';
import * as repo from './repository.ts';

/*
 * The agency area's client accounts: the agency's own accounts only (every read and write goes
 * through the agency scope first). Creating, editing and suspending are the admin area's account
 * functions, called on the agency's OEM with the agency fixed as the account's agency.
 */

const ACCOUNT = 'アカウント';

type ListQuery = z.output<typeof agencyAccountListQuery>;
type CreateInput = z.output<typeof agencyAccountCreateBody>;
type UpdateInput = z.output<typeof agencyAccountBody>;

export async function list(ctx: AppContext, scope: AgencyScope, query: ListQuery) {
  const { rows, total } = await accountsRepo.list(ctx.database.db, scope, {
    q: query.q,
    status: query.status,
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

export const options = (ctx: AppContext, scope: AgencyScope) => repo.options(ctx.database.db, scope);
export const plans = (ctx: AppContext, scope: AgencyScope) => repo.plans(ctx.database.db, scope);

export async function get(ctx: AppContext, scope: AgencyScope, id: number): Promise<AgencyAccountDetail> {
  const db = ctx.database.db;
  const row = await accountsRepo.find(db, scope, id);
  const client = await repo.clientOf(db, scope, id);
  if (!row || !client) throw notFound(ACCOUNT);
  const [channels, following, usage] = await Promise.all([
    accountsRepo.channelsOf(db, client),
    followingFriendsPerChannelOfAccount(db, client),
    usageOf(db, client, ctx.clock.now()),
  ]);
  if (!usage) throw notFound(ACCOUNT);
  const followingOf = new Map(following.map((channel) => [channel.lineAccountId, channel.n]));
  return {
    ...present(row),
    channels: channels.map((channel) => ({ ...channel, following_friends: followingOf.get(channel.id) ?? 0 })),
    following_friends: channels.reduce((total, channel) => total + (followingOf.get(channel.id) ?? 0), 0),
    usage,
  };
}

/** The account with the agency as its agency, and its owner invited (the admin area's create). */
export async function create(ctx: AppContext, scope: AgencyScope, input: CreateInput): Promise<AgencyAccountDetail> {
  const created = await accounts.create(ctx, await oemOf(ctx, scope), {
    ...input,
    agency_id: scope.agencyId,
    status: 'active',
  });
  return get(ctx, scope, created.id);
}

export async function update(
  ctx: AppContext,
  scope: AgencyScope,
  id: number,
  input: UpdateInput,
): Promise<AgencyAccountDetail> {
  const current = await requireClient(ctx, scope, id);
  await accounts.update(ctx, await oemOf(ctx, scope), id, {
    ...input,
    agency_id: scope.agencyId,
    status: current.account.status,
  });
  return get(ctx, scope, id);
}

/** Suspending ends the account's sessions and stops its sends; resuming lets them log in again. */
export async function setStatus(
  ctx: AppContext,
  scope: AgencyScope,
  id: number,
  status: accountsRepo.AccountStatus,
): Promise<AgencyAccountDetail> {
  const { account } = await requireClient(ctx, scope, id);
  await accounts.update(ctx, await oemOf(ctx, scope), id, {
    name: account.name,
    agency_id: scope.agencyId,
    oem_plan_id: account.oemPlanId,
    time_zone: account.timeZone,
    status,
  });
  return get(ctx, scope, id);
}

async function requireClient(ctx: AppContext, scope: AgencyScope, id: number): Promise<accountsRepo.AccountRow> {
  const row = await accountsRepo.find(ctx.database.db, scope, id);
  if (!row) throw notFound(ACCOUNT);
  return row;
}

async function oemOf(ctx: AppContext, scope: AgencyScope): Promise<OemScope> {
  const oem = await repo.oemOf(ctx.database.db, scope);
  if (!oem) throw notFound('代理店');
  return oem;
}

function present(row: accountsRepo.AccountRow): AgencyAccount {
  const { account } = row;
  return {
    id: account.id,
    name: account.name,
    status: account.status,
    time_zone: account.timeZone,
    plan:
      account.oemPlanId !== null && row.planName !== null && row.planStatus !== null
        ? { id: account.oemPlanId, name: row.planName, status: row.planStatus }
        : null,
    owner: row.owner ? presentUser(row.owner) : null,
    channel_count: row.channelCount,
    created_at: account.createdAt.toISOString(),
    updated_at: account.updatedAt.toISOString(),
  };
}
