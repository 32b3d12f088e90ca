import { create } from 'zustand';

/*
 * The tab's channel: the line account this tab works in, in this page's memory only. Local storage is
 * shared by every tab of the browser, so it only remembers the last choice as the default for a new tab;
 * what a tab shows and sends follows `laid` in its own address, mirrored here (channels.ts).
 */

const useTabChannelStore = create<{ lineAccountId: number | null }>()(() => ({ lineAccountId: null }));

/** The tab's channel id, null until one is chosen: the LineAccountId of its requests. */
export const tabChannelId = (): number | null => useTabChannelStore.getState().lineAccountId;

export function setTabChannelId(lineAccountId: number | null): void {
  useTabChannelStore.setState({ lineAccountId });
}

/** The tab's channel id for a component, which renders again when the tab switches channel. */
export const useTabChannelId = (): number | null => useTabChannelStore((state) => state.lineAccountId);
