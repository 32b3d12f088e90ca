import { useSession } from '../../../app/session.ts';
import { useActingOem } from '../acting-oem/acting-oem.ts';

/**
 * Where the admin writes news: the acting OEM, and whether it reaches every OEM (a platform admin on
 * their own, the default OEM), as the server decides it.
 */
export function useNewsDesk(): { oemId: number | undefined; everyOem: boolean } {
  const session = useSession('admin');
  const oemId = useActingOem();
  return { oemId, everyOem: session?.platform === true && oemId === session.oem.id };
}
