import {
  CONVERSATION_PAGE_SIZE,
  talksApi,
  type Conversation,
  type ConversationQuery,
  type RealtimeEventMessage,
} from '@linq/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import i18n from 'i18next';
import { useCallback } from 'react';
import { create } from 'zustand';
import { call } from '../../../app/api/call.ts';
import { isApiError } from '../../../app/api/errors.ts';
import { queryClient } from '../../../app/api/queries.ts';
import type { HandledFailures } from '../../../app/api/request.ts';
import { feedback } from '../../../app/feedback.ts';
import {
  conversationOpened,
  EMPTY_FILTERS,
  friendUpdated,
  hasMorePages,
  INITIAL_LIST_STATE,
  messageArrived,
  pageLoaded,
  search,
  type ConversationFilters,
  type ConversationListState,
  type ScreenState,
} from './unread-rules.ts';
import '../../../app/i18n/parts/talks.ts';

/*
 * The talk list in the query cache, as the spec's rules shape it (unread-rules.ts): the friends loaded
 * so far, the page and the filters of one channel. Realtime events, which carry ids only, are turned
 * into rule inputs by reading the new message (and, for a friend not listed yet, the first page).
 */

/** The list reports its own failures ('Error to fetch data'); a 401 still ends the session as usual. */
const LIST_FAILURES: HandledFailures = [400, 403, 404, 409, 422, 429, 500, 502, 503, 504];

/** The search box and the unread switch: client state, kept while the same channel is shown. */
const useSearchState = create<{ lineAccountId: number | null; filters: ConversationFilters }>()(() => ({
  lineAccountId: null,
  filters: EMPTY_FILTERS,
}));

function conversationsQuery(page: number, filters: ConversationFilters): ConversationQuery {
  return {
    page,
    limit: CONVERSATION_PAGE_SIZE,
    ...(filters.name ? { name: filters.name } : {}),
    ...(filters.unreadOnly ? { un_read: 'true' as const } : {}),
  };
}

/** One page of one channel's list (the channel of the list's key, whatever the tab shows meanwhile). */
const fetchPage = (
  lineAccountId: number,
  page: number,
  filters: ConversationFilters,
  handles: HandledFailures = LIST_FAILURES,
) => call(talksApi.conversations, { query: conversationsQuery(page, filters) }, { handles, lineAccountId });

/** Spec section 8: a conversation fetch failure is reported as 'Error to fetch data'. */
function reportFetchFailure(error: unknown) {
  if (isApiError(error, 401)) return;
  feedback.notifyError(i18n.t('talks.fetchError'), error instanceof Error ? error.message : '');
}

/**
 * One channel's list under one search. A fetch reads pages 1..page again (the first time, or after a
 * search, just page 1), so coming back or reconnecting brings every loaded page up to date.
 */
function conversationListQuery(lineAccountId: number, filters: ConversationFilters) {
  const queryKey = [talksApi.conversations.path, { lineAccountId, filters }] as const;
  return queryOptions({
    queryKey,
    queryFn: async (): Promise<ConversationListState> => {
      const loadedPages = queryClient.getQueryData<ConversationListState>(queryKey)?.page ?? 1;
      try {
        const pages = await Promise.all(
          Array.from({ length: loadedPages }, (_, index) => fetchPage(lineAccountId, index + 1, filters)),
        );
        return pages.reduce<ConversationListState>(
          (state, result, index) => pageLoaded(state, index + 1, result.data, result.total_item_count),
          search(INITIAL_LIST_STATE, filters),
        );
      } catch (error) {
        reportFetchFailure(error);
        throw error;
      }
    },
    staleTime: 0,
  });
}

type ListKey = ReturnType<typeof conversationListQuery>['queryKey'];

const update = (queryKey: ListKey, change: (state: ConversationListState) => ConversationListState) =>
  queryClient.setQueryData(queryKey, (state) => state && change(state));

async function loadNextPage(queryKey: ListKey): Promise<void> {
  const state = queryClient.getQueryData(queryKey);
  if (!state || !hasMorePages(state)) return;
  const page = state.page + 1;
  try {
    const result = await fetchPage(queryKey[1].lineAccountId, page, state.filters);
    update(queryKey, (current) => pageLoaded(current, page, result.data, result.total_item_count));
  } catch (error) {
    reportFetchFailure(error);
    throw error;
  }
}

/** A realtime event of the channel, applied to the list through the rules. */
async function applyEvent(queryKey: ListKey, event: RealtimeEventMessage, screen: ScreenState): Promise<void> {
  // Only a friend's changes and messages move the list; other modules' events pass by.
  if ((event.type !== 'friend.updated' && event.type !== 'message.created') || event.friend_id === null) return;
  const friendId = event.friend_id;
  const { lineAccountId, filters } = queryKey[1];
  // A row of the first page, for a friend not listed yet or changed elsewhere (null: not there).
  const firstPageRow = async (): Promise<Conversation | null> => {
    const result = await fetchPage(lineAccountId, 1, filters, 'all');
    return result.data.find((friend) => friend.id === friendId) ?? null;
  };
  try {
    if (event.type === 'friend.updated') {
      const row = await firstPageRow();
      if (row) update(queryKey, (state) => friendUpdated(state, row));
      return;
    }
    const history = await call(
      talksApi.history,
      { query: { friend_id: friendId, limit: 1 } },
      { handles: 'all', lineAccountId },
    );
    const newest = history.data[0];
    if (!newest) return;
    const listed = queryClient.getQueryData(queryKey)?.friends.some((friend) => friend.id === friendId) ?? false;
    const row = listed ? null : await firstPageRow();
    const text = newest.type === 'text' && typeof newest.content.text === 'string' ? newest.content.text : null;
    const arrived = {
      friendId,
      direction: event.direction ?? newest.direction,
      type: newest.type,
      text,
      occurredAt: newest.occurred_at,
    };
    update(queryKey, (state) => messageArrived(state, arrived, screen, row ?? undefined));
  } catch {
    // Realtime follow-ups are best effort: the next reconnect or search reads the list again.
  }
}

/**
 * The talk list of a channel: the list as the rules shape it, and what the screen does with it. Another
 * channel starts with empty filters; the same channel keeps its search across visits.
 */
export function useConversationList(lineAccountId: number) {
  const filters = useSearchState((state) => (state.lineAccountId === lineAccountId ? state.filters : EMPTY_FILTERS));
  const query = conversationListQuery(lineAccountId, filters);
  const { queryKey } = query;
  const list = useQuery(query);
  const loadMore = useMutation({ mutationFn: () => loadNextPage(queryKey) });
  const state = list.data ?? search(INITIAL_LIST_STATE, filters);

  /** A search starts the list over at page 1 (with the same filters too, e.g. a retry). */
  const searchFor = (next: ConversationFilters) => {
    void queryClient.resetQueries({ queryKey: conversationListQuery(lineAccountId, next).queryKey, exact: true });
    loadMore.reset();
    useSearchState.setState({ lineAccountId, filters: next });
  };

  // Stable while the channel and filters stay the same, for the chat's effect that marks a conversation read.
  const opened = useCallback(
    (friendId: number) =>
      update(conversationListQuery(lineAccountId, filters).queryKey, (current) =>
        conversationOpened(current, friendId),
      ),
    [lineAccountId, filters],
  );

  return {
    state,
    /** The first page is on its way (after a search or on the first visit). */
    loading: list.isPending,
    /** Nothing could be read: the first page, or the next page asked for. */
    failed: (list.isError && !list.data) || loadMore.isError,
    loaded: list.isSuccess,
    loadingMore: loadMore.isPending,
    search: searchFor,
    loadMore: () => loadMore.mutate(),
    opened,
    /** Reads every loaded page again (after a reconnect, so that missed messages show). */
    refresh: () => queryClient.refetchQueries({ queryKey, exact: true }),
    apply: (event: RealtimeEventMessage, screen: ScreenState) => applyEvent(queryKey, event, screen),
  };
}

export type ConversationListModel = ReturnType<typeof useConversationList>;
