import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useChannelStore } from './channel-store.ts';

/**
 * Loads the channels once per session and follows `laid` in the query string afterwards.
 * Returns the channel store's state.
 */
export function useChannels() {
  const [searchParams] = useSearchParams();
  const queryLaid = searchParams.get('laid');

  useEffect(() => {
    const store = useChannelStore.getState();
    if (store.status === 'idle') void store.load(queryLaid);
    else if (queryLaid && store.lineAccounts.some((lineAccount) => String(lineAccount.id) === queryLaid)) {
      void store.select(Number(queryLaid));
    }
  }, [queryLaid]);

  return useChannelStore();
}
