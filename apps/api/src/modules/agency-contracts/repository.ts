import { and, asc, count, desc, eq, gt, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import { LIVE_CONTRACT_STATUSES, type ContractStatus } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import type { AgencyScope } from '../../platform/principal.ts';
import { containsPattern } from '../../platform/sql.ts';
import { users } from '../sessions/schema.ts';
import { accounts, agencies, oemPlans } from '../tenants/schema.ts';
import { agencyContractChanges, agencyContracts, type ContractChanges } from './schema.ts';

export type { ContractChanges };
export type ContractRow = Awaited<ReturnType<ReturnType<typeof selectContracts>['execute']>>[number];
export type ContractValues = Pick<
  typeof agencyContracts.$inferInsert,
  'accountId' | 'oemPlanId' | 'startDate' | 'endDate' | 'monthlyFeeYen' | 'billingCycle' | 'autoRenewal' | 'notes'
>;

export interface ContractFilter {
  q?: string;
  status?: ContractStatus;
  accountId?: number;
  oemPlanId?: number;
}

const ofAgency = ({ agencyId }: AgencyScope) => eq(agencyContracts.agencyId, agencyId);

function selectContracts(db: Db) {
  return db
    .select({
      contract: agencyContracts,
      account: { id: accounts.id, name: accounts.name },
      plan: { id: oemPlans.id, name: oemPlans.name, status: oemPlans.status },
    })
    .from(agencyContracts)
    .innerJoin(accounts, eq(accounts.id, agencyContracts.accountId))
    .innerJoin(oemPlans, eq(oemPlans.id, agencyContracts.oemPlanId))
    .$dynamic();
}

function filterOf(scope: AgencyScope, filter: ContractFilter): SQL | undefined {
  const pattern = filter.q ? containsPattern(filter.q) : undefined;
  return and(
    ofAgency(scope),
    pattern ? or(ilike(accounts.name, pattern), ilike(agencyContracts.notes, pattern)) : undefined,
    filter.status ? eq(agencyContracts.status, filter.status) : undefined,
    filter.accountId ? eq(agencyContracts.accountId, filter.accountId) : undefined,
    filter.oemPlanId ? eq(agencyContracts.oemPlanId, filter.oemPlanId) : undefined,
  );
}

export async function list(db: Db, scope: AgencyScope, filter: ContractFilter & { page: number; limit: number }) {
  const where = filterOf(scope, filter);
  const rows = await selectContracts(db)
    .where(where)
    .orderBy(desc(agencyContracts.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  const [total] = await db
    .select({ n: count() })
    .from(agencyContracts)
    .innerJoin(accounts, eq(accounts.id, agencyContracts.accountId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Every contract matching the filter, oldest first (the CSV export). */
export async function all(db: Db, scope: AgencyScope, filter: ContractFilter): Promise<ContractRow[]> {
  return selectContracts(db).where(filterOf(scope, filter)).orderBy(asc(agencyContracts.id));
}

export async function find(db: Db, scope: AgencyScope, id: number): Promise<ContractRow | undefined> {
  const [row] = await selectContracts(db).where(and(ofAgency(scope), eq(agencyContracts.id, id)));
  return row;
}

/**
 * Locks the account's contracts of the agency until the transaction ends and answers the live ones
 * other than `exceptId` whose dates meet [start, end]: two saves at once cannot both pass the check.
 */
export async function overlappingLive(
  db: Db,
  scope: AgencyScope,
  accountId: number,
  range: { start: string; end: string },
  exceptId: number | null,
) {
  const rows = await db
    .select({
      id: agencyContracts.id,
      status: agencyContracts.status,
      startDate: agencyContracts.startDate,
      endDate: agencyContracts.endDate,
    })
    .from(agencyContracts)
    .where(and(ofAgency(scope), eq(agencyContracts.accountId, accountId)))
    .orderBy(asc(agencyContracts.id))
    .for('update');
  return rows.filter(
    (row) =>
      row.id !== exceptId &&
      (LIVE_CONTRACT_STATUSES as readonly string[]).includes(row.status) &&
      row.startDate <= range.end &&
      row.endDate >= range.start,
  );
}

/** The plan, when it is one of the agency's OEM's plans. */
export async function planOfAgencyOem(db: Db, { agencyId }: AgencyScope, planId: number) {
  const [row] = await db
    .select({ id: oemPlans.id, name: oemPlans.name, status: oemPlans.status })
    .from(oemPlans)
    .innerJoin(agencies, eq(agencies.oemId, oemPlans.oemId))
    .where(and(eq(agencies.id, agencyId), eq(oemPlans.id, planId)));
  return row;
}

export async function insert(db: Db, scope: AgencyScope, values: ContractValues): Promise<number> {
  const [row] = await db
    .insert(agencyContracts)
    .values({ ...values, agencyId: scope.agencyId })
    .returning({ id: agencyContracts.id });
  return row!.id;
}

export async function update(
  db: Db,
  scope: AgencyScope,
  id: number,
  values: Partial<ContractValues> & { status?: ContractStatus },
): Promise<void> {
  await db
    .update(agencyContracts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(ofAgency(scope), eq(agencyContracts.id, id)));
}

export async function recordChange(
  db: Db,
  scope: AgencyScope,
  change: {
    contractId: number;
    userId: number | null;
    action: 'created' | 'updated' | 'status' | 'renewed';
    changes: ContractChanges;
  },
): Promise<void> {
  await db.insert(agencyContractChanges).values({ ...change, agencyId: scope.agencyId });
}

export async function history(db: Db, scope: AgencyScope, contractId: number) {
  return db
    .select({
      id: agencyContractChanges.id,
      userName: users.name,
      action: agencyContractChanges.action,
      changes: agencyContractChanges.changes,
      createdAt: agencyContractChanges.createdAt,
    })
    .from(agencyContractChanges)
    .leftJoin(users, eq(users.id, agencyContractChanges.userId))
    .where(and(eq(agencyContractChanges.agencyId, scope.agencyId), eq(agencyContractChanges.contractId, contractId)))
    .orderBy(desc(agencyContractChanges.createdAt), desc(agencyContractChanges.id));
}

/**
 * For the worker's date rules: the live contracts whose status the date may change (ending by
 * `endingBy` or already past, or `ending` though their end has moved later). Unscoped: the worker builds each one's agency scope from its row.
 */
export async function liveDueUnscoped(db: Db, endingBy: string) {
  return db
    .select({ id: agencyContracts.id, agencyId: agencyContracts.agencyId })
    .from(agencyContracts)
    .where(
      and(
        inArray(agencyContracts.status, [...LIVE_CONTRACT_STATUSES]),
        or(
          lte(agencyContracts.endDate, endingBy),
          and(eq(agencyContracts.status, 'ending'), gt(agencyContracts.endDate, endingBy)),
        ),
      ),
    )
    .orderBy(asc(agencyContracts.id));
}

/**
 * For the agency dashboard: the terms and fee of the agency's contracts that ran (live or ended; a
 * draft never ran, a cancelled one stopped on a day nobody recorded), with their status.
 */
export async function feeTerms(db: Db, scope: AgencyScope) {
  return db
    .select({
      status: agencyContracts.status,
      startDate: agencyContracts.startDate,
      endDate: agencyContracts.endDate,
      monthlyFeeYen: agencyContracts.monthlyFeeYen,
    })
    .from(agencyContracts)
    .where(and(ofAgency(scope), inArray(agencyContracts.status, [...LIVE_CONTRACT_STATUSES, 'ended'])));
}
