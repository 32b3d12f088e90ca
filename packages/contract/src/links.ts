import { z } from 'zod';
import { dataOf } from './common.ts';
import { endpoint, publicAccess } from './http.ts';

/*
 * Tracked links (spec section 2, Public: /redirects/{id}). A template's web link sent to a friend
 * goes out as the console's /redirects/{token} page, one token per friend and link; opening it
 * counts the click, adds the action's score on the first one, and goes on to the address.
 */

/** The console page a tracked link opens; the token is the page's id. */
export const redirectPagePath = (token: string) => `/redirects/${token}`;

/**
 * The parameter a tracked link adds when it leads to a console page that wants to know its friend
 * (the /rich-menu page): the link's own token, which the page passes back to the API. Never a
 * friend's id.
 */
export const FRIEND_LINK_PARAM = 'via';

/** Whether an address is a web page (http or https): only those are tracked, and the redirect page follows nothing else. */
export function isWebAddress(address: string): boolean {
  try {
    const { protocol } = new URL(address);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

export const redirectTarget = z.object({ url: z.string() });
export type RedirectTarget = z.infer<typeof redirectTarget>;

export const linksApi = {
  follow: endpoint({
    method: 'GET',
    path: '/public/redirects/:token',
    summary: 'Follow a tracked link: counts the click (the first adds the action’s score) and answers its address',
    access: publicAccess,
    params: z.object({ token: z.string() }),
    response: dataOf(redirectTarget),
  }),
};
