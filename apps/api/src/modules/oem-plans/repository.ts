import { and, count, desc, eq, ilike, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { OemScope } from '../../platform/principal.ts';
import { containsPattern } from '../../platform/sql.ts';
import { agencyContracts } from '../agency-contracts/schema.ts';
import { accounts, oemPlans } from '../tenants/schema.ts';

export type PlanStatus = (typeof oemPlans.$inferSelect)['status'];
export type PlanValues = Omit<typeof oemPlans.$inferInsert, 'id' | 'oemId' | 'createdAt' | 'updatedAt'>;
export type PlanRow = typeof oemPlans.$inferSelect & { accountCount: number };

export interface PlanFilter {
  q?: string;
  status?: PlanStatus;
  page: number;
  limit: number;
}

const ofOem = ({ oemId }: OemScope) => eq(oemPlans.oemId, oemId);
/**
 * The plan's accounts, in a subquery. Written out qualified: a query of one table renders its columns
 * unqualified, and the inner "id" would then be the account's.
 */
const plansAccounts = sql.raw('"accounts"."oem_plan_id" = "oem_plans"."id"');

function selectPlans(db: Db) {
  return db
    .select({
      plan: oemPlans,
      accountCount: sql<number>`(select count(*) from ${accounts} where ${plansAccounts})`.mapWith(Number),
    })
    .from(oemPlans)
    .$dynamic();
}

const flat = (row: { plan: typeof oemPlans.$inferSelect; accountCount: number }): PlanRow => ({
  ...row.plan,
  accountCount: row.accountCount,
});

export async function list(db: Db, scope: OemScope, filter: PlanFilter): Promise<{ rows: PlanRow[]; total: number }> {
  const where = and(
    ofOem(scope),
    filter.q ? ilike(oemPlans.name, containsPattern(filter.q)) : undefined,
    filter.status ? eq(oemPlans.status, filter.status) : undefined,
  );
  const rows = await selectPlans(db)
    .where(where)
    .orderBy(desc(oemPlans.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  const [total] = await db.select({ n: count() }).from(oemPlans).where(where);
  return { rows: rows.map(flat), total: total?.n ?? 0 };
}

export async function find(db: Db, scope: OemScope, id: number): Promise<PlanRow | undefined> {
  const [row] = await selectPlans(db).where(and(ofOem(scope), eq(oemPlans.id, id)));
  return row ? flat(row) : undefined;
}

export async function nameTaken(db: Db, scope: OemScope, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: oemPlans.id })
    .from(oemPlans)
    .where(and(ofOem(scope), eq(oemPlans.name, name), exceptId ? ne(oemPlans.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

export async function insert(db: Db, scope: OemScope, values: PlanValues): Promise<number> {
  const [row] = await db
    .insert(oemPlans)
    .values({ ...values, oemId: scope.oemId })
    .returning({ id: oemPlans.id });
  return row!.id;
}

export async function update(db: Db, scope: OemScope, id: number, values: PlanValues): Promise<boolean> {
  const rows = await db
    .update(oemPlans)
    .set({ ...values, updatedAt: new Date() })
    .where(and(ofOem(scope), eq(oemPlans.id, id)))
    .returning({ id: oemPlans.id });
  return rows.length > 0;
}

/**
 * Deletes the plan while no account uses it and no agency contract names it (checked in the same
 * statement); answers whether it did.
 */
export async function removeUnused(db: Db, scope: OemScope, id: number): Promise<boolean> {
  const rows = await db
    .delete(oemPlans)
    .where(
      and(
        ofOem(scope),
        eq(oemPlans.id, id),
        sql`not exists (select 1 from ${accounts} where ${plansAccounts})`,
        sql`not exists (select 1 from ${agencyContracts} where ${agencyContracts.oemPlanId} = ${oemPlans.id})`,
      ),
    )
    .returning({ id: oemPlans.id });
  return rows.length > 0;
}

export async function retire(db: Db, scope: OemScope, id: number): Promise<boolean> {
  const rows = await db
    .update(oemPlans)
    .set({ status: 'retired', updatedAt: new Date() })
    .where(and(ofOem(scope), eq(oemPlans.id, id)))
    .returning({ id: oemPlans.id });
  return rows.length > 0;
}

/** The plan as an account may take it: its status, when it is one of the OEM's. */
export async function planStatus(db: Db, scope: OemScope, id: number): Promise<PlanStatus | undefined> {
  const [row] = await db
    .select({ status: oemPlans.status })
    .from(oemPlans)
    .where(and(ofOem(scope), eq(oemPlans.id, id)));
  return row?.status;
}

/** Serialises plan-name writes of one OEM until the transaction ends (the name check then holds). */
export async function lockNames(tx: Db, { oemId }: OemScope): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('oem_plans.name'), ${oemId})`);
}
