import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../platform/context.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { channelLine } from './relink.ts';
import * as repo from './repository.ts';

/** Friends asked about per page: LINE answers one user per request (2,000 requests per second). */
const PAGE = 500;

export interface CutoverResult {
  /** Friends who had a menu of their own on LINE (the previous tool's, or ours), now unlinked. */
  unlinkedFriends: number;
  /** Whether LINE had a default menu, now cancelled. */
  defaultCleared: boolean;
}

/**
 * The clean cutover of a channel (takeovers): clears every rich menu the previous tool left on LINE.
 * Each friend's own menu is looked up (to say how many there were), then one rich-menu batch
 * `unlinkAll` unlinks them all (friends we do not know too) and LINE's default is cancelled. Our
 * own default, rules and personal menus stay saved: once LINE has run the batch (followed by the
 * `rich-menus.batch` job, which resumes it when it fails), the channel is relinked to them.
 * Null when the channel has no access token.
 */
export async function clearPreviousToolMenus(ctx: AppContext, scope: ChannelScope): Promise<CutoverResult | null> {
  const db = ctx.database.db;
  const client = await channelLine(ctx, scope);
  if (!client) return null;
  let unlinkedFriends = 0;
  for (let after = 0; ;) {
    const friends = await repo.friendMenusAfter(db, scope, after, PAGE);
    if (friends.length === 0) break;
    for (const friend of friends) {
      if (friend.following && (await client.richMenuIdOfUser(friend.lineUserId))) unlinkedFriends++;
    }
    after = friends.at(-1)!.friendId;
  }
  const operations = [{ type: 'unlinkAll' as const }];
  const resumeRequestKey = randomUUID();
  const requestId = await client.richMenuBatch(operations, resumeRequestKey);
  const defaultCleared = (await client.defaultRichMenuId()) !== null;
  if (defaultCleared) await client.cancelDefaultRichMenu();
  await repo.clearAllLinked(db, scope);
  await repo.saveSettings(db, scope, { lineDefaultRichMenuId: null });
  await ctx.queue.send('rich-menus.batch', {
    lineAccountId: scope.lineAccountId,
    operations,
    resumeRequestKey,
    requestId,
    attempt: 1,
    relinkAfter: true,
  });
  return { unlinkedFriends, defaultCleared };
}
