import type { z } from 'zod';
import {
  CONTRACT_CLOSED_MESSAGE,
  CONTRACT_OVERLAP_MESSAGE,
  CONTRACT_TRANSITION_MESSAGE,
  CONTRACT_TRANSITIONS,
  LIVE_CONTRACT_STATUSES,
  RETIRED_PLAN_MESSAGE,
  UNKNOWN_CLIENT_MESSAGE,
  UNKNOWN_PLAN_MESSAGE,
  type Contract,
  type contractBody,
  type ContractDetail,
  type contractFilter,
  type contractListQuery,
  type ContractStatus,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { agencyScope, type AgencyPrincipal, type AgencyScope } from '../../platform/principal.ts';
import { setPlan } from '../accounts/repository.ts';
import { clientOf } from '../agency-accounts/repository.ts';
import { endingBy, settle, today } from './dates.ts';
import * as repo from './repository.ts';

/*
 * The agency area's contracts. Every read and write goes through the agency scope; fees are a
 * manager's (left out of everything a member reads, and ignored when a member sends one).
 */

const CONTRACT = '契約';
const FEE = 'monthly_fee_yen';

type ListQuery = z.output<typeof contractListQuery>;
type Filter = z.output<typeof contractFilter>;
type Input = z.output<typeof contractBody>;

/** Who acts: the agency's scope, the user (for the history) and whether they see fees. */
export interface ContractCaller {
  scope: AgencyScope;
  userId: number;
  seesFees: boolean;
}
export const callerOf = (principal: AgencyPrincipal, scope: AgencyScope): ContractCaller => ({
  scope,
  userId: principal.userId,
  seesFees: principal.agencyRole === 'manager',
});

const filterOf = (query: Filter): repo.ContractFilter => ({
  q: query.q,
  status: query.status,
  accountId: query.account_id,
  oemPlanId: query.oem_plan_id,
});

export async function list(ctx: AppContext, caller: ContractCaller, query: ListQuery) {
  const { rows, total } = await repo.list(ctx.database.db, caller.scope, {
    ...filterOf(query),
    page: query.page,
    limit: query.limit,
  });
  return {
    data: rows.map((row) => present(caller, row)),
    total_item_count: total,
    pagination: { current: query.page, pageSize: query.limit },
  };
}

export async function all(ctx: AppContext, caller: ContractCaller, query: Filter): Promise<Contract[]> {
  const rows = await repo.all(ctx.database.db, caller.scope, filterOf(query));
  return rows.map((row) => present(caller, row));
}

export async function get(ctx: AppContext, caller: ContractCaller, id: number): Promise<ContractDetail> {
  const db = ctx.database.db;
  const row = await repo.find(db, caller.scope, id);
  if (!row) throw notFound(CONTRACT);
  const history = await repo.history(db, caller.scope, id);
  return {
    ...present(caller, row),
    history: history
      .map((change) => ({
        id: change.id,
        user_name: change.userName,
        action: change.action,
        changes: caller.seesFees ? change.changes : withoutFee(change.changes),
        created_at: change.createdAt.toISOString(),
      }))
      .filter((change) => change.action !== 'updated' || Object.keys(change.changes).length > 0),
    next_statuses: [...CONTRACT_TRANSITIONS[row.contract.status]],
  };
}

/** A draft: it changes nothing until it is activated. */
export async function create(ctx: AppContext, caller: ContractCaller, input: Input): Promise<ContractDetail> {
  const id = await ctx.database.db.transaction(async (tx) => {
    await checkChoices(tx, caller.scope, input, null);
    const values = valuesOf(caller, input, 0);
    const contractId = await repo.insert(tx, caller.scope, values);
    const created = await repo.find(tx, caller.scope, contractId);
    if (!created) throw notFound(CONTRACT);
    await repo.recordChange(tx, caller.scope, {
      contractId,
      userId: caller.userId,
      action: 'created',
      changes: diff(null, created),
    });
    return contractId;
  });
  return get(ctx, caller, id);
}

/**
 * Not once ended or cancelled. A live contract keeps no overlap with another live one of its account,
 * its plan stays the account's, and its dates are settled again (a later end makes it active again).
 */
export async function update(
  ctx: AppContext,
  caller: ContractCaller,
  id: number,
  input: Input,
): Promise<ContractDetail> {
  await ctx.database.db.transaction(async (tx) => {
    const before = await repo.find(tx, caller.scope, id);
    if (!before) throw notFound(CONTRACT);
    if (!CONTRACT_TRANSITIONS[before.contract.status].length) throw fieldError('status', CONTRACT_CLOSED_MESSAGE);
    await checkChoices(tx, caller.scope, input, before.contract.oemPlanId);
    const live = isLive(before.contract.status);
    if (live) await refuseOverlap(tx, caller.scope, input.account_id, input, id);
    const values = valuesOf(caller, input, before.contract.monthlyFeeYen);
    await repo.update(tx, caller.scope, id, values);
    if (live) await settleOne(ctx, tx, caller.scope, id, caller.userId);
    await record(tx, caller, before, 'updated');
    if (live) await followPlan(tx, caller.scope, id);
  });
  return get(ctx, caller, id);
}

/**
 * Moves the contract to a status its current one allows (422 otherwise). Activating refuses an
 * overlap with another live contract of the account, sets the account's plan to the contract's,
 * and settles the dates at once (an end within the window makes it `ending`).
 */
export async function transition(
  ctx: AppContext,
  caller: ContractCaller,
  id: number,
  status: ContractStatus,
): Promise<ContractDetail> {
  await ctx.database.db.transaction(async (tx) => {
    const before = await repo.find(tx, caller.scope, id);
    if (!before) throw notFound(CONTRACT);
    if (!CONTRACT_TRANSITIONS[before.contract.status].includes(status)) {
      throw fieldError('status', CONTRACT_TRANSITION_MESSAGE);
    }
    const { contract } = before;
    if (status === 'active') {
      await refuseOverlap(
        tx,
        caller.scope,
        contract.accountId,
        { start_date: contract.startDate, end_date: contract.endDate },
        id,
      );
    }
    await repo.update(tx, caller.scope, id, { status });
    if (status === 'active') await settleOne(ctx, tx, caller.scope, id, caller.userId);
    await record(tx, caller, before, 'status');
    if (status === 'active') await followPlan(tx, caller.scope, id);
  });
  return get(ctx, caller, id);
}

/**
 * The worker's date rules over every agency's live contracts: ending within the window, ended past
 * the end, or renewed by whole billing cycles when they auto-renew. Idempotent.
 */
export async function followDates(ctx: AppContext): Promise<void> {
  const db = ctx.database.db;
  const day = today(ctx.clock.now());
  for (const due of await repo.liveDueUnscoped(db, endingBy(day))) {
    const scope = agencyScope(due.agencyId);
    await db.transaction(async (tx) => {
      const before = await repo.find(tx, scope, due.id);
      if (!before || !isLive(before.contract.status)) return;
      await settleOne(ctx, tx, scope, due.id, null);
    });
  }
}

/** Applies the date rules to one live contract, recording what they changed (user: who made them run). */
async function settleOne(ctx: AppContext, db: Db, scope: AgencyScope, id: number, userId: number | null) {
  const before = await repo.find(db, scope, id);
  if (!before) return;
  const { contract } = before;
  const { status, renewed } = settle(contract, today(ctx.clock.now()));
  if (status === contract.status && !renewed) return;
  await repo.update(db, scope, id, { status, ...(renewed ?? {}) });
  const after = await repo.find(db, scope, id);
  if (!after) return;
  // Whoever's action made the rules run, the rules made the change: a user's own change is recorded apart.
  if (userId === null || renewed) {
    await repo.recordChange(db, scope, {
      contractId: id,
      userId: null,
      action: renewed ? 'renewed' : 'status',
      changes: diff(before, after),
    });
  }
}

async function record(db: Db, caller: ContractCaller, before: repo.ContractRow, action: 'updated' | 'status') {
  const after = await repo.find(db, caller.scope, before.contract.id);
  if (!after) return;
  const changes = diff(before, after);
  if (Object.keys(changes).length > 0) {
    await repo.recordChange(db, caller.scope, {
      contractId: before.contract.id,
      userId: caller.userId,
      action,
      changes,
    });
  }
}

/** While the contract is live, its plan is the account's plan. */
async function followPlan(db: Db, scope: AgencyScope, id: number) {
  const row = await repo.find(db, scope, id);
  if (!row || !isLive(row.contract.status)) return;
  const client = await clientOf(db, scope, row.contract.accountId);
  if (client) await setPlan(db, client, row.contract.oemPlanId);
}

async function refuseOverlap(
  db: Db,
  scope: AgencyScope,
  accountId: number,
  dates: { start_date: string; end_date: string },
  exceptId: number | null,
) {
  const overlapping = await repo.overlappingLive(
    db,
    scope,
    accountId,
    { start: dates.start_date, end: dates.end_date },
    exceptId,
  );
  if (overlapping.length > 0) throw fieldError('start_date', CONTRACT_OVERLAP_MESSAGE);
}

/** The account must be one of the agency's, the plan one of its OEM's; a retired plan only stays where it is. */
async function checkChoices(db: Db, scope: AgencyScope, input: Input, currentPlanId: number | null) {
  if (!(await clientOf(db, scope, input.account_id))) throw fieldError('account_id', UNKNOWN_CLIENT_MESSAGE);
  const plan = await repo.planOfAgencyOem(db, scope, input.oem_plan_id);
  if (!plan) throw fieldError('oem_plan_id', UNKNOWN_PLAN_MESSAGE);
  if (plan.status === 'retired' && plan.id !== currentPlanId) throw fieldError('oem_plan_id', RETIRED_PLAN_MESSAGE);
}

const isLive = (status: ContractStatus) => (LIVE_CONTRACT_STATUSES as readonly string[]).includes(status);

function valuesOf(caller: ContractCaller, input: Input, currentFee: number): repo.ContractValues {
  return {
    accountId: input.account_id,
    oemPlanId: input.oem_plan_id,
    startDate: input.start_date,
    endDate: input.end_date,
    monthlyFeeYen: caller.seesFees ? (input.monthly_fee_yen ?? currentFee) : currentFee,
    billingCycle: input.billing_cycle,
    autoRenewal: input.auto_renewal,
    notes: input.notes,
  };
}

/** What changed, field by field, as shown in the history (names rather than ids). */
function diff(before: repo.ContractRow | null, after: repo.ContractRow): repo.ContractChanges {
  const shown = (row: repo.ContractRow): Record<string, string> => ({
    account: row.account.name,
    plan: row.plan.name,
    start_date: row.contract.startDate,
    end_date: row.contract.endDate,
    [FEE]: String(row.contract.monthlyFeeYen),
    billing_cycle: row.contract.billingCycle,
    auto_renewal: String(row.contract.autoRenewal),
    notes: row.contract.notes,
    status: row.contract.status,
  });
  const next = shown(after);
  const previous = before ? shown(before) : null;
  const changes: repo.ContractChanges = {};
  for (const [field, value] of Object.entries(next)) {
    const old = previous ? (previous[field] ?? null) : null;
    if (old !== value && !(previous === null && value === '')) changes[field] = [old, value];
  }
  return changes;
}

function withoutFee(changes: repo.ContractChanges): repo.ContractChanges {
  return Object.fromEntries(Object.entries(changes).filter(([field]) => field !== FEE));
}

function present(caller: ContractCaller, row: repo.ContractRow): Contract {
  const { contract } = row;
  return {
    id: contract.id,
    account: row.account,
    plan: row.plan,
    start_date: contract.startDate,
    end_date: contract.endDate,
    ...(caller.seesFees ? { monthly_fee_yen: contract.monthlyFeeYen } : {}),
    billing_cycle: contract.billingCycle,
    auto_renewal: contract.autoRenewal,
    notes: contract.notes,
    status: contract.status,
    created_at: contract.createdAt.toISOString(),
    updated_at: contract.updatedAt.toISOString(),
  };
}
