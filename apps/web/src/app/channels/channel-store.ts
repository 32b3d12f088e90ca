import { lineAccountsApi, type LineAccount } from '@linq/contract';
import { create } from 'zustand';
import { call } from '../api/call.ts';
import { isApiError } from '../api/errors.ts';
import { invalidateEndpoints, queryClient } from '../api/queries.ts';
import { isBrandingQuery } from '../branding/branding.ts';
import { feedback } from '../feedback.ts';
import { readStored, STORAGE_KEYS, writeStored } from '../storage.ts';
import {
  chooseLineAccount,
  EMPTY_CHANNEL_STATE,
  needsDetails,
  withRenamed,
  type ChannelState,
} from './channel-state.ts';

/** Spec section 8: a channel that does not exist. */
export const LINE_ACCOUNT_NOT_FOUND = 'このチャネルは存在しません。';

interface ChannelStore extends ChannelState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** Loads the list and chooses a channel (laid from the query string, then local storage, else the first). */
  load: (queryLaid: string | null) => Promise<void>;
  select: (lineAccountId: number) => Promise<void>;
  /** Renames a channel; rejects with the ApiError so the caller can show it (e.g. 422 on its field). */
  rename: (lineAccountId: number, name: string) => Promise<LineAccount>;
  reset: () => void;
}

function storeSelection(lineAccount: LineAccount | null): void {
  writeStored(STORAGE_KEYS.lineAccountId, lineAccount ? String(lineAccount.id) : null);
  writeStored(STORAGE_KEYS.lineAccountStatus, lineAccount ? lineAccount.status : null);
}

/** Everything cached except the sessions and the host's branding belongs to the previous channel. */
function forgetChannelData(): Promise<void> {
  return queryClient.resetQueries({
    predicate: (query) => query.queryKey[0] !== 'initialState' && !isBrandingQuery(query),
  });
}

// Counts loads so that a slow, superseded answer cannot overwrite a newer one.
let loadGeneration = 0;

export const useChannelStore = create<ChannelStore>()((set, get) => ({
  ...EMPTY_CHANNEL_STATE,
  status: 'idle',

  async load(queryLaid) {
    const generation = ++loadGeneration;
    set({ status: 'loading' });
    let lineAccounts: LineAccount[];
    try {
      lineAccounts = (await call(lineAccountsApi.list, {})).data;
    } catch {
      if (generation === loadGeneration) set({ status: 'failed' });
      return;
    }
    if (generation !== loadGeneration) return;
    set({ lineAccounts, status: 'ready' });
    const chosen = chooseLineAccount(lineAccounts, queryLaid, readStored(STORAGE_KEYS.lineAccountId));
    if (chosen) {
      await get().select(chosen.id);
    } else {
      set({ selected: null });
      storeSelection(null);
    }
  },

  async select(lineAccountId) {
    const previous = get().selected;
    if (!needsDetails(lineAccountId, previous, readStored(STORAGE_KEYS.lineAccountId))) return;
    try {
      const { data } = await call(lineAccountsApi.get, { params: { id: lineAccountId } }, { handles: [404] });
      set({ selected: data });
      storeSelection(data);
      if (previous && previous.id !== data.id) await forgetChannelData();
    } catch (error) {
      if (isApiError(error, 404)) feedback.notifyError(LINE_ACCOUNT_NOT_FOUND, '');
    }
  },

  async rename(lineAccountId, name) {
    const { data } = await call(lineAccountsApi.update, { params: { id: lineAccountId }, body: { name } });
    set(withRenamed(get(), data));
    await invalidateEndpoints(lineAccountsApi.list, lineAccountsApi.get);
    return data;
  },

  reset() {
    loadGeneration++;
    set({ ...EMPTY_CHANNEL_STATE, status: 'idle' });
    storeSelection(null);
  },
}));
