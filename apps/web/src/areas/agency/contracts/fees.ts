import { useSession } from '../../../app/session.ts';

/** Whether the signed-in agency user sees contract fees (managers do; members do not). */
export function useSeesFees(): boolean {
  return useSession('agency')?.agency_role === 'manager';
}
