import type { Endpoint } from '@linq/contract';
import { create } from 'zustand';

/*
 * The OEM this tab's platform admin acts on, chosen in the admin header (this page's memory only:
 * another tab may act on another OEM). Null: the admin's own OEM, which the server assumes. Admin
 * requests carry it as `oem_id` and their query keys name it, as service requests do the channel.
 */

const useActingOemStore = create<{ oemId: number | null }>()(() => ({ oemId: null }));

export const actingOemId = (): number | null => useActingOemStore.getState().oemId;

export function setActingOemId(oemId: number | null): void {
  useActingOemStore.setState({ oemId });
}

/** The chosen OEM for a component, which renders again when the admin switches OEM. */
export const useActingOemId = (): number | null => useActingOemStore((state) => state.oemId);

/** Whether an endpoint is the admin area's, and so acts on the acting OEM. */
export function isAdminEndpoint(endpoint: Endpoint): boolean {
  return endpoint.access.kind === 'session' && endpoint.access.roles.includes('admin');
}

/** The query of an admin endpoint's request: the acting OEM unless the caller named one. */
export function withActingOem(endpoint: Endpoint, query: object | undefined): object | undefined {
  const oemId = actingOemId();
  if (oemId === null || !isAdminEndpoint(endpoint) || (query && 'oem_id' in query)) return query;
  return { ...query, oem_id: oemId };
}
