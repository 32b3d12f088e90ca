import type { InflowAttribution } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { lineLoginClient, type LineLoginClient } from '../../platform/line-login.ts';
import type { ChannelScope } from '../../platform/principal.ts';

/*
 * The channel's LINE Login, as the inflows module needs it: the credentials (from the channel's
 * settings, line-accounts module) and whether they passed their check.
 */

export interface LoginChannel {
  channelId: string;
  channelSecret: string;
  simulated: boolean;
  /** The last check of the pair (null: never checked). */
  check: { ok: boolean; reason: string | null; checkedAt: Date } | null;
}

/** The channel's LINE Login credentials, unsealed; null when the channel has none. */
export async function loginChannel(_ctx: AppContext, _scope: ChannelScope): Promise<LoginChannel | null> {
  return null;
}

export function loginClient(ctx: AppContext, login: LoginChannel): LineLoginClient {
  return lineLoginClient(ctx.lineEndpoints(login.simulated));
}

/** Whether a route attributes friends: it uses login, and the channel's LINE Login passed its check. */
export function attributionOf(useLogin: boolean, login: LoginChannel | null): InflowAttribution {
  const checkedAt = login?.check?.checkedAt.toISOString() ?? null;
  const plain = (reason: InflowAttribution['reason'], message: string | null = null): InflowAttribution => ({
    mode: 'plain',
    reason,
    message,
    checked_at: checkedAt,
  });
  if (!useLogin) return plain('route_plain');
  if (!login) return plain('login_not_configured');
  if (!login.check) return plain('login_unchecked');
  if (!login.check.ok) return plain('login_check_failed', login.check.reason);
  return { mode: 'line_login', reason: 'ok', message: null, checked_at: checkedAt };
}

/** Whether visits of a route go through LINE Login now. */
export const attributes = (useLogin: boolean, login: LoginChannel | null): login is LoginChannel =>
  attributionOf(useLogin, login).mode === 'line_login';
