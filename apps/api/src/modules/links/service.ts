import { randomBytes } from 'node:crypto';
import {
  FRIEND_LINK_PARAM,
  isWebAddress,
  redirectPagePath,
  type BuilderMessage,
  type RedirectTarget,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { channelScope, type ChannelScope } from '../../platform/principal.ts';
import { channelIsSimulated } from '../files/repository.ts';
import type { FriendRow } from '../friends/repository.ts';
import { itemsOf } from '../templates/items.ts';
import { FRIEND_PAGES } from './friend-pages.ts';
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
export async function friendsCanOpenConsole(db: Db, scope: ChannelScope, consoleOrigin: string): Promise<boolean> {
  return new URL(consoleOrigin).protocol === 'https:' || channelIsSimulated(db, scope);
}

/** Whether the message has a web link a tracked link would stand for. */
export const hasWebLinks = (message: BuilderMessage): boolean => webLinksOf(message).length > 0;

/** A sent message: the plan box that sends it, if a plan does. */
export interface SentMessage {
  message: BuilderMessage;
  planActionId?: number;
}

/**
 * One tracked link per web link of the messages sent to one friend, on the console's
 * /redirects/{token} page, without asking whether the friend can open it (the caller did).
 */
export function newTrackedLinks(friendId: number, messages: SentMessage[], consoleOrigin: string): TrackedLinks {
  const rows = messages.flatMap(({ message, planActionId }) =>
    webLinksOf(message).map((link) => ({
      ...link,
      token: newLinkToken(),
      friendId,
      planActionId: planActionId ?? null,
    })),
  );
  return {
    uris: Object.fromEntries(rows.map((row) => [row.actionItemId, `${consoleOrigin}${redirectPagePath(row.token)}`])),
    rows,
  };
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
  if (!hasWebLinks(message) || !(await friendsCanOpenConsole(db, channelScope(friend.lineAccountId), consoleOrigin))) {
    return { uris: {}, rows: [] };
  }
  return newTrackedLinks(friend.id, [{ message }], consoleOrigin);
}

/** Stores the links once the message is about to go out (after the checks that may refuse it). */
export async function storeTrackedLinks(db: Db, scope: ChannelScope, links: TrackedLinks): Promise<void> {
  await repo.insertLinks(db, scope, links.rows);
}

/**
 * The address a link answers: a page of the console that wants its friend (FRIEND_PAGES) gets the
 * link's token added, so the page can name the friend through the link; any other address as sent.
 */
function addressFor(ctx: AppContext, targetUrl: string, token: string, consoleOrigin: string): string {
  const address = new URL(targetUrl);
  const wanted =
    address.origin === new URL(consoleOrigin).origin &&
    ctx.registries.all(FRIEND_PAGES).some((page) => page.wants(address));
  if (!wanted) return targetUrl;
  address.searchParams.set(FRIEND_LINK_PARAM, token);
  return address.toString();
}

/**
 * A friend opens a tracked link: the click is counted and kept with its time, `link.opened`
 * published (`first` for exactly one opening; the templates module adds the action's score then)
 * and the address answered, with the channel and friend the link names (for the friend cookie).
 */
export async function follow(
  ctx: AppContext,
  token: string,
  consoleOrigin: string,
): Promise<{ target: RedirectTarget; lineAccountId: number; friendId: number }> {
  const link = await ctx.events.transaction(ctx.database.db, async (on) => {
    const opened = await repo.countClickUnscoped(on.tx, token);
    if (!opened) return undefined;
    const { lineAccountId, friendId, actionItemId } = opened;
    const first = await repo.markFirstClickUnscoped(on.tx, token);
    await repo.insertClick(on.tx, channelScope(lineAccountId), {
      token,
      friendId,
      actionItemId,
      clickedAt: ctx.clock.now(),
    });
    await on.publish('link.opened', { lineAccountId, friendId, actionItemId, first });
    return opened;
  });
  if (!link) throw notFound(LINK_NOUN);
  return {
    target: { url: addressFor(ctx, link.targetUrl, token, consoleOrigin) },
    lineAccountId: link.lineAccountId,
    friendId: link.friendId,
  };
}

/**
 * Who a tracked link was sent to (the channel and friend) and where it leads, by its token; for a
 * page of FRIEND_PAGES that was opened through it. Undefined for an unknown token.
 */
export async function linkOwner(db: Db, token: string) {
  return repo.linkOwnerUnscoped(db, token);
}

/** The item of the tracked link the friend opened last (what brought them to a page), if any. */
export async function lastOpenedItem(db: Db, scope: ChannelScope, friendId: number) {
  return repo.lastOpenedItem(db, scope, friendId);
}
