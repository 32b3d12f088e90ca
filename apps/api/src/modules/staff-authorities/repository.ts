import { and, count, desc, eq, getTableColumns, ilike, type SQL } from 'drizzle-orm';
import type { Permissions } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import { containsPattern, violatesUnique } from '../../platform/sql.ts';
import { tenantId, type AccountScope } from '../../platform/principal.ts';
import { users } from '../sessions/schema.ts';
import { staffAuthorities } from './schema.ts';

export type StaffAuthorityRow = typeof staffAuthorities.$inferSelect & { userCount: number };
export interface StaffAuthorityValues {
  name: string;
  description: string;
  permissions: Permissions;
}

const inScope = (scope: AccountScope, ...conditions: (SQL | undefined)[]) =>
  and(eq(staffAuthorities.accountId, tenantId(scope)), ...conditions);

/** Authorities with how many users hold each. */
function selectWithUserCount(db: Db, scope: AccountScope) {
  return db
    .select({ ...getTableColumns(staffAuthorities), userCount: count(users.id) })
    .from(staffAuthorities)
    .leftJoin(users, and(eq(users.staffAuthorityId, staffAuthorities.id), eq(users.accountId, tenantId(scope))))
    .groupBy(staffAuthorities.id)
    .$dynamic();
}

export async function list(
  db: Db,
  scope: AccountScope,
  filter: { q?: string; page: number; limit: number },
): Promise<{ rows: StaffAuthorityRow[]; total: number }> {
  const where = inScope(scope, filter.q ? ilike(staffAuthorities.name, containsPattern(filter.q)) : undefined);
  const [rows, [total]] = await Promise.all([
    selectWithUserCount(db, scope)
      .where(where)
      .orderBy(desc(staffAuthorities.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(staffAuthorities).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function find(db: Db, scope: AccountScope, id: number): Promise<StaffAuthorityRow | undefined> {
  const [row] = await selectWithUserCount(db, scope).where(inScope(scope, eq(staffAuthorities.id, id)));
  return row;
}

export async function insert(db: Db, scope: AccountScope, values: StaffAuthorityValues): Promise<number> {
  const [row] = await db
    .insert(staffAuthorities)
    .values({ ...values, accountId: tenantId(scope) })
    .returning({ id: staffAuthorities.id });
  return row!.id;
}

/** Returns whether the authority existed in the scope. */
export async function update(db: Db, scope: AccountScope, id: number, values: StaffAuthorityValues): Promise<boolean> {
  const rows = await db
    .update(staffAuthorities)
    .set({ ...values, updatedAt: new Date() })
    .where(inScope(scope, eq(staffAuthorities.id, id)))
    .returning({ id: staffAuthorities.id });
  return rows.length > 0;
}

export async function remove(db: Db, scope: AccountScope, id: number): Promise<void> {
  await db.delete(staffAuthorities).where(inScope(scope, eq(staffAuthorities.id, id)));
}

/** The (account_id, name) unique index is the name rule: it also holds against concurrent writes. */
export function isDuplicateName(error: unknown): boolean {
  return violatesUnique(error, 'staff_authorities_account_name_idx');
}
