import { setActingOemId, useActingOemId } from '../../../app/acting-oem.ts';
import { useSession } from '../../../app/session.ts';

/** A platform admin chooses the OEM to act on; their own OEM is the server's default (nothing sent). */
export function chooseActingOem(oemId: number, ownOemId: number): void {
  setActingOemId(oemId === ownOemId ? null : oemId);
}

/**
 * The oem_id the admin area's requests send: the chosen OEM of a platform admin, else the admin's
 * own. The API client adds it to every admin request and query key; screens read it to show it.
 */
export function useActingOem(): number | undefined {
  const session = useSession('admin');
  const chosen = useActingOemId();
  if (!session) return undefined;
  return session.platform && chosen !== null ? chosen : session.oem.id;
}
