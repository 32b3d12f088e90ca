import type { Endpoint, EndpointInput, EndpointOutput } from '@linq/contract';
import {
  MutationCache,
  QueryCache,
  QueryClient,
  queryOptions,
  useMutation,
  type FetchQueryOptions,
  type QueryKey,
} from '@tanstack/react-query';
import { actingOemId, isAdminEndpoint } from '../acting-oem.ts';
import { tabChannelId } from '../channels/tab-channel.ts';
import { GET_CACHE_TTL_MS } from '../config.ts';
import { feedback } from '../feedback.ts';
import type { z } from 'zod';
import { call, type CallOptions } from './call.ts';
import { request } from './request.ts';
import { ApiError } from './errors.ts';

/** A state-layer failure that is not an API error (those the request layer already reported) shows as a toast. */
function toastStateError(error: Error): void {
  if (!(error instanceof ApiError)) feedback.toastError(error.message);
}

/**
 * The one cache of server data. Spec section 9 lets GET responses be cached for 60 seconds: that is the
 * queries' default staleTime; screens that must show the server's truth at once set a shorter one, and
 * writes invalidate (or set) what they change.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: toastStateError }),
  mutationCache: new MutationCache({ onError: toastStateError }),
  defaultOptions: {
    queries: { staleTime: GET_CACHE_TTL_MS, retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/** Whether an endpoint answers within the channel named by LineAccountId (service endpoints unless they say not). */
export function isChannelEndpoint(endpoint: Endpoint): boolean {
  return (
    endpoint.access.kind === 'session' && endpoint.access.roles.includes('service') && endpoint.channelScoped !== false
  );
}

/**
 * Query keys start with the endpoint path, so everything read from one path can be invalidated at
 * once; a channel endpoint's key then names the channel, and an admin endpoint's the acting OEM, so
 * two channels' (or OEMs') answers never share an entry.
 */
function endpointKey<E extends Endpoint>(endpoint: E, input: EndpointInput<E>, lineAccountId: number | null) {
  if (isChannelEndpoint(endpoint)) return [endpoint.path, { lineAccountId }, input];
  if (isAdminEndpoint(endpoint)) return [endpoint.path, { oemId: actingOemId() }, input];
  return [endpoint.path, input];
}

/**
 * A read of an endpoint. A channel endpoint reads in the tab's channel at the time the query is made
 * (screens are made again when the tab switches channel), or the one `options` name (a read ahead of the
 * channel's choice), and its request names the channel of its key.
 */
export function endpointQuery<E extends Endpoint>(endpoint: E, input: EndpointInput<E>, options?: CallOptions) {
  const named = options?.lineAccountId;
  const lineAccountId = isChannelEndpoint(endpoint) ? (named === undefined ? tabChannelId() : named) : undefined;
  return queryOptions<EndpointOutput<E>, ApiError>({
    queryKey: endpointKey(endpoint, input, lineAccountId ?? null),
    queryFn: ({ signal }) => call(endpoint, input, { lineAccountId, ...options, signal }),
  });
}

/**
 * A GET of a channel's list known only at run time (one a plug-in names), read with `schema` in the
 * tab's channel. Keyed like channel endpoint queries (path, channel, input), so it shares the cache
 * with the endpoint of that path.
 */
export function channelPathQuery<T>(path: string, query: Record<string, unknown>, schema: z.ZodType<T>) {
  const lineAccountId = tabChannelId();
  return queryOptions<T, ApiError>({
    queryKey: [path, { lineAccountId }, { query }],
    queryFn: async ({ signal }) =>
      schema.parse(await request({ method: 'GET', path, query, authenticated: true, lineAccountId, signal })),
  });
}

/**
 * Starts a read before the screen that shows it, e.g. beside the session check of a direct load. The
 * options are made with `handles: 'all'`, so the request layer stays silent: a failure is the screen's to
 * report. A screen that joined the read in flight reads again itself (once), and one shown later reads
 * again anyway, the failed read having left no data; so a failure is reported once, as without the head start.
 */
export function prefetchQuietly<T>(options: FetchQueryOptions<T, ApiError, T, QueryKey>): void {
  void queryClient
    .fetchQuery(options)
    .catch(() => queryClient.refetchQueries({ queryKey: options.queryKey, exact: true, type: 'active' }));
}

const readFrom = (endpoints: Endpoint[]) => {
  const paths = new Set(endpoints.map((endpoint) => endpoint.path));
  return (query: { queryKey: readonly unknown[] }) => paths.has(String(query.queryKey[0]));
};

/** Marks everything read through these endpoints stale; mounted screens refetch. */
export function invalidateEndpoints(...endpoints: Endpoint[]): Promise<void> {
  return queryClient.invalidateQueries({ predicate: readFrom(endpoints) });
}

/** Marks data stale without refetching it now, e.g. the record a screen has just deleted. */
export function markEndpointsStale(...endpoints: Endpoint[]): Promise<void> {
  return queryClient.invalidateQueries({ predicate: readFrom(endpoints), refetchType: 'none' });
}

export function useEndpointMutation<E extends Endpoint>(endpoint: E, options?: CallOptions) {
  return useMutation<EndpointOutput<E>, ApiError, EndpointInput<E>>({
    mutationFn: (input) => call(endpoint, input, options),
  });
}
