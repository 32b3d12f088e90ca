import { useMediaQuery } from '../../../components/useMediaQuery.ts';
import { WIDE_SCREEN_THRESHOLD_PX } from './unread-rules.ts';

/** Wider than 768px (spec section 9): list and chat side by side, and the unread rules' "wide screen". */
const WIDE_QUERY = `(min-width: ${WIDE_SCREEN_THRESHOLD_PX + 1}px)`;

export function useWideScreen(): boolean {
  return useMediaQuery(WIDE_QUERY);
}
