import {
  CONVERSATION_PAGE_SIZE,
  talksApi,
  type Conversation,
  type ConversationQuery,
  type RealtimeEventMessage,
} from '@linq/contract';
import i18n from 'i18next';
import { create } from 'zustand';
import { call } from '../../../app/api/call.ts';
import { isApiError } from '../../../app/api/errors.ts';
import { endpointQuery, queryClient } from '../../../app/api/queries.ts';
import type { HandledFailures } from '../../../app/api/request.ts';
import { feedback } from '../../../app/feedback.ts';
import {
  conversationOpened,
  EMPTY_FILTERS,
  friendUpdated,
  INITIAL_LIST_STATE,
  messageArrived,
  pageLoaded,
  search,
  type ConversationFilters,
  type ConversationListState,
  type ScreenState,
} from './unread-rules.ts';

/*
 * The talk list as the spec's rules shape it (unread-rules.ts): the friends loaded so far, the page
 * and the filters. The pages themselves are read through TanStack Query; realtime events, which carry
 * ids only, are turned into rule inputs by reading the new message (and, for a friend not listed yet,
 * the first page).
 */

/** The list reports its own failures ('Error to fetch data'); a 401 still ends the session as usual. */
const LIST_FAILURES: HandledFailures = [400, 403, 404, 409, 422, 429, 500, 502, 503, 504];

export type ListStatus = 'idle' | 'loading' | 'ready' | 'failed';

interface ConversationStore extends ConversationListState {
  lineAccountId: number | null;
  status: ListStatus;
  loadingMore: boolean;
  /** Shows the channel's list: a new channel starts over, the same one is brought up to date. */
  start(lineAccountId: number): Promise<void>;
  search(filters: ConversationFilters): Promise<void>;
  loadMore(): Promise<void>;
  /** Reads pages 1..page again (after a reconnect, so that missed messages show). */
  refresh(): Promise<void>;
  opened(friendId: number): void;
  /** A realtime event of the channel. */
  apply(event: RealtimeEventMessage, screen: ScreenState): Promise<void>;
}

function conversationsQuery(page: number, filters: ConversationFilters): ConversationQuery {
  return {
    page,
    limit: CONVERSATION_PAGE_SIZE,
    ...(filters.name ? { name: filters.name } : {}),
    ...(filters.unreadOnly ? { un_read: 'true' as const } : {}),
  };
}

function fetchPage(page: number, filters: ConversationFilters, handles: HandledFailures = LIST_FAILURES) {
  return queryClient.fetchQuery({
    ...endpointQuery(talksApi.conversations, { query: conversationsQuery(page, filters) }, { handles }),
    staleTime: 0,
  });
}

/** Spec section 8: a conversation fetch failure is reported as 'Error to fetch data'. */
function reportFetchFailure(error: unknown) {
  if (isApiError(error, 401)) return;
  feedback.notifyError(i18n.t('talks.fetchError'), error instanceof Error ? error.message : '');
}

// Counts searches so that an answer for an earlier search or channel never lands in a later list.
let generation = 0;

export const useConversationStore = create<ConversationStore>()((set, get) => {
  async function loadPage(page: number, mine: number) {
    try {
      const result = await fetchPage(page, get().filters);
      if (mine !== generation) return;
      set({ ...pageLoaded(get(), page, result.data, result.total_item_count), status: 'ready' });
    } catch (error) {
      if (mine !== generation) return;
      set({ status: 'failed' });
      reportFetchFailure(error);
    }
  }

  return {
    ...INITIAL_LIST_STATE,
    lineAccountId: null,
    status: 'idle',
    loadingMore: false,

    async start(lineAccountId) {
      if (get().lineAccountId === lineAccountId && get().status !== 'idle') return get().refresh();
      set({ ...INITIAL_LIST_STATE, lineAccountId, status: 'idle' });
      return get().search(EMPTY_FILTERS);
    },

    async search(filters) {
      const mine = ++generation;
      set({ ...search(get(), filters), status: 'loading', loadingMore: false });
      await loadPage(1, mine);
    },

    async loadMore() {
      if (get().loadingMore || get().status !== 'ready') return;
      set({ loadingMore: true });
      await loadPage(get().page + 1, generation);
      set({ loadingMore: false });
    },

    async refresh() {
      const mine = generation;
      const { page, filters } = get();
      try {
        const pages = await Promise.all(Array.from({ length: page }, (_, index) => fetchPage(index + 1, filters)));
        if (mine !== generation) return;
        let state: ConversationListState = get();
        pages.forEach((result, index) => {
          state = pageLoaded(state, index + 1, result.data, result.total_item_count);
        });
        set({ ...state, status: 'ready' });
      } catch (error) {
        if (mine === generation) reportFetchFailure(error);
      }
    },

    opened(friendId) {
      set(conversationOpened(get(), friendId));
    },

    async apply(event, screen) {
      const mine = generation;
      const friendId = event.friend_id;
      // A row of the first page, for a friend not listed yet or changed elsewhere (null: not there).
      const firstPageRow = async (): Promise<Conversation | null> => {
        const result = await fetchPage(1, get().filters, 'all');
        return result.data.find((friend) => friend.id === friendId) ?? null;
      };
      try {
        if (event.type === 'friend.updated') {
          const row = await firstPageRow();
          if (row && mine === generation) set(friendUpdated(get(), row));
          return;
        }
        const history = await call(talksApi.history, { query: { friend_id: friendId, limit: 1 } }, { handles: 'all' });
        const newest = history.data[0];
        if (!newest || mine !== generation) return;
        const listed = get().friends.some((friend) => friend.id === friendId);
        const row = listed ? null : await firstPageRow();
        if (mine !== generation) return;
        const text = newest.type === 'text' && typeof newest.content.text === 'string' ? newest.content.text : null;
        const arrived = {
          friendId,
          direction: event.direction ?? newest.direction,
          type: newest.type,
          text,
          occurredAt: newest.occurred_at,
        };
        set(messageArrived(get(), arrived, screen, row ?? undefined));
      } catch {
        // Realtime follow-ups are best effort: the next reconnect or search reads the list again.
      }
    },
  };
});
