import { addressesApi, normalizePostalCode, type PostalAddress } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../app/api/queries.ts';
import type { ApiError } from '../../app/api/errors.ts';
import '../../app/i18n/parts/addresses.ts';

/**
 * What a typed postal code names, for an address field: nothing yet while it is no seven-digit code,
 * then the lookup's state. `hint` is the text key to show under the field (null: nothing to say).
 */
export type PostalCodeLookup =
  | { status: 'incomplete'; postalCode: null; address: null; hint: null }
  | { status: 'searching'; postalCode: string; address: null; hint: 'addresses.lookup.searching' }
  | { status: 'found'; postalCode: string; address: PostalAddress; hint: 'addresses.lookup.found' }
  | { status: 'unknown'; postalCode: string; address: null; hint: 'addresses.lookup.unknown' }
  | { status: 'failed'; postalCode: string; address: null; hint: 'addresses.lookup.failed' };

/** The lookup's state from the normalised code and its query (pure, for the hook and its tests). */
export function postalCodeLookupState(
  postalCode: string | null,
  query: { data?: { data: PostalAddress } | undefined; error: Pick<ApiError, 'status'> | null },
): PostalCodeLookup {
  if (!postalCode) return { status: 'incomplete', postalCode: null, address: null, hint: null };
  if (query.data) return { status: 'found', postalCode, address: query.data.data, hint: 'addresses.lookup.found' };
  if (query.error?.status === 404)
    return { status: 'unknown', postalCode, address: null, hint: 'addresses.lookup.unknown' };
  if (query.error) return { status: 'failed', postalCode, address: null, hint: 'addresses.lookup.failed' };
  return { status: 'searching', postalCode, address: null, hint: 'addresses.lookup.searching' };
}

/**
 * The prefecture, city and town of the postal code being typed (全角, hyphen and 〒 allowed), looked up
 * once it has seven digits. Failures stay on the field (no toast while typing); answers are kept for
 * the session, since the data changes only with a release.
 */
export function usePostalCodeLookup(typed: string): PostalCodeLookup {
  const postalCode = normalizePostalCode(typed);
  const query = useQuery({
    ...endpointQuery(addressesApi.postalCode, { params: { code: postalCode ?? '' } }, { handles: 'all' }),
    enabled: postalCode !== null,
    staleTime: Infinity,
  });
  return postalCodeLookupState(postalCode, { data: query.data, error: query.error });
}
