import { allows, type LineAccount } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { accountScope, type Principal } from '../../platform/principal.ts';
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
