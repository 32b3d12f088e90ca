import { randomBytes } from 'node:crypto';
import { isWebAddress, redirectPagePath, type BuilderMessage, type RedirectTarget } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { channelScope, type ChannelScope } from '../../platform/principal.ts';
import { notFound } from '../../platform/errors.ts';
import { publishRealtime } from '../../platform/realtime.ts';
import { channelIsSimulated } from '../files/repository.ts';
import { addScore, type FriendRow } from '../friends/repository.ts';
import { itemsOf } from '../templates/items.ts';
import { channelAction } from '../templates/repository.ts';
import * as repo from './repository.ts';

const LINK_NOUN = 'リンク';

/** The tracked links of one send: the addresses toLineMessage sends instead, and the rows to store. */
export interface TrackedLinks {
  /** The tracked link's address by action item id (MessageContext.trackedUris). */
  uris: Record<number, string>;
  rows: repo.NewTrackedLink[];
}

/** 16 random bytes, URL-safe: the page id of /redirects/{id}. */
const newLinkToken = () => randomBytes(16).toString('base64url');

/**
 * The saved uri actions and tap areas of a message that open a web page. tel: and line: addresses
 * open the phone or LINE itself, never a page of ours, so they cannot be tracked and stay plain.
 */
function webLinksOf(message: BuilderMessage): { actionItemId: number; targetUrl: string }[] {
  return itemsOf(message).flatMap((ref) => {
    if (ref.kind !== 'action' && ref.kind !== 'link_url') return [];
    const { id, action_type: type, uri } = ref.item;
    const address = uri?.trim() ?? '';
    return id !== null && type === 'uri' && isWebAddress(address) ? [{ actionItemId: id, targetUrl: address }] : [];
  });
}

/**
 * Whether a friend's phone can open the console's pages: an https console, or a demo channel whose
 * simulated friends open them in the console's own browser. A real friend could not open an
 * http://localhost link, so such a console sends the addresses themselves (no score then).
 */
async function friendsCanOpenConsole(db: Db, scope: ChannelScope, consoleOrigin: string): Promise<boolean> {
  return new URL(consoleOrigin).protocol === 'https:' || channelIsSimulated(db, scope);
}

/**
 * One tracked link per web link of a template message sent to one friend, on the console's
 * /redirects/{token} page. Nothing is stored yet: see storeTrackedLinks.
 */
export async function trackedLinksFor(
  db: Db,
  friend: FriendRow,
  message: BuilderMessage,
  consoleOrigin: string,
): Promise<TrackedLinks> {
  const links = webLinksOf(message);
  if (links.length === 0 || !(await friendsCanOpenConsole(db, channelScope(friend.lineAccountId), consoleOrigin))) {
    return { uris: {}, rows: [] };
  }
  const rows = links.map((link) => ({ ...link, token: newLinkToken(), friendId: friend.id }));
  return {
    uris: Object.fromEntries(rows.map((row) => [row.actionItemId, `${consoleOrigin}${redirectPagePath(row.token)}`])),
    rows,
  };
}

/** Stores the links once the message is about to go out (after the checks that may refuse it). */
export async function storeTrackedLinks(db: Db, scope: ChannelScope, links: TrackedLinks): Promise<void> {
  await repo.insertLinks(db, scope, links.rows);
}

/**
 * A friend opens a tracked link: the click is counted and the address answered. The first opening
 * only adds the action's score (as its channel's action row says it now; nothing when the action
 * is gone) and tells the console the friend changed. Nothing but the address is answered.
 */
export async function follow(ctx: AppContext, token: string): Promise<RedirectTarget> {
  const opened = await ctx.database.db.transaction(async (tx) => {
    const link = await repo.countClickUnscoped(tx, token);
    if (!link) return undefined;
    // The scope comes from the link's row: the token named nothing else.
    const scope = channelScope(link.lineAccountId);
    const action = (await repo.markFirstClickUnscoped(tx, token))
      ? await channelAction(tx, scope, link.actionItemId)
      : undefined;
    const score = action?.score ?? 0;
    if (score !== 0) await addScore(tx, scope, link.friendId, score);
    return { link, scored: score !== 0 };
  });
  if (!opened) throw notFound(LINK_NOUN);
  const { link, scored } = opened;
  if (scored) {
    await publishRealtime(ctx.database, {
      type: 'friend.updated',
      lineAccountId: link.lineAccountId,
      friendId: link.friendId,
    });
  }
  return { url: link.targetUrl };
}
