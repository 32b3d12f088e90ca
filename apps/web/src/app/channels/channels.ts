import { lineAccountsApi, type LineAccount } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { create } from 'zustand';
import { call } from '../api/call.ts';
import { isApiError } from '../api/errors.ts';
import { endpointQuery, invalidateEndpoints, queryClient } from '../api/queries.ts';
import { isBrandingQuery } from '../branding/branding.ts';
import { feedback } from '../feedback.ts';
import { readStored, STORAGE_KEYS, writeStored } from '../storage.ts';
import { chooseLineAccount, needsDetails, withRenamed } from './channel-state.ts';

/*
 * The channels (line accounts) of the session and the selected one (spec section 4 "Line accounts").
 * The list and each channel's details live in the query cache; the only client state is which channel
 * is selected, remembered as laid in local storage.
 */

/** Spec section 8: a channel that does not exist. */
export const LINE_ACCOUNT_NOT_FOUND = 'このチャネルは存在しません。';

const channelListQuery = endpointQuery(lineAccountsApi.list, {});
const channelDetailsQuery = (lineAccountId: number) =>
  endpointQuery(lineAccountsApi.get, { params: { id: lineAccountId } }, { handles: [404] });

const useSelection = create<{ selectedId: number | null }>()(() => ({ selectedId: null }));

function storeSelection(lineAccount: LineAccount | null): void {
  writeStored(STORAGE_KEYS.lineAccountId, lineAccount ? String(lineAccount.id) : null);
  writeStored(STORAGE_KEYS.lineAccountStatus, lineAccount ? lineAccount.status : null);
}

function selectedChannel(): LineAccount | null {
  const { selectedId } = useSelection.getState();
  return selectedId === null
    ? null
    : (queryClient.getQueryData(channelDetailsQuery(selectedId).queryKey)?.data ?? null);
}

const CHANNEL_INDEPENDENT_PATHS = new Set(['initialState', lineAccountsApi.list.path, lineAccountsApi.get.path]);

/** Everything cached but the sessions, the channels themselves and the host's branding belongs to the previous channel. */
function forgetChannelData(): Promise<void> {
  return queryClient.resetQueries({
    predicate: (query) => !CHANNEL_INDEPENDENT_PATHS.has(String(query.queryKey[0])) && !isBrandingQuery(query),
  });
}

/** Selects a channel: its details are fetched unless it is already selected and stored. */
export async function selectChannel(lineAccountId: number): Promise<void> {
  const previous = selectedChannel();
  if (!needsDetails(lineAccountId, previous, readStored(STORAGE_KEYS.lineAccountId))) return;
  try {
    const { data } = await queryClient.fetchQuery(channelDetailsQuery(lineAccountId));
    useSelection.setState({ selectedId: data.id });
    storeSelection(data);
    if (previous && previous.id !== data.id) await forgetChannelData();
  } catch (error) {
    if (isApiError(error, 404)) feedback.notifyError(LINE_ACCOUNT_NOT_FOUND, '');
  }
}

/** After the list loads: laid from the query string, then local storage, else the first channel, else none. */
async function chooseChannel(lineAccounts: readonly LineAccount[], queryLaid: string | null): Promise<void> {
  const chosen = chooseLineAccount(lineAccounts, queryLaid, readStored(STORAGE_KEYS.lineAccountId));
  if (chosen) return selectChannel(chosen.id);
  useSelection.setState({ selectedId: null });
  storeSelection(null);
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

/** Forgets the selection (logout); the cached list goes with the session's other data. */
export function resetChannelSelection(): void {
  useSelection.setState({ selectedId: null });
  storeSelection(null);
}

/** The selected channel's id; channel queries wait for it (they are sent in its LineAccountId). */
export const useSelectedChannelId = (): number | null => useSelection((state) => state.selectedId);

export type ChannelListStatus = 'loading' | 'ready' | 'failed';

function useChannelList() {
  const list = useQuery(channelListQuery);
  const status: ChannelListStatus = list.isSuccess ? 'ready' : list.isError ? 'failed' : 'loading';
  return { lineAccounts: list.data?.data ?? [], status };
}

/** True once the channels have loaded (or failed to) and none is selected: nothing to show. */
export function useNoChannel(): boolean {
  const { status } = useChannelList();
  return useSelectedChannelId() === null && status !== 'loading';
}

/**
 * The channels and the selected one. Chooses a channel when the list has loaded and none is selected
 * yet, and follows `laid` in the query string afterwards.
 */
export function useChannels() {
  const [searchParams] = useSearchParams();
  const queryLaid = searchParams.get('laid');
  const { lineAccounts, status } = useChannelList();
  const selectedId = useSelectedChannelId();
  const details = useQuery({ ...channelDetailsQuery(selectedId ?? 0), enabled: selectedId !== null });

  useEffect(() => {
    if (status !== 'ready') return;
    if (selectedId === null) void chooseChannel(lineAccounts, queryLaid);
    else if (queryLaid && lineAccounts.some((lineAccount) => String(lineAccount.id) === queryLaid)) {
      void selectChannel(Number(queryLaid));
    }
  }, [status, lineAccounts, queryLaid, selectedId]);

  const selected = selectedId === null ? null : (details.data?.data ?? null);
  return { lineAccounts, selected, status, select: selectChannel };
}
