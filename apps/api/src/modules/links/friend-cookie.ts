import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';

/*
 * A first-party cookie naming the friend who opened one of the channel's tracked links, so a later
 * page of the console (a conversion point's /links, an inflow's login callback) knows the friend
 * without a token in its address. Its value is sealed with the secrets key (AES-GCM: a forged or
 * altered value does not open), names the channel and friend, and carries when it was set. It is
 * HttpOnly and SameSite=Lax: sent on the console's own pages and on links to them, never to
 * another site's requests (a pixel embedded elsewhere does not get it in today's browsers).
 */

const MAX_AGE_SECONDS = 90 * 24 * 60 * 60;
const cookieName = (lineAccountId: number) => `linq_friend_${lineAccountId}`;

/** Sets the channel's friend cookie on the answer (Secure on an https console). */
export function setFriendCookie(
  ctx: AppContext,
  reply: FastifyReply,
  friend: { lineAccountId: number; friendId: number },
  consoleOrigin: string,
): void {
  const value = ctx.secrets.seal(`${friend.lineAccountId}:${friend.friendId}:${ctx.clock.now().getTime()}`);
  const secure = new URL(consoleOrigin).protocol === 'https:' ? '; Secure' : '';
  void reply.header(
    'set-cookie',
    `${cookieName(friend.lineAccountId)}=${value}; Max-Age=${MAX_AGE_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure}`,
  );
}

function cookieValue(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** The friend the request's cookie names in this channel, if it carries a valid, unexpired one. */
export function friendFromCookie(ctx: AppContext, request: FastifyRequest, lineAccountId: number): number | null {
  const sealed = cookieValue(request, cookieName(lineAccountId));
  if (!sealed) return null;
  let opened: string;
  try {
    opened = ctx.secrets.open(sealed);
  } catch {
    return null;
  }
  const [channel, friend, setAt] = opened.split(':').map(Number);
  const fresh = setAt !== undefined && ctx.clock.now().getTime() - setAt <= MAX_AGE_SECONDS * 1000;
  return channel === lineAccountId && Number.isSafeInteger(friend) && friend! > 0 && fresh ? friend! : null;
}
