import { aliasedTable, and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import {
  accountScope,
  oemScope,
  type AccountScope,
  type AgencyScope,
  type OemScope,
} from '../../platform/principal.ts';
import { containsPattern } from '../../platform/sql.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { users } from '../sessions/schema.ts';
import { accounts, agencies, oemPlans } from '../tenants/schema.ts';

export type AccountStatus = (typeof accounts.$inferSelect)['status'];

export interface ClientFilter {
  q?: string;
  status?: AccountStatus;
  oemPlanId?: number;
  page: number;
  limit: number;
}

const ofAgency = ({ agencyId }: AgencyScope) => eq(accounts.agencyId, agencyId);
const owners = aliasedTable(users, 'owners');

function selectClients(db: Db) {
  return db
    .select({
      account: accounts,
      plan: { id: oemPlans.id, name: oemPlans.name, status: oemPlans.status },
      owner: owners,
      channelCount:
        sql<number>`(select count(*) from ${lineAccounts} where ${lineAccounts.accountId} = ${accounts.id})`.mapWith(
          Number,
        ),
    })
    .from(accounts)
    .leftJoin(oemPlans, eq(oemPlans.id, accounts.oemPlanId))
    .leftJoin(
      owners,
      eq(owners.id, sql`(select min(u.id) from ${users} u where u.account_id = ${accounts.id} and u.role = 'account')`),
    )
    .$dynamic();
}
export type ClientRow = Awaited<ReturnType<ReturnType<typeof selectClients>['execute']>>[number];

export async function list(db: Db, scope: AgencyScope, filter: ClientFilter) {
  const pattern = filter.q ? containsPattern(filter.q) : undefined;
  const where = and(
    ofAgency(scope),
    pattern
      ? or(
          ilike(accounts.name, pattern),
          inArray(
            accounts.id,
            db
              .select({ id: users.accountId })
              .from(users)
              .where(and(eq(users.role, 'account'), or(ilike(users.name, pattern), ilike(users.email, pattern)))),
          ),
        )
      : undefined,
    filter.status ? eq(accounts.status, filter.status) : undefined,
    filter.oemPlanId ? eq(accounts.oemPlanId, filter.oemPlanId) : undefined,
  );
  const rows = await selectClients(db)
    .where(where)
    .orderBy(desc(accounts.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  const [total] = await db.select({ n: count() }).from(accounts).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function find(db: Db, scope: AgencyScope, id: number): Promise<ClientRow | undefined> {
  const [row] = await selectClients(db).where(and(ofAgency(scope), eq(accounts.id, id)));
  return row;
}

/** The client account, when it is one of the agency's: its own scope, for what hangs below it. */
export async function clientOf(db: Db, scope: AgencyScope, id: number): Promise<AccountScope | undefined> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(ofAgency(scope), eq(accounts.id, id)));
  return row ? accountScope(row.id) : undefined;
}

export async function options(db: Db, scope: AgencyScope) {
  return db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(ofAgency(scope))
    .orderBy(asc(accounts.name), asc(accounts.id));
}

/** The OEM the agency resells: where its client accounts and their plans belong. */
export async function oemOf(db: Db, { agencyId }: AgencyScope): Promise<OemScope | undefined> {
  const [row] = await db.select({ oemId: agencies.oemId }).from(agencies).where(eq(agencies.id, agencyId));
  return row ? oemScope(row.oemId) : undefined;
}

/** The plans of the agency's OEM, active ones first. */
export async function plans(db: Db, { agencyId }: AgencyScope) {
  return db
    .select({ id: oemPlans.id, name: oemPlans.name, status: oemPlans.status })
    .from(oemPlans)
    .innerJoin(agencies, eq(agencies.oemId, oemPlans.oemId))
    .where(eq(agencies.id, agencyId))
    .orderBy(asc(oemPlans.status), asc(oemPlans.monthlyPriceYen), asc(oemPlans.id));
}

/** The limits of the account's plan (undefined: no plan). */
export async function limitsOf(db: Db, { accountId }: AccountScope) {
  const [row] = await db
    .select({
      maxChannels: oemPlans.maxChannels,
      maxStaffUsers: oemPlans.maxStaffUsers,
      maxMonthlyMessages: oemPlans.maxMonthlyMessages,
    })
    .from(accounts)
    .innerJoin(oemPlans, eq(oemPlans.id, accounts.oemPlanId))
    .where(eq(accounts.id, accountId));
  return row;
}

export async function staffCount(db: Db, { accountId }: AccountScope): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.role, 'service')));
  return row?.n ?? 0;
}

/** How many client accounts the agency has. */
export async function clientCount(db: Db, { agencyId }: AgencyScope): Promise<number> {
  const [row] = await db.select({ n: count() }).from(accounts).where(eq(accounts.agencyId, agencyId));
  return row?.n ?? 0;
}
