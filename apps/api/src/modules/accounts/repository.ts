import { aliasedTable, and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { accountScope, type AccountScope, type AgencyScope, type OemScope } from '../../platform/principal.ts';
import { containsPattern } from '../../platform/sql.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { users } from '../sessions/schema.ts';
import { staffAuthorities } from '../staff-authorities/schema.ts';
import { accounts, agencies, oemPlans, oems } from '../tenants/schema.ts';

export type AccountStatus = (typeof accounts.$inferSelect)['status'];
export type AccountValues = Pick<
  typeof accounts.$inferInsert,
  'name' | 'agencyId' | 'oemPlanId' | 'timeZone' | 'status'
>;

export interface AccountFilter {
  q?: string;
  status?: AccountStatus;
  agencyId?: number;
  oemPlanId?: number;
  page: number;
  limit: number;
}

const ofOem = ({ oemId }: OemScope) => eq(accounts.oemId, oemId);
/** Whose accounts: an OEM's (the admin area) or an agency's clients (the agency area). */
export type AccountsOwner = OemScope | AgencyScope;
const ofOwner = (owner: AccountsOwner) =>
  owner.level === 'oem' ? ofOem(owner) : eq(accounts.agencyId, owner.agencyId);
const owners = aliasedTable(users, 'owners');

function selectAccounts(db: Db) {
  return (
    db
      .select({
        account: accounts,
        oemName: oems.name,
        agencyName: agencies.name,
        planName: oemPlans.name,
        planStatus: oemPlans.status,
        owner: owners,
        channelCount:
          sql<number>`(select count(*) from ${lineAccounts} where ${lineAccounts.accountId} = ${accounts.id})`.mapWith(
            Number,
          ),
        staffCount: sql<number>`(select count(*) from ${users} where ${users.accountId} = ${accounts.id}
        and ${users.role} = 'service')`.mapWith(Number),
      })
      .from(accounts)
      .innerJoin(oems, eq(oems.id, accounts.oemId))
      .leftJoin(agencies, eq(agencies.id, accounts.agencyId))
      .leftJoin(oemPlans, eq(oemPlans.id, accounts.oemPlanId))
      // The first owner login (an account has one; the join must not repeat the account).
      .leftJoin(
        owners,
        eq(
          owners.id,
          sql`(select min(u.id) from ${users} u where u.account_id = ${accounts.id} and u.role = 'account')`,
        ),
      )
      .$dynamic()
  );
}
export type AccountRow = Awaited<ReturnType<ReturnType<typeof selectAccounts>['execute']>>[number];

export async function list(db: Db, owner: AccountsOwner, filter: AccountFilter) {
  const pattern = filter.q ? containsPattern(filter.q) : undefined;
  const where = and(
    ofOwner(owner),
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
    filter.agencyId ? eq(accounts.agencyId, filter.agencyId) : undefined,
    filter.oemPlanId ? eq(accounts.oemPlanId, filter.oemPlanId) : undefined,
  );
  const rows = await selectAccounts(db)
    .where(where)
    .orderBy(desc(accounts.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  const [total] = await db.select({ n: count() }).from(accounts).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function find(db: Db, owner: AccountsOwner, id: number): Promise<AccountRow | undefined> {
  const [row] = await selectAccounts(db).where(and(ofOwner(owner), eq(accounts.id, id)));
  return row;
}

/** The account, when it is one of the owner's: its own scope, for what hangs below it. */
export async function accountOf(db: Db, owner: AccountsOwner, id: number): Promise<AccountScope | undefined> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(ofOwner(owner), eq(accounts.id, id)));
  return row ? accountScope(row.id) : undefined;
}

export async function channelsOf(db: Db, { accountId }: AccountScope) {
  return db
    .select({ id: lineAccounts.id, name: lineAccounts.name, status: lineAccounts.status })
    .from(lineAccounts)
    .where(eq(lineAccounts.accountId, accountId))
    .orderBy(asc(lineAccounts.id));
}

export async function staffOf(db: Db, { accountId }: AccountScope) {
  return db
    .select({ user: users, authority: staffAuthorities.name })
    .from(users)
    .leftJoin(
      staffAuthorities,
      and(eq(staffAuthorities.id, users.staffAuthorityId), eq(staffAuthorities.accountId, accountId)),
    )
    .where(and(eq(users.accountId, accountId), eq(users.role, 'service')))
    .orderBy(asc(users.id));
}

export async function ownerOf(db: Db, { accountId }: AccountScope) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.role, 'account')))
    .orderBy(asc(users.id))
    .limit(1);
  return row;
}

/** Every login of the account (owner and staff): whose sessions end when it is suspended. */
export async function userIdsOf(db: Db, { accountId }: AccountScope): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.accountId, accountId));
  return rows.map((row) => row.id);
}

export async function agencyInOem(db: Db, { oemId }: OemScope, agencyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: agencies.id })
    .from(agencies)
    .where(and(eq(agencies.oemId, oemId), eq(agencies.id, agencyId)));
  return row !== undefined;
}

export async function planInOem(db: Db, { oemId }: OemScope, planId: number) {
  const [row] = await db
    .select({ status: oemPlans.status })
    .from(oemPlans)
    .where(and(eq(oemPlans.oemId, oemId), eq(oemPlans.id, planId)));
  return row;
}

export async function serviceName(db: Db, { oemId }: OemScope): Promise<string> {
  const [row] = await db.select({ serviceName: oems.serviceName }).from(oems).where(eq(oems.id, oemId));
  return row?.serviceName ?? '';
}

export async function ownerEmailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'account'), eq(users.email, email)))
    .limit(1);
  return row !== undefined;
}

export async function insert(db: Db, scope: OemScope, values: AccountValues): Promise<number> {
  const [row] = await db
    .insert(accounts)
    .values({ ...values, oemId: scope.oemId })
    .returning({ id: accounts.id });
  return row!.id;
}

export async function insertOwner(
  db: Db,
  { accountId }: AccountScope,
  values: { name: string; email: string; passwordHash: string },
) {
  const [row] = await db
    .insert(users)
    .values({ ...values, role: 'account', accountId })
    .returning();
  return row!;
}

/** Answers the account's status and plan before the update, or undefined when the OEM has no such account. */
export async function update(db: Db, scope: OemScope, id: number, values: AccountValues) {
  const [before] = await db
    .select({ status: accounts.status, oemPlanId: accounts.oemPlanId })
    .from(accounts)
    .where(and(ofOem(scope), eq(accounts.id, id)))
    .for('update');
  if (!before) return undefined;
  await db
    .update(accounts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(ofOem(scope), eq(accounts.id, id)));
  return before;
}

/** For the admin home: how many accounts the OEM has. */
export async function accountCountOfOem(db: Db, { oemId }: OemScope): Promise<number> {
  const [row] = await db.select({ n: count() }).from(accounts).where(eq(accounts.oemId, oemId));
  return row?.n ?? 0;
}

/** Where an account sits in the tenant tree: its OEM and its agency (null: none). */
export async function placeOf(
  db: Db,
  { accountId }: AccountScope,
): Promise<{ oemId: number; agencyId: number | null } | undefined> {
  const [row] = await db
    .select({ oemId: accounts.oemId, agencyId: accounts.agencyId })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row;
}

/** The account's plan follows its live agency contract (agency contracts module). */
export async function setPlan(db: Db, { accountId }: AccountScope, oemPlanId: number): Promise<void> {
  await db.update(accounts).set({ oemPlanId, updatedAt: new Date() }).where(eq(accounts.id, accountId));
}
