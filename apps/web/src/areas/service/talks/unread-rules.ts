import type { Conversation, TalkMessage } from '@linq/contract';

/*
 * The talk list's rules (spec section 4, "Talks"), as pure functions of the list state. The query cache
 * (conversation-list.ts) applies them; the tests name each rule.
 */

/** Spec section 9: wider than this, the list and the chat are side by side. */
export const WIDE_SCREEN_THRESHOLD_PX = 768;
export const TALKS_PATH = '/service/talks';

export interface ConversationFilters {
  name: string;
  unreadOnly: boolean;
}

export interface ConversationListState {
  /** Friends loaded so far: page 1 then the further pages, in order. */
  friends: Conversation[];
  page: number;
  filters: ConversationFilters;
  /** How many friends match the filters on the server. */
  total: number;
}

export const EMPTY_FILTERS: ConversationFilters = { name: '', unreadOnly: false };
export const INITIAL_LIST_STATE: ConversationListState = { friends: [], page: 1, filters: EMPTY_FILTERS, total: 0 };

/** A new message of one friend, as the list needs it. */
export interface ArrivedMessage {
  friendId: number;
  direction: TalkMessage['direction'];
  type: string;
  /** The text of a text message; null for other types (as the list's last_message). */
  text: string | null;
  occurredAt: string;
}

/** What the screen looks like when the message arrives. */
export interface ScreenState {
  widthPx: number;
  selectedFriendId: number | null;
}

export const isWideScreen = (widthPx: number) => widthPx > WIDE_SCREEN_THRESHOLD_PX;

/** A search resets the friend list and page to 1, and sets the name and unread filters. */
export function search(state: ConversationListState, filters: ConversationFilters): ConversationListState {
  return { ...state, friends: [], page: 1, total: 0, filters: { ...filters } };
}

/** Page 1 is the list; further pages are appended after it (a friend already listed is not listed twice). */
export function pageLoaded(
  state: ConversationListState,
  page: number,
  rows: readonly Conversation[],
  total: number,
): ConversationListState {
  if (page <= 1) return { ...state, friends: [...rows], page: 1, total };
  const listed = new Set(state.friends.map((friend) => friend.id));
  return {
    ...state,
    friends: [...state.friends, ...rows.filter((row) => !listed.has(row.id))],
    page,
    total,
  };
}

/** Opening a conversation sets its unread count to 0. */
export function conversationOpened(state: ConversationListState, friendId: number): ConversationListState {
  if (!state.friends.some((friend) => friend.id === friendId && friend.message_unreads_counts !== 0)) return state;
  return {
    ...state,
    friends: state.friends.map((friend) =>
      friend.id === friendId ? { ...friend, message_unreads_counts: 0 } : friend,
    ),
  };
}

/**
 * Whether a new message adds 1 to the unread count: not when the screen is wider than 768px and
 * either the friend is the selected one or the message was sent by our own side.
 */
export function addsUnread(message: Pick<ArrivedMessage, 'friendId' | 'direction'>, screen: ScreenState): boolean {
  const ownSide = message.direction === 'outgoing';
  const selected = screen.selectedFriendId === message.friendId;
  return !(isWideScreen(screen.widthPx) && (selected || ownSide));
}

/**
 * An incoming message updates the friend's last message, its type and time, and adds 1 to the
 * unread count (see addsUnread); the friend moves to the top, as the list is newest first. A friend
 * not listed yet appears at the top with the row the server gave (`row`), if it matches the filters.
 */
export function messageArrived(
  state: ConversationListState,
  message: ArrivedMessage,
  screen: ScreenState,
  row?: Conversation,
): ConversationListState {
  const listed = state.friends.find((friend) => friend.id === message.friendId);
  const others = state.friends.filter((friend) => friend.id !== message.friendId);
  if (!listed) return row ? { ...state, friends: [row, ...others], total: state.total + 1 } : state;
  const updated: Conversation = {
    ...listed,
    last_message: message.text,
    message_type: message.type,
    last_message_created_at: message.occurredAt,
    message_unreads_counts: listed.message_unreads_counts + (addsUnread(message, screen) ? 1 : 0),
  };
  return { ...state, friends: [updated, ...others] };
}

/** A friend's profile or read state changed elsewhere: the listed row takes the server's values. */
export function friendUpdated(state: ConversationListState, row: Conversation): ConversationListState {
  if (!state.friends.some((friend) => friend.id === row.id)) return state;
  return { ...state, friends: state.friends.map((friend) => (friend.id === row.id ? row : friend)) };
}

/** Selecting a friend whose fetch returns errors redirects to /service/talks (null: stay). */
export function redirectAfterFriendFetch(failed: boolean): string | null {
  return failed ? TALKS_PATH : null;
}

export const hasMorePages = (state: ConversationListState) => state.friends.length < state.total;
