import { LIVE_CONTRACT_STATUSES } from '@linq/contract';
import { and, asc, count, desc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { AccountScope, OemScope } from '../../platform/principal.ts';
import { agencyContracts } from '../agency-contracts/schema.ts';
import { accounts, oemPlans, oems } from '../tenants/schema.ts';
import { billingAccounts, billingInvoices, billingProviderEvents } from './schema.ts';
import type { Period } from './rules.ts';

/*
 * Billing's SQL. Every account-area read and write names the account (AccountScope); the admin's
 * names the OEM; the worker's and the provider webhooks' (`…Unscoped`) find the accounts they act on.
 */

export type BillingRow = typeof billingAccounts.$inferSelect;
export type InvoiceRow = typeof billingInvoices.$inferSelect;
export type PlanRow = typeof oemPlans.$inferSelect;

/** Opens the account's billing (invoice payment, a period from `period`) unless it has one. */
export async function ensure(db: Db, { accountId }: AccountScope, period: Period): Promise<void> {
  await db
    .insert(billingAccounts)
    .values({ accountId, periodStart: period.start, periodEnd: period.end })
    .onConflictDoNothing();
}

/** The account's billing, locked until the transaction ends when `lock`. */
export async function find(db: Db, { accountId }: AccountScope, lock = false): Promise<BillingRow | undefined> {
  const query = db.select().from(billingAccounts).where(eq(billingAccounts.accountId, accountId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function update(db: Db, { accountId }: AccountScope, values: Partial<BillingRow>): Promise<void> {
  await db
    .update(billingAccounts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(billingAccounts.accountId, accountId));
}

/** The account with its OEM's issuer details and its plan. */
export async function accountOf(db: Db, { accountId }: AccountScope) {
  const [row] = await db
    .select({
      id: accounts.id,
      name: accounts.name,
      oemId: accounts.oemId,
      planId: accounts.oemPlanId,
      issuerName: sql<string>`coalesce(nullif(${oems.companyName}, ''), ${oems.name})`,
      issuerRegistrationNumber: sql<string>`coalesce(${oems.invoiceRegistrationNumber}, '')`,
    })
    .from(accounts)
    .innerJoin(oems, eq(oems.id, accounts.oemId))
    .where(eq(accounts.id, accountId));
  return row;
}

/** The OEM's active plans and the account's own (even retired), cheapest first. */
export async function plansFor(db: Db, { accountId }: AccountScope): Promise<PlanRow[]> {
  const [account] = await db
    .select({ oemId: accounts.oemId, planId: accounts.oemPlanId })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) return [];
  const rows = await db
    .select()
    .from(oemPlans)
    .where(eq(oemPlans.oemId, account.oemId))
    .orderBy(asc(oemPlans.monthlyPriceYen), asc(oemPlans.id));
  return rows.filter((plan) => plan.status === 'active' || plan.id === account.planId);
}

/** The account's OEM's plan `planId` (any status), when it is one. */
export async function planOfAccountOem(db: Db, { accountId }: AccountScope, planId: number) {
  const [row] = await db
    .select({ plan: oemPlans })
    .from(oemPlans)
    .innerJoin(accounts, eq(accounts.oemId, oemPlans.oemId))
    .where(and(eq(accounts.id, accountId), eq(oemPlans.id, planId)));
  return row?.plan;
}

/** Puts the account on the plan now. */
export async function setPlan(db: Db, { accountId }: AccountScope, planId: number): Promise<void> {
  await db
    .update(accounts)
    .set({ oemPlanId: planId, updatedAt: sql`now()` })
    .where(eq(accounts.id, accountId));
}

/** Whether a live agency contract (active or ending) sets the account's plan. */
export async function hasLiveContract(db: Db, { accountId }: AccountScope): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(agencyContracts)
    .where(and(eq(agencyContracts.accountId, accountId), inArray(agencyContracts.status, [...LIVE_CONTRACT_STATUSES])));
  return (row?.n ?? 0) > 0;
}

export async function invoices(db: Db, { accountId }: AccountScope, limit = 36): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(billingInvoices)
    .where(eq(billingInvoices.accountId, accountId))
    .orderBy(desc(billingInvoices.periodStart), desc(billingInvoices.id))
    .limit(limit);
}

export async function invoice(db: Db, { accountId }: AccountScope, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(billingInvoices)
    .where(and(eq(billingInvoices.accountId, accountId), eq(billingInvoices.id, id)));
  return row;
}

export async function invoiceCount(db: Db, { accountId }: AccountScope): Promise<number> {
  const [row] = await db.select({ n: count() }).from(billingInvoices).where(eq(billingInvoices.accountId, accountId));
  return row?.n ?? 0;
}

export type NewInvoice = Omit<typeof billingInvoices.$inferInsert, 'accountId' | 'id'>;

/** Issues the invoice unless it is a bank-transfer one and the account has one for that period (answers whether it did). */
export async function insertInvoice(db: Db, { accountId }: AccountScope, values: NewInvoice): Promise<boolean> {
  const rows = await db
    .insert(billingInvoices)
    .values({ ...values, accountId })
    .onConflictDoNothing({
      target: [billingInvoices.accountId, billingInvoices.periodStart],
      where: sql`${billingInvoices.providerInvoiceId} is null`,
    })
    .returning({ id: billingInvoices.id });
  return rows.length > 0;
}

export async function updateInvoice(
  db: Db,
  { accountId }: AccountScope,
  id: number,
  values: Partial<InvoiceRow>,
): Promise<void> {
  await db
    .update(billingInvoices)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(billingInvoices.accountId, accountId), eq(billingInvoices.id, id)));
}

/** Whether the account owes an invoice past its due date. */
export async function hasPastDue(db: Db, { accountId }: AccountScope): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(billingInvoices)
    .where(and(eq(billingInvoices.accountId, accountId), eq(billingInvoices.status, 'past_due')));
  return (row?.n ?? 0) > 0;
}

/** The account of the OEM, when it is one (the admin marks its invoices paid). */
export async function accountOfOem(db: Db, { oemId }: OemScope, accountId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.oemId, oemId), eq(accounts.id, accountId)));
  return row?.id;
}

/** For the worker: opens billing for every account without it, its first period from `period`. */
export async function ensureAllUnscoped(db: Db, period: Period): Promise<void> {
  await db.execute(sql`
    insert into ${billingAccounts} (account_id, period_start, period_end)
    select ${accounts.id}, ${period.start}, ${period.end} from ${accounts}
    where not exists (select 1 from ${billingAccounts} where ${billingAccounts.accountId} = ${accounts.id})
    on conflict do nothing`);
}

/** For the worker: the accounts whose period ended before `day`. */
export async function endedPeriodsUnscoped(db: Db, day: string): Promise<number[]> {
  const rows = await db
    .select({ accountId: billingAccounts.accountId })
    .from(billingAccounts)
    .where(lt(billingAccounts.periodEnd, day));
  return rows.map((row) => row.accountId);
}

/** For the worker: accounts paying by invoice, on a plan, with no invoice for their current period. */
export async function unbilledUnscoped(db: Db): Promise<number[]> {
  const rows = await db
    .select({ accountId: billingAccounts.accountId })
    .from(billingAccounts)
    .innerJoin(accounts, eq(accounts.id, billingAccounts.accountId))
    .leftJoin(
      billingInvoices,
      and(
        eq(billingInvoices.accountId, billingAccounts.accountId),
        eq(billingInvoices.periodStart, billingAccounts.periodStart),
      ),
    )
    .where(
      and(eq(billingAccounts.method, 'invoice'), sql`${accounts.oemPlanId} is not null`, isNull(billingInvoices.id)),
    );
  return rows.map((row) => row.accountId);
}

/** For the worker: open invoices due before `day` become past due; answers their accounts. */
export async function markOverdueUnscoped(db: Db, day: string): Promise<number[]> {
  const rows = await db
    .update(billingInvoices)
    .set({ status: 'past_due', updatedAt: sql`now()` })
    .where(and(eq(billingInvoices.status, 'open'), lt(billingInvoices.dueOn, day)))
    .returning({ accountId: billingInvoices.accountId });
  return [...new Set(rows.map((row) => row.accountId))];
}

/** For the worker: past-due accounts whose grace ended by `now` become read-only. */
export async function endGraceUnscoped(db: Db, now: Date): Promise<void> {
  await db
    .update(billingAccounts)
    .set({ status: 'read_only', updatedAt: sql`now()` })
    .where(and(eq(billingAccounts.status, 'past_due'), lte(billingAccounts.graceUntil, now)));
}

/** For provider webhooks: the account of the provider's customer. */
export async function accountOfCustomerUnscoped(db: Db, customerId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ accountId: billingAccounts.accountId })
    .from(billingAccounts)
    .where(eq(billingAccounts.providerCustomerId, customerId));
  return row?.accountId;
}

/** For provider webhooks: records the event id; false when it was already applied. */
export async function firstDelivery(db: Db, eventId: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(billingProviderEvents)
    .values({ eventId, type })
    .onConflictDoNothing()
    .returning({ eventId: billingProviderEvents.eventId });
  return rows.length > 0;
}

/** The invoice recorded for the provider's invoice, if any. */
export async function invoiceOfProvider(db: Db, { accountId }: AccountScope, providerInvoiceId: string) {
  const [row] = await db
    .select()
    .from(billingInvoices)
    .where(and(eq(billingInvoices.accountId, accountId), eq(billingInvoices.providerInvoiceId, providerInvoiceId)));
  return row;
}

/** The account's standing without a lock (the console's banner, the read-only guard). */
export async function standing(db: Db, { accountId }: AccountScope) {
  const [row] = await db
    .select({ status: billingAccounts.status, graceUntil: billingAccounts.graceUntil })
    .from(billingAccounts)
    .where(eq(billingAccounts.accountId, accountId));
  return row;
}
