import { allows, type LineAccount } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { accountScope, type ChannelScope, type Principal } from '../../platform/principal.ts';
import * as repo from './repository.ts';

const CHANNEL = 'チャネル';

/** Owners see every channel of their account; staff only the channels assigned to them. */
function visibility(principal: Principal) {
  switch (principal.role) {
    case 'account':
      return { scope: accountScope(principal.accountId), onlyIds: undefined };
    case 'service':
      return { scope: accountScope(principal.accountId), onlyIds: principal.lineAccountIds };
    default:
      throw forbidden();
  }
}

export async function listChannels(ctx: AppContext, principal: Principal): Promise<LineAccount[]> {
  const { scope, onlyIds } = visibility(principal);
  return repo.listLineAccounts(ctx.database.db, scope, onlyIds);
}

export async function getChannel(ctx: AppContext, principal: Principal, id: number): Promise<LineAccount> {
  const { scope, onlyIds } = visibility(principal);
  const channel = onlyIds && !onlyIds.includes(id) ? undefined : await repo.findLineAccount(ctx.database.db, scope, id);
  if (!channel) throw notFound(CHANNEL);
  return channel;
}

/** Renaming is the owner's, or a staff user's who may edit the channel's dashboard. */
export async function renameChannel(
  ctx: AppContext,
  principal: Principal,
  id: number,
  name: string,
): Promise<LineAccount> {
  const channel = await getChannel(ctx, principal, id);
  if (principal.role === 'service' && !allows(principal.permissions, { feature: 'dashboard', level: 'edit' })) {
    throw forbidden();
  }
  const { scope } = visibility(principal);
  const renamed = await repo.renameLineAccount(ctx.database.db, scope, channel.id, name);
  if (!renamed) throw notFound(CHANNEL);
  return renamed;
}

/** A channel's LINE Login channel, unsealed, for logging visitors in (inflow routes). */
export interface LoginChannel {
  channelId: string;
  channelSecret: string;
  /** Calls go to the simulator (ctx.lineEndpoints(true)). */
  simulated: boolean;
  /** The check run when the pair was saved: null before one ran. */
  check: { ok: boolean; error: string | null; checkedAt: Date } | null;
}

/** Null when the channel has no LINE Login pair, or its secret cannot be opened (another SECRETS_KEY). */
export async function loginChannelOf(
  ctx: Pick<AppContext, 'database' | 'secrets'>,
  scope: ChannelScope,
): Promise<LoginChannel | null> {
  const row = await repo.loginChannelRow(ctx.database.db, scope);
  if (!row?.loginChannelId || !row.loginChannelSecretSealed) return null;
  let channelSecret: string;
  try {
    channelSecret = ctx.secrets.open(row.loginChannelSecretSealed);
  } catch {
    return null;
  }
  return {
    channelId: row.loginChannelId,
    channelSecret,
    simulated: row.simulated,
    check: row.loginCheckedAt
      ? { ok: row.loginCheckError === null, error: row.loginCheckError, checkedAt: row.loginCheckedAt }
      : null,
  };
}
