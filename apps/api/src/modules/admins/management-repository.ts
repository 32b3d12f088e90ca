import { and, asc, count, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { OemScope } from '../../platform/principal.ts';
import { containsPattern } from '../../platform/sql.ts';
import { users } from '../sessions/schema.ts';
import { oems } from '../tenants/schema.ts';

export type AdminRow = typeof users.$inferSelect;
export type AdminStatus = AdminRow['status'];

export interface AdminFilter {
  q?: string;
  status?: AdminStatus;
  page: number;
  limit: number;
}

const adminsOf = ({ oemId }: OemScope) => and(eq(users.role, 'admin'), eq(users.oemId, oemId));

export async function list(db: Db, scope: OemScope, filter: AdminFilter) {
  const pattern = filter.q ? containsPattern(filter.q) : undefined;
  const where = and(
    adminsOf(scope),
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
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

export async function find(db: Db, scope: OemScope, id: number): Promise<AdminRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(adminsOf(scope), eq(users.id, id)));
  return row;
}

/**
 * Locks the OEM's admin rows until the transaction ends and counts the active ones other than
 * `exceptId`: two admins disabling each other at once cannot both pass the last-admin check.
 */
export async function otherActiveAdmins(db: Db, scope: OemScope, exceptId: number): Promise<number> {
  const rows = await db
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(adminsOf(scope))
    .orderBy(asc(users.id))
    .for('update');
  return rows.filter((row) => row.id !== exceptId && row.status === 'active').length;
}

export async function emailTaken(db: Db, email: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.email, email), exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

export async function insert(
  db: Db,
  { oemId }: OemScope,
  values: { name: string; email: string; passwordHash: string },
): Promise<AdminRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, role: 'admin', oemId })
    .returning();
  return row!;
}

export async function update(
  db: Db,
  scope: OemScope,
  id: number,
  values: { name: string; email: string; status: AdminStatus },
): Promise<AdminRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(adminsOf(scope), eq(users.id, id)))
    .returning();
  return row;
}

export async function serviceName(db: Db, { oemId }: OemScope): Promise<string> {
  const [row] = await db.select({ serviceName: oems.serviceName }).from(oems).where(eq(oems.id, oemId));
  return row?.serviceName ?? '';
}
