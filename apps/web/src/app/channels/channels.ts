import { lineAccountsApi, type LineAccount } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { call } from '../api/call.ts';
import { isApiError } from '../api/errors.ts';
import { endpointQuery, invalidateEndpoints, prefetchQuietly, queryClient } from '../api/queries.ts';
import { isBrandingQuery } from '../branding/branding.ts';
import { feedback } from '../feedback.ts';
import { useNavigate } from '../navigation.tsx';
import { readStored, STORAGE_KEYS, writeStored } from '../storage.ts';
import { laidOf, searchWithLaid } from './channel-address.ts';
import {
  chooseTabChannel,
  isChoosingChannel,
  needsDetails,
  withRenamed,
  type ChannelListStatus,
} from './channel-state.ts';
import { setTabChannelId, tabChannelId, useTabChannelId } from './tab-channel.ts';

/*
 * The channels (line accounts) of the session and the tab's channel (spec section 4 "Line accounts").
 * The list and each channel's details live in the query cache. Which channel a tab works in is `laid`
 * in its address, mirrored in the tab's own state (tab-channel.ts); local storage's laid and
 * statusLineAccount only remember the last choice, the default of a new tab.
 */

/** Spec section 8: a channel that does not exist. */
export const LINE_ACCOUNT_NOT_FOUND = 'このチャネルは存在しません。';

const channelListQuery = endpointQuery(lineAccountsApi.list, {});
const channelDetailsQuery = (lineAccountId: number) =>
  endpointQuery(lineAccountsApi.get, { params: { id: lineAccountId } }, { handles: [404] });

function storeLastChoice(lineAccount: LineAccount | null): void {
  writeStored(STORAGE_KEYS.lineAccountId, lineAccount ? String(lineAccount.id) : null);
  writeStored(STORAGE_KEYS.lineAccountStatus, lineAccount ? lineAccount.status : null);
}

function selectedChannel(): LineAccount | null {
  const selectedId = tabChannelId();
  return selectedId === null
    ? null
    : (queryClient.getQueryData(channelDetailsQuery(selectedId).queryKey)?.data ?? null);
}

const CHANNEL_INDEPENDENT_PATHS = new Set(['initialState', lineAccountsApi.list.path, lineAccountsApi.get.path]);

/**
 * After a switch the screens of the new channel read their data afresh. Each channel's data has its
 * own cache entries, so nothing is refetched now (the old channel's screens are about to go).
 */
function markChannelDataStale(): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => !CHANNEL_INDEPENDENT_PATHS.has(String(query.queryKey[0])) && !isBrandingQuery(query),
    refetchType: 'none',
  });
}

/** Its details, for the header; a channel gone meanwhile is reported and the list read again. */
async function fetchDetails(lineAccountId: number): Promise<void> {
  try {
    await queryClient.fetchQuery(channelDetailsQuery(lineAccountId));
  } catch (error) {
    if (!isApiError(error, 404)) return;
    feedback.notifyError(LINE_ACCOUNT_NOT_FOUND, '');
    await invalidateEndpoints(lineAccountsApi.list);
  }
}

/**
 * The tab works in a channel of the list at once (its screens need not wait for the details), which is
 * remembered as the last choice; its details are fetched unless it is already selected and stored.
 */
function selectChannel(chosen: LineAccount): void {
  const previousId = tabChannelId();
  const detailsNeeded = needsDetails(chosen.id, selectedChannel(), readStored(STORAGE_KEYS.lineAccountId));
  if (previousId !== null && previousId !== chosen.id) void markChannelDataStale();
  setTabChannelId(chosen.id);
  storeLastChoice(chosen);
  if (detailsNeeded) void fetchDetails(chosen.id);
}

/**
 * A direct load of a service screen reads the channel list, and the details of the channel the tab will
 * most likely work in (laid in its address, else the last choice), beside the session check instead of
 * after it. Nothing is chosen from them here: the list, once loaded, decides as always, and the server
 * checks access to the channel read.
 */
export function prefetchChannels(search: string): void {
  prefetchQuietly(endpointQuery(lineAccountsApi.list, {}, { handles: 'all' }));
  const likelyId = likelyChannelId(search);
  if (likelyId !== null) {
    prefetchQuietly(endpointQuery(lineAccountsApi.get, { params: { id: likelyId } }, { handles: 'all' }));
  }
}

/** The channel a tab opened at this address will most likely work in, before the list has decided. */
function likelyChannelId(search: string): number | null {
  const id = Number(laidOf(search) ?? readStored(STORAGE_KEYS.lineAccountId));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Starts a screen's first reads in a channel (made with `handles: 'all'`, see prefetchQuietly). */
export type ScreenPrefetch = (url: URL, lineAccountId: number) => void;

/**
 * The loader of a service screen opened directly: its first reads start in the tab's likely channel
 * beside the layout's, not once the channel list has loaded and the screen is shown. Only before the
 * tab has a channel; afterwards the screen reads at once itself. The server checks access as always.
 */
export function prefetchingLoader(prefetch: ScreenPrefetch) {
  return ({ request }: { request: Request }) => {
    if (tabChannelId() !== null || !readStored(STORAGE_KEYS.accessToken)) return null;
    const url = new URL(request.url);
    const likelyId = likelyChannelId(url.search);
    if (likelyId !== null) prefetch(url, likelyId);
    return null;
  };
}

/** Renames a channel; rejects with the ApiError so the caller can show it (e.g. 422 on its field). */
export async function renameChannel(lineAccountId: number, name: string): Promise<LineAccount> {
  const { data } = await call(lineAccountsApi.update, { params: { id: lineAccountId }, body: { name } });
  const lineAccounts = queryClient.getQueryData(channelListQuery.queryKey)?.data ?? [];
  const renamed = withRenamed({ lineAccounts, selected: selectedChannel() }, data);
  queryClient.setQueryData(channelListQuery.queryKey, (list) => list && { ...list, data: renamed.lineAccounts });
  const { selected } = renamed;
  if (selected) {
    queryClient.setQueryData(
      channelDetailsQuery(selected.id).queryKey,
      (details) => details && { ...details, data: selected },
    );
  }
  await invalidateEndpoints(lineAccountsApi.list, lineAccountsApi.get);
  return data;
}

/** Forgets the selection, the tab's and the remembered one (logout); the cached list goes with the session's other data. */
export function resetChannelSelection(): void {
  setTabChannelId(null);
  storeLastChoice(null);
}

/** The tab's channel id; channel queries wait for it (they are sent in its LineAccountId). */
export const useSelectedChannelId = useTabChannelId;

/** The session's channels (the account area lists them too). */
export function useChannelList() {
  const list = useQuery(channelListQuery);
  const status: ChannelListStatus = list.isSuccess ? 'ready' : list.isError ? 'failed' : 'loading';
  return { lineAccounts: list.data?.data ?? [], status };
}

/** True once the channels have loaded (or failed to) and none is selected: nothing to show. */
export function useNoChannel(): boolean {
  const { status } = useChannelList();
  return useSelectedChannelId() === null && status !== 'loading';
}

/** True while the tab is about to work in a channel: service screens wait, so they are made once, in it. */
export function useChoosingChannel(): boolean {
  const { lineAccounts, status } = useChannelList();
  return isChoosingChannel(status, lineAccounts, useSelectedChannelId());
}

/**
 * The service area's channels and the tab's one, kept in step with laid in the tab's address: once the
 * list has loaded, the tab works in the channel laid names (else its own, else local storage's last
 * choice, else the first), and the address names the channel the tab works in.
 */
export function useChannels() {
  const location = useLocation();
  const navigate = useNavigate();
  const addressLaid = laidOf(location.search);
  const { lineAccounts, status } = useChannelList();
  const selectedId = useSelectedChannelId();
  const details = useQuery({ ...channelDetailsQuery(selectedId ?? 0), enabled: selectedId !== null });

  useEffect(() => {
    if (status !== 'ready') return;
    const chosen = chooseTabChannel(lineAccounts, addressLaid, selectedId, readStored(STORAGE_KEYS.lineAccountId));
    if (chosen === null) {
      resetChannelSelection();
      return;
    }
    if (chosen.id !== selectedId) selectChannel(chosen);
    if (addressLaid !== String(chosen.id)) {
      const { pathname, search, hash, state } = location;
      void navigate({ pathname, search: searchWithLaid(search, chosen.id), hash }, { replace: true, state });
    }
  }, [status, lineAccounts, addressLaid, selectedId, location, navigate]);

  // The list's entry stands in until the details arrive.
  const selected =
    selectedId === null
      ? null
      : (details.data?.data ?? lineAccounts.find((lineAccount) => lineAccount.id === selectedId) ?? null);
  return { lineAccounts, selected, status };
}
