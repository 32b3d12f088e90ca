import { billingApi, sessionRecord, sessionsApi, type Role, type SessionOf, type SessionRecord } from '@linq/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { redirect } from 'react-router';
import { call } from './api/call.ts';
import { isApiError } from './api/errors.ts';
import { endpointQuery, prefetchQuietly, queryClient } from './api/queries.ts';
import { areaOf, isAuthPath, loginPath } from './areas.ts';
import { isBrandingQuery, loadBranding } from './branding/branding.ts';
import { setActingOemId } from './acting-oem.ts';
import { prefetchChannels, resetChannelSelection } from './channels/channels.ts';
import { readStored, STORAGE_KEYS, writeStored } from './storage.ts';

/** The session state is keyed by kind (spec section 4 "Session"). */
export const SESSION_STATE_KEYS = {
  account: 'currentAccount',
  admin: 'currentAdmin',
  service: 'currentUser',
  agency: 'currentAgencyUser',
} as const satisfies Record<Role, string>;

const INITIAL_STATE_KEY = 'initialState';

const sessionEndpoints = (role: Role) => sessionsApi[role];

/**
 * The contract's per-role session schemas lose their static type (`data: unknown`), so the record is
 * read through the contract's `sessionRecord` schema, which also drops the access token.
 */
function readSessionOf<R extends Role>(data: unknown, role: R): SessionOf<R> | null {
  const record = sessionRecord.parse(data);
  return isSessionOf(record, role) ? record : null;
}

function isSessionOf<R extends Role>(record: SessionRecord, role: R): record is SessionOf<R> {
  return record.role === role;
}

async function fetchSession<R extends Role>(role: R): Promise<SessionOf<R> | null> {
  if (!readStored(STORAGE_KEYS.accessToken)) return null;
  try {
    const { data } = await call(sessionEndpoints(role).me, {}, { handles: [401, 403] });
    return readSessionOf(data, role);
  } catch (error) {
    // A token of another area, or an ended session: there is no session of this kind.
    if (isApiError(error, 401) || isApiError(error, 403)) return null;
    throw error;
  }
}

/** The current session of one kind; null when there is none. */
export function sessionQuery<R extends Role>(role: R) {
  return queryOptions({
    queryKey: [INITIAL_STATE_KEY, SESSION_STATE_KEYS[role]] as const,
    queryFn: () => fetchSession(role),
    staleTime: Infinity,
  });
}

export function useSession<R extends Role>(role: R): SessionOf<R> | null {
  return useQuery(sessionQuery(role)).data ?? null;
}

/** Loads the session of the location's area at start (no redirect: public pages of an area need none). */
export async function loadInitialState(pathname: string): Promise<void> {
  const area = areaOf(pathname);
  if (area !== 'public') await queryClient.ensureQueryData(sessionQuery(area));
}

/** The start-up reads of the first navigation, while it loads (startInitialState). */
let startingUp: Promise<void> | null = null;

/**
 * A direct load's first reads, started as soon as the entry runs (before the route table's chunks are
 * evaluated) and side by side: the session of the address's area and the host's branding, and with a
 * stored token what the area's layout shows first (the channel list and the tab's likely channel, the
 * billing standing). Those are silent, so the session check alone decides what a 401 means.
 */
export function startInitialState(url: URL): void {
  startingUp = Promise.all([loadInitialState(url.pathname), loadBranding(url.hostname)]).then(() => undefined);
  // The first navigation's loaders await it; this only keeps a failure from also counting as unhandled.
  startingUp.catch(() => undefined);
  const area = areaOf(url.pathname);
  const behindLogin = (area === 'service' || area === 'account') && !isAuthPath(url.pathname);
  if (!behindLogin || !readStored(STORAGE_KEYS.accessToken)) return;
  prefetchQuietly(endpointQuery(billingApi.standing, {}, { handles: 'all' }));
  if (area === 'service') prefetchChannels(url.search);
}

/** The first navigation has loaded: later loaders read through the cache (and may ask again after a failure). */
export function endStartUp(): void {
  startingUp = null;
}

/**
 * Loads the session of the location's area and the branding. The first navigation's loaders share the
 * start-up reads, a failure included, so it is not asked (and reported) again.
 */
export function loadStartState(url: URL): Promise<void> {
  return startingUp ?? Promise.all([loadInitialState(url.pathname), loadBranding(url.hostname)]).then(() => undefined);
}

/** Route loader of a protected area: without a session, go to the area's login. */
export function requireSession(role: Role) {
  return async () => {
    await startingUp;
    const session = await queryClient.ensureQueryData(sessionQuery(role));
    if (!session) throw redirect(loginPath(role));
    return null;
  };
}

/** Asks for the sessions again, e.g. after a 401 showed that the token has ended. */
export function recheckSessions(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [INITIAL_STATE_KEY] });
}

/** Drops everything of the previous session: token, channel choice and cached data (the host's branding stays). */
function forgetSession(): void {
  writeStored(STORAGE_KEYS.accessToken, null);
  resetChannelSelection();
  setActingOemId(null);
  queryClient.removeQueries({ predicate: (query) => !isBrandingQuery(query) });
}

export async function logIn<R extends Role>(role: R, credentials: { email: string; password: string }): Promise<void> {
  const { data } = await call(sessionEndpoints(role).login, { body: credentials }, { handles: 'http' });
  const session = readSessionOf(data, role);
  forgetSession();
  writeStored(STORAGE_KEYS.accessToken, data.access_token);
  queryClient.setQueryData(sessionQuery(role).queryKey, session);
}

/**
 * Ends the session on the server (best effort) and drops the token, then lets the caller leave the
 * area before the rest of the session's state is cleared (so its screens do not react to it).
 */
export async function logOut(role: Role, leaveArea: () => unknown): Promise<void> {
  try {
    await call(sessionEndpoints(role).logout, {}, { handles: 'all' });
  } catch {
    // The token is dropped locally all the same.
  }
  writeStored(STORAGE_KEYS.accessToken, null);
  await leaveArea();
  forgetSession();
}
