import type { Feature } from '@linq/contract';
import { useMatches } from 'react-router';
import type { TitleKey } from './i18n/ja.ts';

/** Static data of every route: its page title and, for service screens, the feature it belongs to. */
export interface RouteHandle {
  title: TitleKey;
  feature?: Feature;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle;
}

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}
