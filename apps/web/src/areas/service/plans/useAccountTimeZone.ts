import { useSession } from '../../../app/session.ts';

/** The accounts' default zone, until the session (which names the account's) has loaded. */
const DEFAULT_TIME_ZONE = 'Asia/Tokyo';

/** The account's time zone: plan times and the night window are its wall-clock times (the session names it). */
export function useAccountTimeZone(): string {
  return useSession('service')?.account.time_zone ?? DEFAULT_TIME_ZONE;
}
