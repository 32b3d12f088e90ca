import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import type { Role } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import type { AccountScope, AgencyScope, OemScope } from '../../platform/principal.ts';
import { lineAccounts, userLineAccounts } from '../line-accounts/schema.ts';
import { loginFailures, sessions, users } from './schema.ts';
import { staffAuthorities } from '../staff-authorities/schema.ts';
import { accounts, agencies, oems } from '../tenants/schema.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, role: Role, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.role, role), eq(users.email, email)));
  return user;
}

export async function insertSession(
  db: Db,
  values: { userId: number; role: Role; tokenHash: string; expiresAt: Date; ip: string; userAgent: string | null },
) {
  await db.insert(sessions).values(values);
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, values.userId));
}

export async function revokeSession(db: Db, sessionId: number) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function sessionExpiry(db: Db, sessionId: number): Promise<Date | undefined> {
  const [row] = await db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, sessionId));
  return row?.expiresAt;
}

export async function findUser(db: Db, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

export async function findOem(db: Db, { oemId }: OemScope) {
  const [oem] = await db
    .select({ id: oems.id, name: oems.name, service_name: oems.serviceName, isDefault: oems.isDefault })
    .from(oems)
    .where(eq(oems.id, oemId));
  return oem;
}

export async function findAgency(db: Db, { agencyId }: AgencyScope) {
  const [agency] = await db
    .select({ id: agencies.id, name: agencies.name })
    .from(agencies)
    .where(eq(agencies.id, agencyId));
  return agency;
}

export async function findAccount(db: Db, { accountId }: AccountScope) {
  const [account] = await db
    .select({ id: accounts.id, name: accounts.name, time_zone: accounts.timeZone })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return account;
}

/**
 * What suspends the user's logins, if anything: their agency (agency users) or their account (the
 * owner and staff) being suspended. Unscoped: the user's own owner row, before any session exists.
 */
export async function suspendedOwnerUnscoped(db: Db, user: UserRow): Promise<'agency' | 'account' | null> {
  if (user.agencyId !== null) {
    const [agency] = await db.select({ status: agencies.status }).from(agencies).where(eq(agencies.id, user.agencyId));
    if (agency?.status === 'suspended') return 'agency';
  }
  if (user.accountId !== null) {
    const [account] = await db
      .select({ status: accounts.status })
      .from(accounts)
      .where(eq(accounts.id, user.accountId));
    if (account?.status === 'suspended') return 'account';
  }
  return null;
}

export async function findStaffAuthority(db: Db, { accountId }: AccountScope, staffAuthorityId: number) {
  const [row] = await db
    .select({ id: staffAuthorities.id, name: staffAuthorities.name, permissions: staffAuthorities.permissions })
    .from(staffAuthorities)
    .where(and(eq(staffAuthorities.id, staffAuthorityId), eq(staffAuthorities.accountId, accountId)));
  return row;
}

export async function channelsOfUser(db: Db, { accountId }: AccountScope, userId: number) {
  return db
    .select({ id: lineAccounts.id, name: lineAccounts.name, status: lineAccounts.status })
    .from(lineAccounts)
    .innerJoin(userLineAccounts, eq(userLineAccounts.lineAccountId, lineAccounts.id))
    .where(and(eq(userLineAccounts.userId, userId), eq(lineAccounts.accountId, accountId)))
    .orderBy(asc(lineAccounts.id));
}

export async function recentFailures(db: Db, keys: string[], since: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ key: loginFailures.key, failures: count() })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, keys), gt(loginFailures.failedAt, since)))
    .groupBy(loginFailures.key);
  return new Map(rows.map((r) => [r.key, r.failures]));
}

export async function recordFailures(db: Db, keys: string[]) {
  await db.insert(loginFailures).values(keys.map((key) => ({ key })));
}

export async function clearFailures(db: Db, key: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}
