import { createPath, parsePath, type Path, type To } from 'react-router';
import { isChannelPath } from '../areas.ts';

/*
 * `laid` in the address (spec section 2 "Page-level query parameters") is the tab's channel: every
 * service screen carries it, so a reload, a link opened in a new tab or a bookmark opens the same
 * channel, and two tabs never share one.
 */

export const LAID_PARAM = 'laid';

/** The laid of a query string, null when it has none. */
export function laidOf(search: string): string | null {
  return new URLSearchParams(search).get(LAID_PARAM) || null;
}

/** The query string with laid naming the channel; the other parameters stay as they are written. */
export function searchWithLaid(search: string, lineAccountId: number): string {
  const others = search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '' && part.split('=')[0] !== LAID_PARAM);
  return `?${[...others, `${LAID_PARAM}=${lineAccountId}`].join('&')}`;
}

/**
 * Where a link or a navigation goes, with the tab's channel added when the target is a service screen
 * that names none. Targets outside the service area, relative ones and those naming a channel are kept.
 */
export function withTabChannel(to: To, lineAccountId: number | null): To {
  if (lineAccountId === null) return to;
  const path: Partial<Path> = typeof to === 'string' ? parsePath(to) : to;
  if (path.pathname === undefined || !path.pathname.startsWith('/') || !isChannelPath(path.pathname)) return to;
  if (laidOf(path.search ?? '') !== null) return to;
  const target = { ...path, search: searchWithLaid(path.search ?? '', lineAccountId) };
  return typeof to === 'string' ? createPath(target) : target;
}

/**
 * Whether a move goes to another channel: both addresses name one and they differ. An address that
 * names none yet (the tab's channel is about to be added) is no switch.
 */
export function switchesChannel(from: { search: string }, to: { search: string }): boolean {
  const [before, after] = [laidOf(from.search), laidOf(to.search)];
  return before !== null && after !== null && before !== after;
}

/**
 * Where switching the tab to another channel goes: the same screen, or for a screen of one record (an id
 * in its path) the list it belongs to, with only laid: a folder, a filter or a page of the old channel
 * mean nothing in the new one.
 */
export function channelSwitchTarget(pathname: string, lineAccountId: number): string {
  const segments = pathname.split('/');
  const record = segments.findIndex((segment) => /^\d+$/.test(segment));
  const list = record === -1 ? segments : segments.slice(0, record);
  if (record !== -1 && list.at(-1) === 'edit') list.pop();
  return `${list.join('/')}${searchWithLaid('', lineAccountId)}`;
}
