import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { containsPattern, violatesUnique } from '../../platform/sql.ts';
import type { AccountScope } from '../../platform/principal.ts';
import { lineAccounts, userLineAccounts } from '../line-accounts/schema.ts';
import { users } from '../sessions/schema.ts';
import { staffAuthorities } from '../staff-authorities/schema.ts';

type UserStatus = (typeof users.$inferSelect)['status'];

export interface AccountUserRow {
  id: number;
  name: string;
  email: string;
  status: UserStatus;
  staffAuthorityId: number;
  staffAuthorityName: string;
  lastLoginAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}
export interface AccountUserValues {
  name: string;
  email: string;
  status: UserStatus;
  staffAuthorityId: number;
}
export interface AccountUserFilter {
  q?: string;
  status?: UserStatus;
  staffAuthorityId?: number;
  page: number;
  limit: number;
}

/** The account's staff: service logins of the scope's account. */
const inScope = (scope: AccountScope, ...conditions: (SQL | undefined)[]) =>
  and(eq(users.role, 'service'), eq(users.accountId, scope.accountId), ...conditions);

const ownAuthority = (scope: AccountScope) =>
  and(eq(staffAuthorities.id, users.staffAuthorityId), eq(staffAuthorities.accountId, scope.accountId));

function selectUsers(db: Db, scope: AccountScope) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      status: users.status,
      staffAuthorityId: staffAuthorities.id,
      staffAuthorityName: staffAuthorities.name,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .innerJoin(staffAuthorities, ownAuthority(scope))
    .$dynamic();
}

export async function list(
  db: Db,
  scope: AccountScope,
  filter: AccountUserFilter,
): Promise<{ rows: AccountUserRow[]; total: number }> {
  const pattern = filter.q ? containsPattern(filter.q) : undefined;
  const where = inScope(
    scope,
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
    filter.status ? eq(users.status, filter.status) : undefined,
    filter.staffAuthorityId ? eq(users.staffAuthorityId, filter.staffAuthorityId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectUsers(db, scope)
      .where(where)
      .orderBy(desc(users.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(users).innerJoin(staffAuthorities, ownAuthority(scope)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function find(db: Db, scope: AccountScope, id: number): Promise<AccountUserRow | undefined> {
  const [row] = await selectUsers(db, scope).where(inScope(scope, eq(users.id, id)));
  return row;
}

/** Channel ids assigned to each of these users, ascending. */
export async function channelIdsOf(db: Db, scope: AccountScope, userIds: number[]): Promise<Map<number, number[]>> {
  const byUser = new Map<number, number[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: userLineAccounts.userId, lineAccountId: lineAccounts.id })
    .from(userLineAccounts)
    .innerJoin(lineAccounts, eq(lineAccounts.id, userLineAccounts.lineAccountId))
    .where(and(inArray(userLineAccounts.userId, userIds), eq(lineAccounts.accountId, scope.accountId)))
    .orderBy(userLineAccounts.userId, lineAccounts.id);
  for (const row of rows) byUser.get(row.userId)?.push(row.lineAccountId);
  return byUser;
}

export async function authorityExists(db: Db, scope: AccountScope, staffAuthorityId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: staffAuthorities.id })
    .from(staffAuthorities)
    .where(and(eq(staffAuthorities.id, staffAuthorityId), eq(staffAuthorities.accountId, scope.accountId)));
  return row !== undefined;
}

/** How many of these channel ids belong to the account. */
export async function countChannels(db: Db, scope: AccountScope, lineAccountIds: number[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(lineAccounts)
    .where(and(inArray(lineAccounts.id, lineAccountIds), eq(lineAccounts.accountId, scope.accountId)));
  return row?.n ?? 0;
}

export async function insert(
  db: Db,
  scope: AccountScope,
  values: AccountUserValues & { passwordHash: string },
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ ...values, role: 'service', accountId: scope.accountId })
    .returning({ id: users.id });
  return row!.id;
}

/** Returns whether the user existed in the scope. */
export async function update(
  db: Db,
  scope: AccountScope,
  id: number,
  values: AccountUserValues & { passwordHash?: string; passwordChangedAt?: Date },
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(inScope(scope, eq(users.id, id)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Makes these the user's channels. Only the account's own channels are inserted and
 * only for its own user, whatever ids come in.
 */
export async function setChannels(
  db: Db,
  scope: AccountScope,
  userId: number,
  lineAccountIds: number[],
): Promise<void> {
  const ownUser = inScope(scope, eq(users.id, userId));
  await db
    .delete(userLineAccounts)
    .where(inArray(userLineAccounts.userId, db.select({ id: users.id }).from(users).where(ownUser)));
  await db.insert(userLineAccounts).select(
    db
      .select({ userId: users.id, lineAccountId: lineAccounts.id })
      .from(lineAccounts)
      .innerJoin(users, ownUser)
      .where(and(inArray(lineAccounts.id, lineAccountIds), eq(lineAccounts.accountId, scope.accountId))),
  );
}

/** Returns whether the user existed in the scope; sessions and channel links cascade. */
export async function remove(db: Db, scope: AccountScope, id: number): Promise<boolean> {
  const rows = await db
    .delete(users)
    .where(inScope(scope, eq(users.id, id)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The (role, email) unique index is the e-mail rule: it also holds against concurrent writes. */
export function isDuplicateEmail(error: unknown): boolean {
  return violatesUnique(error, 'users_role_email_idx');
}
