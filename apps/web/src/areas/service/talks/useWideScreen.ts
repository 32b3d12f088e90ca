import { useSyncExternalStore } from 'react';
import { WIDE_SCREEN_THRESHOLD_PX } from './unread-rules.ts';

/** Wider than 768px (spec section 9): list and chat side by side, and the unread rules' "wide screen". */
const WIDE_QUERY = `(min-width: ${WIDE_SCREEN_THRESHOLD_PX + 1}px)`;

function subscribe(onChange: () => void) {
  const query = window.matchMedia(WIDE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(WIDE_QUERY).matches);
}
