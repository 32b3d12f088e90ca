import type { Config } from '../../config.ts';
import { revokeSessionsOfUsers } from '../sessions/authenticate.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { fieldError, unauthorized } from '../../platform/errors.ts';
import { publicOrigin } from '../../platform/public-origin.ts';
import { queueMail, type Mail } from '../mail/service.ts';
import { hashPassword, verifyPassword } from '../../platform/password-hash.ts';
import { oemScope, type OemScope, type PrincipalOf } from '../../platform/principal.ts';
import type { JobPayloads } from '../../platform/queue.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import * as repo from './repository.ts';

/** The areas whose users can recover a forgotten password by e-mail. */
export type RecoveryRole = JobPayloads['password-reset.request']['role'];
export const RECOVERY_ROLES: readonly RecoveryRole[] = ['service', 'agency'];

export const RESET_TOKEN_MINUTES = 60;
/** An invitation's set-password link lasts longer than a reset link: the invitee may read it days later. */
export const INVITATION_TOKEN_DAYS = 7;

/** The areas whose users are invited (a login made for them, a set-password link mailed). */
export type InvitedRole = RecoveryRole | 'account' | 'admin';
/** Areas that take a reset token without a forgot-password screen: their users are only invited. */
export const INVITE_ONLY_ROLES = ['account', 'admin'] as const satisfies readonly InvitedRole[];
export const INVALID_RESET_TOKEN_MESSAGE =
  'このリンクは無効か、有効期限が切れています。もう一度パスワード再設定をお申し込みください。';
export const WRONG_CURRENT_PASSWORD_MESSAGE = '現在のパスワードが正しくありません';
export const SAME_PASSWORD_MESSAGE = '現在のパスワードとは異なるパスワードを入力してください';

/**
 * Only enqueues, whatever the address: the answer and its timing are the same for a
 * known and an unknown e-mail; the job decides whether a mail goes out.
 */
export async function requestReset(ctx: AppContext, role: RecoveryRole, email: string): Promise<void> {
  await ctx.queue.send('password-reset.request', { role, email });
}

/** The job: mails a fresh single-use link to an active user of that role; an unknown address gets nothing. */
export async function sendResetLink(ctx: AppContext, role: RecoveryRole, email: string): Promise<void> {
  const user = await repo.findActiveUserByEmail(ctx.database.db, role, email);
  if (!user) return;
  const token = newToken();
  await repo.replaceResetToken(ctx.database.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
  });
  await queueMail(ctx, await senderOf(ctx, user.id), resetMail(user.email, resetLink(ctx.config, role, token)));
}

/**
 * Mails a new user of `role` a single-use link to set their password, through the reset flow (the
 * same token table and reset page): the user exists already, with a password nobody knows.
 */
export async function sendInvitation(
  ctx: AppContext,
  role: InvitedRole,
  user: { id: number; email: string; name: string },
  inviter: string,
): Promise<void> {
  const token = newToken();
  await repo.replaceResetToken(ctx.database.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    // Wall time, as the reset link's: the token table checks it against the database's now().
    expiresAt: new Date(Date.now() + INVITATION_TOKEN_DAYS * 86_400_000),
  });
  await queueMail(ctx, await senderOf(ctx, user.id), invitationMail(user, inviter, resetLink(ctx.config, role, token)));
}

export async function reset(
  ctx: AppContext,
  role: InvitedRole,
  input: { token: string; password: string },
): Promise<void> {
  const db = ctx.database.db;
  const tokenHash = hashToken(input.token);
  // A quick check first so a bad link costs no argon2 work; the claim below is what enforces single use.
  if (!(await repo.isUsableToken(db, role, tokenHash))) throw invalidToken();
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const userId = await repo.claimToken(tx, role, tokenHash);
    if (userId === undefined) throw invalidToken();
    await storePassword(tx, userId, passwordHash);
  });
}

export async function change(
  ctx: AppContext,
  principal: PrincipalOf<'agency'>,
  input: { current_password: string; new_password: string },
): Promise<void> {
  const db = ctx.database.db;
  const currentHash = await repo.findPasswordHash(db, principal.userId);
  if (!currentHash) throw unauthorized();
  if (!(await verifyPassword(currentHash, input.current_password))) {
    throw fieldError('current_password', WRONG_CURRENT_PASSWORD_MESSAGE);
  }
  if (input.new_password === input.current_password) throw fieldError('new_password', SAME_PASSWORD_MESSAGE);
  const passwordHash = await hashPassword(input.new_password);
  // Every session ends, the current one too: the client logs in again with the new password.
  await db.transaction((tx) => storePassword(tx, principal.userId, passwordHash));
}

/** A new password and the end of every session of the user belong to one transaction. */
async function storePassword(db: Db, userId: number, passwordHash: string): Promise<void> {
  await repo.setPasswordHash(db, userId, passwordHash);
  await revokeSessionsOfUsers(db, [userId]);
}

/** The user's mails go out for their OEM. */
async function senderOf(ctx: AppContext, userId: number): Promise<OemScope> {
  const oemId = await repo.oemOfUser(ctx.database.db, userId);
  if (oemId === undefined) throw new Error(`user ${userId} belongs to no OEM`);
  return oemScope(oemId);
}

const invalidToken = () => fieldError('token', INVALID_RESET_TOKEN_MESSAGE);

/** The console page that takes the token; base64url tokens need no escaping. */
function resetLink(config: Config, role: InvitedRole, token: string): string {
  const base = publicOrigin(config);
  switch (role) {
    case 'service':
      return `${base}/service/reset-password?token=${token}`;
    case 'agency':
      return `${base}/agency/reset-password/${token}`;
    // No reset screen of their own (spec section 2): the login screen takes the invitation.
    case 'account':
    case 'admin':
      return `${base}/${role}/login?invitation=${token}`;
  }
}

function invitationMail(user: { email: string; name: string }, inviter: string, link: string): Mail {
  return {
    to: user.email,
    subject: `${inviter}へのご招待`,
    text: [
      `${user.name} 様`,
      '',
      `${inviter}のログインが作成されました。`,
      `下記のリンクから${INVITATION_TOKEN_DAYS}日以内にパスワードを設定してください。`,
      '',
      link,
      '',
      `ログインID: ${user.email}`,
      'このリンクは一度だけ使用できます。お心当たりのない場合は、このメールを破棄してください。',
    ].join('\n'),
  };
}

function resetMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'パスワード再設定のご案内',
    text: [
      'パスワード再設定のお申し込みを受け付けました。',
      `下記のリンクから${RESET_TOKEN_MINUTES}分以内に新しいパスワードを設定してください。`,
      '',
      link,
      '',
      'このリンクは一度だけ使用できます。',
      'お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。',
    ].join('\n'),
  };
}
