import { and, asc, count, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { AgencyScope } from '../../platform/principal.ts';
import { containsPattern } from '../../platform/sql.ts';
import { users } from '../sessions/schema.ts';
import { agencies, oems } from '../tenants/schema.ts';

export type AgencyUserRow = typeof users.$inferSelect;
export type AgencyRole = NonNullable<AgencyUserRow['agencyRole']>;
export type AgencyUserStatus = AgencyUserRow['status'];

export interface AgencyUserFilter {
  q?: string;
  role?: AgencyRole;
  status?: AgencyUserStatus;
  page: number;
  limit: number;
}

export interface AgencyUserValues {
  name: string;
  email: string;
  agencyRole: AgencyRole;
}

const usersOf = ({ agencyId }: AgencyScope) => and(eq(users.role, 'agency'), eq(users.agencyId, agencyId));

export async function list(db: Db, scope: AgencyScope, filter: AgencyUserFilter) {
  const pattern = filter.q ? containsPattern(filter.q) : undefined;
  const where = and(
    usersOf(scope),
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
    filter.role ? eq(users.agencyRole, filter.role) : undefined,
    filter.status ? eq(users.status, filter.status) : undefined,
  );
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function find(db: Db, scope: AgencyScope, id: number): Promise<AgencyUserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(usersOf(scope), eq(users.id, id)));
  return row;
}

/**
 * Locks the agency's user rows until the transaction ends and counts the active managers other
 * than `exceptId`: two managers demoting each other at once cannot both pass the last-manager check.
 */
export async function otherActiveManagers(db: Db, scope: AgencyScope, exceptId: number): Promise<number> {
  const rows = await db
    .select({ id: users.id, status: users.status, agencyRole: users.agencyRole })
    .from(users)
    .where(usersOf(scope))
    .orderBy(asc(users.id))
    .for('update');
  return rows.filter((row) => row.id !== exceptId && row.status === 'active' && row.agencyRole === 'manager').length;
}

/** Agency logins share one e-mail namespace across agencies (the login page does not ask which agency). */
export async function emailTaken(db: Db, email: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'agency'), eq(users.email, email), exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

export async function insert(
  db: Db,
  { agencyId }: AgencyScope,
  values: AgencyUserValues & { passwordHash: string },
): Promise<AgencyUserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, role: 'agency', agencyId })
    .returning();
  return row!;
}

export async function update(
  db: Db,
  scope: AgencyScope,
  id: number,
  values: AgencyUserValues & { status: AgencyUserStatus },
): Promise<AgencyUserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(usersOf(scope), eq(users.id, id)))
    .returning();
  return row;
}

/** The service name of the agency's OEM: the invitation mail's sender. */
export async function serviceName(db: Db, { agencyId }: AgencyScope): Promise<string> {
  const [row] = await db
    .select({ serviceName: oems.serviceName })
    .from(agencies)
    .innerJoin(oems, eq(oems.id, agencies.oemId))
    .where(eq(agencies.id, agencyId));
  return row?.serviceName ?? '';
}
