import type { InflowAttribution } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { lineLoginClient, type LineLoginClient } from '../../platform/line-login.ts';
import type { LoginChannel } from '../line-accounts/service.ts';

/*
 * The channel's LINE Login as routes use it (its credentials and check are the channel settings',
 * line-accounts/service.ts loginChannelOf): the client, and whether a route attributes.
 */

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
  if (!login.check.ok) return plain('login_check_failed', login.check.error);
  return { mode: 'line_login', reason: 'ok', message: null, checked_at: checkedAt };
}

/** Whether visits of a route go through LINE Login now. */
export const attributes = (useLogin: boolean, login: LoginChannel | null): login is LoginChannel =>
  attributionOf(useLogin, login).mode === 'line_login';
