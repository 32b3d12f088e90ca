import {
  INFLOW_CLICK_ID_KEYS,
  INFLOW_CODE_PARAM,
  INFLOW_DONE_PARAM,
  INFLOW_DONE_STATES,
  INFLOW_UTM_KEYS,
  isWebAddress,
  type InflowDoneState,
  type InflowVisitInput,
} from '@linq/contract';

/** What a value the visit carries may hold (the API's limit). */
const PARAM_MAX = 500;
const REFERRER_MAX = 2000;

/** What `/inflow?…` asks of the page: record a visit (a code), show the done page, or neither. */
export type InflowPageRequest =
  { kind: 'visit'; input: InflowVisitInput } | { kind: 'done'; state: InflowDoneState } | { kind: 'missing' };

/**
 * Reads the page's address: the route's code with the ad's UTM parameters and click ids (kept on the
 * visit) and the referrer; or the done page's state after LINE Login. Over-long values are cut to
 * what the API keeps rather than refused, so the visitor still reaches LINE.
 */
export function inflowPageRequest(search: URLSearchParams, referrer: string): InflowPageRequest {
  const done = search.get(INFLOW_DONE_PARAM);
  if (done !== null) {
    const state = INFLOW_DONE_STATES.find((candidate) => candidate === done) ?? 'failed';
    return { kind: 'done', state };
  }
  const code = search.get(INFLOW_CODE_PARAM)?.trim() ?? '';
  if (code === '') return { kind: 'missing' };
  const input: InflowVisitInput = { code: code.slice(0, 64) };
  if (referrer !== '') input.referrer = referrer.slice(0, REFERRER_MAX);
  for (const key of [...INFLOW_UTM_KEYS, ...INFLOW_CLICK_ID_KEYS]) {
    const value = search.get(key);
    if (value) input[key] = value.slice(0, PARAM_MAX);
  }
  return { kind: 'visit', input };
}

/** Only web addresses (LINE Login's page, the add-friend URL) are followed. */
export const followable = (url: string | undefined): url is string => url !== undefined && isWebAddress(url);
