import { create } from 'zustand';
import { useSession } from '../../../app/session.ts';

/*
 * The OEM this tab's admin acts on. A platform admin picks it in the admin header (this page's
 * memory only: another tab may act on another OEM); an OEM admin always acts on their own. Admin
 * requests send it as `oem_id` and their query keys hold it, so switching shows the other OEM's data.
 */

const useChosenOem = create<{ oemId: number | null }>()(() => ({ oemId: null }));

export function chooseActingOem(oemId: number | null): void {
  useChosenOem.setState({ oemId });
}

/** The oem_id to send on admin requests: the chosen OEM of a platform admin, else the admin's own. */
export function useActingOem(): number | undefined {
  const session = useSession('admin');
  const chosen = useChosenOem((state) => state.oemId);
  if (!session) return undefined;
  return session.platform && chosen !== null ? chosen : session.oem.id;
}
