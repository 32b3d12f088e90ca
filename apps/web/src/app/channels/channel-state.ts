import type { LineAccount } from '@linq/contract';

/** The channel (line account) list and the selected channel (spec section 4 "Line accounts"). */
export interface ChannelState {
  lineAccounts: LineAccount[];
  selected: LineAccount | null;
}

export const EMPTY_CHANNEL_STATE: ChannelState = { lineAccounts: [], selected: null };

/** The channel matching laid (from the query string, then local storage), else the first, else none. */
export function chooseLineAccount(
  lineAccounts: readonly LineAccount[],
  queryLaid: string | null,
  storedLaid: string | null,
): LineAccount | null {
  for (const laid of [queryLaid, storedLaid]) {
    const match = laid ? lineAccounts.find((lineAccount) => String(lineAccount.id) === laid) : undefined;
    if (match) return match;
  }
  return lineAccounts[0] ?? null;
}

/**
 * The tab's channel once the list has loaded: the spec's choice, where a tab that works in a listed
 * channel puts its own channel in local storage's place. So laid in the tab's address wins; a move to
 * an address without laid keeps the tab where it is; a new tab gets local storage's last choice.
 */
export function chooseTabChannel(
  lineAccounts: readonly LineAccount[],
  addressLaid: string | null,
  tabChannelId: number | null,
  storedLaid: string | null,
): LineAccount | null {
  const own = lineAccounts.find((lineAccount) => lineAccount.id === tabChannelId);
  return chooseLineAccount(lineAccounts, addressLaid, own ? String(own.id) : storedLaid);
}

export type ChannelListStatus = 'loading' | 'ready' | 'failed';

/**
 * Whether the tab is about to work in a channel: the list is loading, or it has channels and none is
 * chosen yet. Not when there is none to choose (or the list failed): screens then say so.
 */
export function isChoosingChannel(
  status: ChannelListStatus,
  lineAccounts: readonly LineAccount[],
  tabChannelId: number | null,
): boolean {
  return status === 'loading' || (status === 'ready' && lineAccounts.length > 0 && tabChannelId === null);
}

/** Details are fetched unless the channel is already selected and stored. */
export function needsDetails(lineAccountId: number, selected: LineAccount | null, storedLaid: string | null): boolean {
  return !(selected?.id === lineAccountId && storedLaid === String(lineAccountId));
}

/** After a rename the name changes in both the selected channel and the list. */
export function withRenamed(state: ChannelState, renamed: Pick<LineAccount, 'id' | 'name'>): ChannelState {
  return {
    lineAccounts: state.lineAccounts.map((lineAccount) =>
      lineAccount.id === renamed.id ? { ...lineAccount, name: renamed.name } : lineAccount,
    ),
    selected: state.selected?.id === renamed.id ? { ...state.selected, name: renamed.name } : state.selected,
  };
}
