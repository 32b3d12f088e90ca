import { brandingApi, type OemBranding } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery, queryClient } from '../api/queries.ts';

/** Branding of the OEM serving a host (GET /oems), kept as the spec's `themes`; failures stay silent. */
const brandingQuery = (domain: string) =>
  endpointQuery(brandingApi.byDomain, { query: { domain } }, { handles: 'all' });

/**
 * Fetches the branding of this host unless the cached one is still fresh (spec: on start and on every
 * route change). Failures are only logged (spec section 8).
 */
export async function loadBranding(domain: string): Promise<void> {
  try {
    await queryClient.fetchQuery(brandingQuery(domain));
  } catch (error) {
    console.error('Branding could not be loaded', error);
  }
}

/** Flags the theme as needing reload: the next load fetches it, and a successful fetch clears the flag. */
export function flagBrandingReload(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [brandingApi.byDomain.path], refetchType: 'none' });
}

/** Queries that belong to the host, not to a session or a channel: logging in or out keeps them. */
export const isBrandingQuery = (query: { queryKey: readonly unknown[] }) =>
  query.queryKey[0] === brandingApi.byDomain.path;

/**
 * The branding of this host as loaded so far (null until then), and whether the first load has
 * finished, successfully or not, so titles no longer flash the default. Only loadBranding fetches.
 */
export function useBranding(): { themes: OemBranding | null; settled: boolean } {
  // The client is named: the root layout reads the theme above its QueryClientProvider.
  const branding = useQuery({ ...brandingQuery(window.location.hostname), enabled: false }, queryClient);
  return { themes: branding.data?.data ?? null, settled: branding.status !== 'pending' };
}
