import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Role } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import { passwordResetTokens } from './schema.ts';
import { users } from '../sessions/schema.ts';
import { accounts, agencies } from '../tenants/schema.ts';
import { nowSql } from '../../platform/db-columns.ts';

export async function findActiveUserByEmail(db: Db, role: Role, email: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.role, role), eq(users.email, email), eq(users.status, 'active')));
  return user;
}

/** The OEM the user's mails are sent for: an admin's own, an agency user's agency's, an account login's account's. */
export async function oemOfUser(db: Db, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ oemId: sql<number | null>`coalesce(${users.oemId}, ${agencies.oemId}, ${accounts.oemId})` })
    .from(users)
    .leftJoin(agencies, eq(agencies.id, users.agencyId))
    .leftJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.id, userId));
  return row?.oemId ?? undefined;
}

export async function findPasswordHash(db: Db, userId: number): Promise<string | undefined> {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return user?.passwordHash;
}

/** Stores a new reset token; the user's earlier unused ones stop working, so only the newest link is valid. */
export async function replaceResetToken(db: Db, values: { userId: number; tokenHash: string; expiresAt: Date }) {
  await db.transaction(async (tx) => {
    await tx
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, values.userId), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values(values);
  });
}

/** Unused, unexpired, and belonging to an active user of that role (a service token never resets an agency user). */
function usable(db: Db, role: Role, tokenHash: string) {
  return and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, nowSql),
    inArray(
      passwordResetTokens.userId,
      db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, role), eq(users.status, 'active'))),
    ),
  );
}

export async function isUsableToken(db: Db, role: Role, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(usable(db, role, tokenHash))
    .limit(1);
  return row !== undefined;
}

/**
 * Marks the token used and returns its user. The condition is re-checked in the
 * UPDATE itself, so of two concurrent resets only one gets a row back.
 */
export async function claimToken(db: Db, role: Role, tokenHash: string): Promise<number | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: nowSql })
    .where(usable(db, role, tokenHash))
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string) {
  await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: nowSql, updatedAt: nowSql })
    .where(eq(users.id, userId));
}
