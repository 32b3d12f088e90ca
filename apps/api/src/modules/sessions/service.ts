import {
  ACCOUNT_SUSPENDED_LOGIN_MESSAGE,
  AGENCY_SUSPENDED_LOGIN_MESSAGE,
  type Role,
  type SessionOf,
  type SessionRecord,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { AppError, forbidden, unauthorized } from '../../platform/errors.ts';
import { verifyAgainstDummy, verifyPassword } from '../../platform/password-hash.ts';
import { accountScope, agencyScope, oemScope, type Principal, type PrincipalOf } from '../../platform/principal.ts';
import { publishAccessChanged } from '../../platform/realtime.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import * as repo from './repository.ts';

export const LOGIN_FAILED_MESSAGE = 'メールアドレスまたはパスワードが正しくありません。';
export const LOGIN_THROTTLED_MESSAGE =
  'ログインの試行回数が上限に達しました。15分ほど時間をおいてから再度お試しください。';

/** Failed logins allowed per e-mail (and per IP) in the window before 429. */
export const THROTTLE = { windowMinutes: 15, perEmail: 5, perIp: 50 };

export interface ClientMeta {
  ip: string;
  userAgent: string | null;
}

export async function login<R extends Role>(
  ctx: AppContext,
  role: R,
  credentials: { email: string; password: string },
  meta: ClientMeta,
): Promise<SessionOf<R> & { access_token: string }> {
  const db = ctx.database.db;
  const emailKey = `email:${role}:${credentials.email}`;
  const ipKey = `ip:${meta.ip}`;
  const since = new Date(Date.now() - THROTTLE.windowMinutes * 60_000);
  const failures = await repo.recentFailures(db, [emailKey, ipKey], since);
  if ((failures.get(emailKey) ?? 0) >= THROTTLE.perEmail || (failures.get(ipKey) ?? 0) >= THROTTLE.perIp) {
    throw new AppError('too_many_requests', LOGIN_THROTTLED_MESSAGE);
  }

  const user = await repo.findUserByEmail(db, role, credentials.email);
  const valid = user
    ? (await verifyPassword(user.passwordHash, credentials.password)) && user.status === 'active'
    : await verifyAgainstDummy(credentials.password);
  if (!user || !valid) {
    await repo.recordFailures(db, [emailKey, ipKey]);
    throw unauthorized(LOGIN_FAILED_MESSAGE);
  }
  await repo.clearFailures(db, emailKey);
  // Said only to who knows the password: a suspended agency's or account's logins stop.
  const suspended = await repo.suspendedOwnerUnscoped(db, user);
  if (suspended) {
    throw forbidden(suspended === 'agency' ? AGENCY_SUSPENDED_LOGIN_MESSAGE : ACCOUNT_SUSPENDED_LOGIN_MESSAGE);
  }

  const token = newToken();
  const expiresAt = new Date(Date.now() + ctx.sessionPolicy.absoluteHours * 3_600_000);
  await repo.insertSession(db, {
    userId: user.id,
    role,
    tokenHash: hashToken(token),
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
  // findUserByEmail matched the role, so the record is that role's shape.
  const record = (await sessionRecord(ctx, user, expiresAt)) as SessionOf<R>;
  return { ...record, access_token: token };
}

export async function logout(ctx: AppContext, principal: Principal): Promise<void> {
  await repo.revokeSession(ctx.database.db, principal.sessionId);
  await publishAccessChanged(ctx.database.db, [principal.userId]);
}

export async function me<R extends Role>(ctx: AppContext, principal: PrincipalOf<R>): Promise<SessionOf<R>> {
  const db = ctx.database.db;
  const [user, expiresAt] = await Promise.all([
    repo.findUser(db, principal.userId),
    repo.sessionExpiry(db, principal.sessionId),
  ]);
  if (!user || !expiresAt) throw unauthorized();
  // The session's role is the user's role, so the record is that role's shape.
  return (await sessionRecord(ctx, user, expiresAt)) as SessionOf<R>;
}

async function sessionRecord(ctx: AppContext, user: repo.UserRow, expiresAt: Date): Promise<SessionRecord> {
  const db = ctx.database.db;
  const common = {
    user: { id: user.id, email: user.email, name: user.name },
    expires_at: expiresAt.toISOString(),
  };
  switch (user.role) {
    case 'admin': {
      const found = await repo.findOem(db, oemScope(owner(user.oemId)));
      if (!found) throw unauthorized();
      const { isDefault, ...oem } = found;
      return { role: 'admin', ...common, oem, platform: isDefault };
    }
    case 'agency': {
      const agency = await repo.findAgency(db, agencyScope(owner(user.agencyId)));
      if (!agency) throw unauthorized();
      return { role: 'agency', ...common, agency, agency_role: user.agencyRole ?? 'member' };
    }
    case 'account': {
      const account = await repo.findAccount(db, accountScope(owner(user.accountId)));
      if (!account) throw unauthorized();
      return { role: 'account', ...common, account };
    }
    case 'service': {
      const scope = accountScope(owner(user.accountId));
      const [account, authority, channels] = await Promise.all([
        repo.findAccount(db, scope),
        repo.findStaffAuthority(db, scope, owner(user.staffAuthorityId)),
        repo.channelsOfUser(db, scope, user.id),
      ]);
      if (!account || !authority) throw unauthorized();
      return {
        role: 'service',
        ...common,
        account,
        staff_authority: { id: authority.id, name: authority.name },
        permissions: authority.permissions,
        line_accounts: channels,
        hide_tutorial_screens: user.hideTutorialScreens,
      };
    }
  }
}

function owner(id: number | null): number {
  if (id === null) throw unauthorized();
  return id;
}
