import type { FriendsSummary } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { followCounts } from './repository.ts';

/** The channel's friend counts: following now, blocked, and everyone who ever followed. */
export async function summary(ctx: AppContext, scope: ChannelScope): Promise<FriendsSummary> {
  const { following, blocked } = await followCounts(ctx.database.db, scope.lineAccountId);
  return { total: following + blocked, following, blocked };
}
