import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { timeZoneName } from '../../../components/format.ts';

/** The accounts' default zone, until the session (which names the account's) has loaded. */
const DEFAULT_TIME_ZONE = 'Asia/Tokyo';

/** The account's time zone: plan times and the night window are its wall-clock times (the session names it). */
export function useAccountTimeZone(): string {
  return useSession('service')?.account.time_zone ?? DEFAULT_TIME_ZONE;
}

/** The account's time zone as people say it (日本標準時), for notes on screen; never its id. */
export function useAccountTimeZoneName(): string {
  const { i18n } = useTranslation();
  return timeZoneName(useAccountTimeZone(), i18n.language);
}
