import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { AccountScope, OemScope } from '../../platform/principal.ts';
import { lineAccounts, userLineAccounts } from '../line-accounts/schema.ts';
import { staffAuthorities } from '../staff-authorities/schema.ts';
import { sessions, users } from './schema.ts';
import { accounts, agencies, oems } from '../tenants/schema.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/**
 * The unrevoked session of this token hash, with its user, and whether the user's owner (their agency
 * or account) is suspended now: a suspended owner's sessions are refused whenever they were made.
 * Unscoped: the token is the key, before any tenant is known.
 */
export async function sessionByTokenUnscoped(
  db: Db,
  tokenHash: string,
): Promise<{ session: SessionRow; user: UserRow; ownerSuspended: boolean } | undefined> {
  const [row] = await db
    .select({
      session: sessions,
      user: users,
      ownerSuspended:
        sql<boolean>`coalesce(${agencies.status} = 'suspended', false) or coalesce(${accounts.status} = 'suspended', false)`.mapWith(
          Boolean,
        ),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(agencies, eq(agencies.id, users.agencyId))
    .leftJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
    .limit(1);
  return row;
}

export async function touchSession(db: Db, sessionId: number, at: Date): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: at }).where(eq(sessions.id, sessionId));
}

/** Whether the admin's OEM is the default one (its admins are the platform admins); undefined: no such OEM. */
export async function oemIsDefault(db: Db, { oemId }: OemScope): Promise<boolean | undefined> {
  const [row] = await db.select({ isDefault: oems.isDefault }).from(oems).where(eq(oems.id, oemId));
  return row?.isDefault;
}

/** The permissions of the account's staff authority. */
export async function staffPermissions(db: Db, { accountId }: AccountScope, staffAuthorityId: number) {
  const [authority] = await db
    .select({ permissions: staffAuthorities.permissions })
    .from(staffAuthorities)
    .where(and(eq(staffAuthorities.id, staffAuthorityId), eq(staffAuthorities.accountId, accountId)));
  return authority?.permissions;
}

/** The account's active channels assigned to the staff user (a suspended channel is nobody's), each with its account. */
export async function assignedChannels(
  db: Db,
  { accountId }: AccountScope,
  userId: number,
): Promise<{ id: number; accountId: number }[]> {
  return db
    .select({ id: lineAccounts.id, accountId: lineAccounts.accountId })
    .from(userLineAccounts)
    .innerJoin(lineAccounts, eq(lineAccounts.id, userLineAccounts.lineAccountId))
    .where(
      and(
        eq(userLineAccounts.userId, userId),
        eq(lineAccounts.accountId, accountId),
        eq(lineAccounts.status, 'active'),
      ),
    );
}

/** Unscoped: the callers pass users they found in their own scope. */
export async function revokeSessionsOfUsersUnscoped(db: Db, userIds: number[]): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(inArray(sessions.userId, userIds), isNull(sessions.revokedAt)));
}

/** The users of the account holding this staff authority. */
export async function holdersOfStaffAuthority(
  db: Db,
  { accountId }: AccountScope,
  staffAuthorityId: number,
): Promise<number[]> {
  const holders = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.staffAuthorityId, staffAuthorityId)));
  return holders.map((u) => u.id);
}
