import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Role } from '@linq/contract';
import type { Db } from './db.ts';
import { unauthorized } from './errors.ts';
import type { Principal } from './principal.ts';
import { lineAccounts, userLineAccounts } from '../modules/line-accounts/schema.ts';
import { sessions, users } from '../modules/sessions/schema.ts';
import { staffAuthorities } from '../modules/staff-authorities/schema.ts';
import { hashToken } from './tokens.ts';

export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

/** last_used_at is written at most this often, to keep reads cheap. */
const TOUCH_INTERVAL_MS = 60_000;

export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

/**
 * Resolves an access token to who is calling. A token of another role, an expired,
 * idle, revoked or disabled user's session: all 401, with one message.
 */
export async function authenticate(
  db: Db,
  policy: SessionPolicy,
  token: string | null,
  roles: readonly Role[],
): Promise<Principal> {
  if (!token) throw unauthorized();
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
    .limit(1);
  const now = Date.now();
  if (
    !row ||
    !roles.includes(row.session.role) ||
    row.user.status !== 'active' ||
    row.session.expiresAt.getTime() <= now ||
    row.session.lastUsedAt.getTime() + policy.idleMinutes * 60_000 <= now
  ) {
    throw unauthorized('セッションが無効です。もう一度ログインしてください。');
  }
  if (now - row.session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(sessions.id, row.session.id));
  }
  return principalFor(db, row.session.id, row.user);
}

async function principalFor(db: Db, sessionId: number, user: typeof users.$inferSelect): Promise<Principal> {
  const base = { sessionId, userId: user.id };
  switch (user.role) {
    case 'admin':
      return { ...base, role: 'admin' };
    case 'agency':
      return { ...base, role: 'agency', agencyId: requireOwner(user.agencyId) };
    case 'account':
      return { ...base, role: 'account', accountId: requireOwner(user.accountId) };
    case 'service': {
      const accountId = requireOwner(user.accountId);
      const [authority] = await db
        .select({ permissions: staffAuthorities.permissions })
        .from(staffAuthorities)
        .where(
          and(eq(staffAuthorities.id, requireOwner(user.staffAuthorityId)), eq(staffAuthorities.accountId, accountId)),
        );
      if (!authority) throw unauthorized();
      const channels = await db
        .select({ id: userLineAccounts.lineAccountId })
        .from(userLineAccounts)
        .innerJoin(lineAccounts, eq(lineAccounts.id, userLineAccounts.lineAccountId))
        .where(and(eq(userLineAccounts.userId, user.id), eq(lineAccounts.accountId, accountId)));
      return {
        ...base,
        role: 'service',
        accountId,
        staffAuthorityId: requireOwner(user.staffAuthorityId),
        permissions: authority.permissions,
        lineAccountIds: channels.map((c) => c.id),
      };
    }
  }
}

function requireOwner(id: number | null): number {
  // A login without its owner row is a broken account: treat it as logged out.
  if (id === null) throw unauthorized();
  return id;
}

/** Ends every session of these users (logout everywhere, disable, password change). */
export async function revokeSessionsOfUsers(db: Db, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(inArray(sessions.userId, userIds), isNull(sessions.revokedAt)));
}
