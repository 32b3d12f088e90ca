import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { agencyScope, type AgencyScope, type OemScope } from '../../platform/principal.ts';
import { containsPattern } from '../../platform/sql.ts';
import { users } from '../sessions/schema.ts';
import { accounts, agencies, oems } from '../tenants/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type AgencyStatus = (typeof agencies.$inferSelect)['status'];
export type AgencyValues = Pick<
  typeof agencies.$inferInsert,
  'name' | 'contactName' | 'contactEmail' | 'contactPhone' | 'status'
>;

export interface AgencyFilter {
  q?: string;
  status?: AgencyStatus;
  page: number;
  limit: number;
}

const ofOem = ({ oemId }: OemScope) => eq(agencies.oemId, oemId);

function selectAgencies(db: Db) {
  return db
    .select({
      agency: agencies,
      oemName: oems.name,
      serviceName: oems.serviceName,
      accountCount: sql<number>`(select count(*) from ${accounts} where ${accounts.agencyId} = ${agencies.id})`.mapWith(
        Number,
      ),
      userCount: sql<number>`(select count(*) from ${users} where ${users.agencyId} = ${agencies.id})`.mapWith(Number),
    })
    .from(agencies)
    .innerJoin(oems, eq(oems.id, agencies.oemId))
    .$dynamic();
}
export type AgencyRow = Awaited<ReturnType<ReturnType<typeof selectAgencies>['execute']>>[number];

export async function list(db: Db, scope: OemScope, filter: AgencyFilter) {
  const pattern = filter.q ? containsPattern(filter.q) : undefined;
  const where = and(
    ofOem(scope),
    pattern
      ? or(ilike(agencies.name, pattern), ilike(agencies.contactName, pattern), ilike(agencies.contactEmail, pattern))
      : undefined,
    filter.status ? eq(agencies.status, filter.status) : undefined,
  );
  const rows = await selectAgencies(db)
    .where(where)
    .orderBy(desc(agencies.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  const [total] = await db.select({ n: count() }).from(agencies).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function options(db: Db, scope: OemScope) {
  return db
    .select({ id: agencies.id, name: agencies.name })
    .from(agencies)
    .where(ofOem(scope))
    .orderBy(asc(agencies.name), asc(agencies.id));
}

export async function find(db: Db, scope: OemScope, id: number): Promise<AgencyRow | undefined> {
  const [row] = await selectAgencies(db).where(and(ofOem(scope), eq(agencies.id, id)));
  return row;
}

/** The agency, when it is one of the OEM's: its own scope, for what hangs below it. */
export async function agencyOf(db: Db, scope: OemScope, id: number): Promise<AgencyScope | undefined> {
  const [row] = await db
    .select({ id: agencies.id })
    .from(agencies)
    .where(and(ofOem(scope), eq(agencies.id, id)));
  return row ? agencyScope(row.id) : undefined;
}

export async function usersOf(db: Db, { agencyId }: AgencyScope) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.role, 'agency'), eq(users.agencyId, agencyId)))
    .orderBy(asc(users.id));
}

export async function accountsOf(db: Db, { agencyId }: AgencyScope) {
  return db
    .select({ id: accounts.id, name: accounts.name, status: accounts.status })
    .from(accounts)
    .where(eq(accounts.agencyId, agencyId))
    .orderBy(asc(accounts.name), asc(accounts.id));
}

export async function insert(db: Db, scope: OemScope, values: AgencyValues): Promise<number> {
  const [row] = await db
    .insert(agencies)
    .values({ ...values, oemId: scope.oemId })
    .returning({ id: agencies.id });
  return row!.id;
}

/** Answers the status before the update, or undefined when the OEM has no such agency. */
export async function update(
  db: Db,
  scope: OemScope,
  id: number,
  values: AgencyValues,
): Promise<AgencyStatus | undefined> {
  const [before] = await db
    .select({ status: agencies.status })
    .from(agencies)
    .where(and(ofOem(scope), eq(agencies.id, id)))
    .for('update');
  if (!before) return undefined;
  await db
    .update(agencies)
    .set({ ...values, updatedAt: new Date() })
    .where(and(ofOem(scope), eq(agencies.id, id)));
  return before.status;
}

export async function accountCount(db: Db, { agencyId }: AgencyScope): Promise<number> {
  const [row] = await db.select({ n: count() }).from(accounts).where(eq(accounts.agencyId, agencyId));
  return row?.n ?? 0;
}

/** Deletes the agency (its users cascade) while no account belongs to it; answers whether it did. */
export async function removeWithoutAccounts(db: Db, scope: OemScope, id: number): Promise<boolean> {
  const rows = await db
    .delete(agencies)
    .where(
      and(
        ofOem(scope),
        eq(agencies.id, id),
        // Qualified by hand: a delete renders its table's columns unqualified (the inner "id" would be the account's).
        sql`not exists (select 1 from ${accounts} where ${sql.raw('"accounts"."agency_id" = "agencies"."id"')})`,
      ),
    )
    .returning({ id: agencies.id });
  return rows.length > 0;
}

export async function userIdsOf(db: Db, { agencyId }: AgencyScope): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.agencyId, agencyId));
  return rows.map((row) => row.id);
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'agency'), eq(users.email, email)))
    .limit(1);
  return row !== undefined;
}

export async function insertUser(
  db: Db,
  { agencyId }: AgencyScope,
  values: { name: string; email: string; passwordHash: string },
) {
  const [row] = await db
    .insert(users)
    .values({ ...values, role: 'agency', agencyId, agencyRole: 'manager' })
    .returning();
  return row!;
}

export async function setUserStatus(db: Db, { agencyId }: AgencyScope, userId: number, status: 'active' | 'disabled') {
  const [row] = await db
    .update(users)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.role, 'agency'), eq(users.agencyId, agencyId)))
    .returning();
  return row;
}

/** For the admin home: how many agencies the OEM has. */
export async function agencyCountOfOem(db: Db, scope: OemScope): Promise<number> {
  const [row] = await db.select({ n: count() }).from(agencies).where(ofOem(scope));
  return row?.n ?? 0;
}

/** The names of the OEM's agencies among `ids` (an id not the OEM's is left out), for records naming them. */
export async function namesOf(db: Db, scope: OemScope, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: agencies.id, name: agencies.name })
    .from(agencies)
    .where(and(ofOem(scope), inArray(agencies.id, ids)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The OEM an agency belongs to (its users read what reaches it), or undefined when it is gone. */
export async function oemOfAgency(db: Db, { agencyId }: AgencyScope): Promise<number | undefined> {
  const [row] = await db.select({ oemId: agencies.oemId }).from(agencies).where(eq(agencies.id, agencyId));
  return row?.oemId;
}
