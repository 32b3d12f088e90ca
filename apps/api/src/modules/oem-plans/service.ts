import type { z } from 'zod';
import {
  PLAN_DELETED_MESSAGE,
  PLAN_NAME_TAKEN_MESSAGE,
  PLAN_RETIRED_INSTEAD_MESSAGE,
  taxedPrice,
  type oemPlanBody,
  type oemPlanListQuery,
  type OemPlan,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import type { OemScope } from '../../platform/principal.ts';
import * as repo from './repository.ts';

const PLAN = 'プラン';

type PlanInput = z.output<typeof oemPlanBody>;
type ListQuery = z.output<typeof oemPlanListQuery>;

export async function list(ctx: AppContext, scope: OemScope, query: ListQuery) {
  const { rows, total } = await repo.list(ctx.database.db, scope, query);
  return {
    data: rows.map(present),
    total_item_count: total,
    pagination: { current: query.page, pageSize: query.limit },
  };
}

export async function get(ctx: AppContext, scope: OemScope, id: number): Promise<OemPlan> {
  const row = await repo.find(ctx.database.db, scope, id);
  if (!row) throw notFound(PLAN);
  return present(row);
}

export async function create(ctx: AppContext, scope: OemScope, input: PlanInput): Promise<OemPlan> {
  const id = await ctx.database.db.transaction(async (tx) => {
    await uniqueName(tx, scope, input.name);
    return repo.insert(tx, scope, values(input));
  });
  return get(ctx, scope, id);
}

export async function update(ctx: AppContext, scope: OemScope, id: number, input: PlanInput): Promise<OemPlan> {
  await ctx.database.db.transaction(async (tx) => {
    await uniqueName(tx, scope, input.name, id);
    if (!(await repo.update(tx, scope, id, values(input)))) throw notFound(PLAN);
  });
  return get(ctx, scope, id);
}

/** A plan no account uses is deleted; one in use is retired instead (its accounts keep it). */
export async function remove(ctx: AppContext, scope: OemScope, id: number): Promise<string> {
  const db = ctx.database.db;
  if (await repo.removeUnused(db, scope, id)) return PLAN_DELETED_MESSAGE;
  if (await repo.retire(db, scope, id)) return PLAN_RETIRED_INSTEAD_MESSAGE;
  throw notFound(PLAN);
}

async function uniqueName(tx: Db, scope: OemScope, name: string, exceptId?: number) {
  await repo.lockNames(tx, scope);
  if (await repo.nameTaken(tx, scope, name, exceptId)) throw fieldError('name', PLAN_NAME_TAKEN_MESSAGE);
}

const values = (input: PlanInput): repo.PlanValues => ({
  name: input.name,
  monthlyPriceYen: input.monthly_price_yen,
  maxChannels: input.max_channels,
  maxStaffUsers: input.max_staff_users,
  maxMonthlyMessages: input.max_monthly_messages,
  richMenuRules: input.rich_menu_rules,
  forms: input.forms,
  inflowRoutes: input.inflow_routes,
  status: input.status,
});

function present(row: repo.PlanRow): OemPlan {
  return {
    id: row.id,
    name: row.name,
    monthly_price_yen: row.monthlyPriceYen,
    price: taxedPrice(row.monthlyPriceYen),
    max_channels: row.maxChannels,
    max_staff_users: row.maxStaffUsers,
    max_monthly_messages: row.maxMonthlyMessages,
    rich_menu_rules: row.richMenuRules,
    forms: row.forms,
    inflow_routes: row.inflowRoutes,
    status: row.status,
    account_count: row.accountCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
