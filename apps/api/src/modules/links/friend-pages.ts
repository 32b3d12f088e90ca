import { registryKey, contribution, type Contribution } from '../../platform/registry.ts';

/*
 * The links module's plug-in point (platform/registry.ts): a console page that wants to know which
 * friend opened it. A tracked link to such a page answers its address with the link's own token
 * added (FRIEND_LINK_PARAM); the page passes it back, and its module asks `linkOwner` who the link
 * was sent to. The friend's id never appears in an address.
 */
export interface FriendPage {
  /** Whether the console's page at this address (already known to be on the console) is one. */
  wants(address: URL): boolean;
}

export const FRIEND_PAGES = registryKey<FriendPage>('links.friend-pages');

export function friendPage(page: FriendPage): Contribution {
  return contribution(FRIEND_PAGES, page);
}
