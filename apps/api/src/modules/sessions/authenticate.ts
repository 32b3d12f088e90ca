import type { Role } from '@linq/contract';
import type { SessionPolicy } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { unauthorized } from '../../platform/errors.ts';
import { oemScope, type AccountScope, type Principal } from '../../platform/principal.ts';
import { publishAccessChanged } from '../../platform/realtime.ts';
import { hashToken } from '../../platform/tokens.ts';
import * as repo from './auth-repository.ts';

/** last_used_at is written at most this often, to keep reads cheap. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Resolves an access token to who is calling. A token of another role, an expired, idle or revoked
 * session, a disabled user's or a suspended agency's or account's: all 401, with one message.
 */
export async function authenticate(
  db: Db,
  policy: SessionPolicy,
  token: string | null,
  roles: readonly Role[],
): Promise<Principal> {
  if (!token) throw unauthorized();
  const row = await repo.sessionByTokenUnscoped(db, hashToken(token));
  const now = Date.now();
  if (
    !row ||
    !roles.includes(row.session.role) ||
    row.user.status !== 'active' ||
    // Whatever the session's age: one opened in the instant of the suspension ends with the others.
    row.ownerSuspended ||
    row.session.expiresAt.getTime() <= now ||
    row.session.lastUsedAt.getTime() + policy.idleMinutes * 60_000 <= now
  ) {
    throw unauthorized('セッションが無効です。もう一度ログインしてください。');
  }
  if (now - row.session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await repo.touchSession(db, row.session.id, new Date(now));
  }
  return principalFor(db, row.session.id, row.user, row.staffAccess);
}

async function principalFor(
  db: Db,
  sessionId: number,
  user: repo.UserRow,
  staffAccess: repo.StaffAccess | null,
): Promise<Principal> {
  const base = { sessionId, userId: user.id };
  switch (user.role) {
    case 'admin': {
      const oemId = requireOwner(user.oemId);
      const isDefault = await repo.oemIsDefault(db, oemScope(oemId));
      if (isDefault === undefined) throw unauthorized();
      return { ...base, role: 'admin', oemId, platform: isDefault };
    }
    case 'agency':
      return {
        ...base,
        role: 'agency',
        agencyId: requireOwner(user.agencyId),
        agencyRole: user.agencyRole ?? 'member',
      };
    case 'account':
      return { ...base, role: 'account', accountId: requireOwner(user.accountId) };
    case 'service': {
      const accountId = requireOwner(user.accountId);
      const staffAuthorityId = requireOwner(user.staffAuthorityId);
      if (!staffAccess?.permissions) throw unauthorized();
      const { permissions, channels } = staffAccess;
      return {
        ...base,
        role: 'service',
        accountId,
        staffAuthorityId,
        permissions,
        lineAccountIds: channels.map((channel) => channel.id),
        channelAccounts: new Map(channels.map((channel) => [channel.id, channel.accountId])),
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
  await repo.revokeSessionsOfUsersUnscoped(db, userIds);
  await publishAccessChanged(db, userIds);
}

/** The users holding a staff authority whose permissions changed: their open sockets re-check them. */
export async function accessChangedForAuthority(db: Db, scope: AccountScope, staffAuthorityId: number): Promise<void> {
  await publishAccessChanged(db, await repo.holdersOfStaffAuthority(db, scope, staffAuthorityId));
}
