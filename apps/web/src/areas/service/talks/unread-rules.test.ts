import type { Conversation } from '@linq/contract';
import { describe, expect, it } from 'vitest';
import {
  addsUnread,
  conversationOpened,
  friendUpdated,
  hasMorePages,
  INITIAL_LIST_STATE,
  messageArrived,
  pageLoaded,
  redirectAfterFriendFetch,
  search,
  type ArrivedMessage,
  type ConversationListState,
} from './unread-rules.ts';

const friend = (id: number, overrides: Partial<Conversation> = {}): Conversation => ({
  id,
  display_name: `Friend ${id}`,
  picture_url: null,
  message_unreads_counts: 0,
  last_message: `hello ${id}`,
  last_message_created_at: '2026-01-01T00:00:00.000Z',
  message_type: 'text',
  status: 'following',
  ...overrides,
});
const listOf = (friends: Conversation[], overrides: Partial<ConversationListState> = {}): ConversationListState => ({
  ...INITIAL_LIST_STATE,
  friends,
  total: friends.length,
  ...overrides,
});
const WIDE = 1024;
const NARROW = 375;
const incoming = (friendId: number, overrides: Partial<ArrivedMessage> = {}): ArrivedMessage => ({
  friendId,
  direction: 'incoming',
  type: 'text',
  text: 'new text',
  occurredAt: '2026-02-02T10:00:00.000Z',
  ...overrides,
});
const ids = (state: ConversationListState) => state.friends.map((f) => f.id);
const unreadOf = (state: ConversationListState, id: number) =>
  state.friends.find((f) => f.id === id)?.message_unreads_counts;

describe('talk list rules (spec section 4, Talks)', () => {
  it('a search resets the friend list and page to 1, and sets the name and unread filters', () => {
    const before = listOf([friend(1), friend(2)], { page: 3, total: 60 });
    const after = search(before, { name: '山田', unreadOnly: true });
    expect(after.friends).toEqual([]);
    expect(after.page).toBe(1);
    expect(after.filters).toEqual({ name: '山田', unreadOnly: true });
  });

  it('further pages are appended after page 1', () => {
    const page1 = pageLoaded(INITIAL_LIST_STATE, 1, [friend(1), friend(2)], 5);
    expect(ids(page1)).toEqual([1, 2]);
    expect(hasMorePages(page1)).toBe(true);
    const page2 = pageLoaded(page1, 2, [friend(3), friend(4)], 5);
    expect(ids(page2)).toEqual([1, 2, 3, 4]);
    expect(page2.page).toBe(2);
    // A friend who moved between pages meanwhile is not listed twice.
    const page3 = pageLoaded(page2, 3, [friend(4), friend(5)], 5);
    expect(ids(page3)).toEqual([1, 2, 3, 4, 5]);
    expect(hasMorePages(page3)).toBe(false);
    // Page 1 again (a new search, a catch-up) is the list.
    expect(ids(pageLoaded(page3, 1, [friend(9)], 1))).toEqual([9]);
  });

  it('opening a conversation sets its unread count to 0', () => {
    const state = listOf([friend(1, { message_unreads_counts: 4 }), friend(2, { message_unreads_counts: 2 })]);
    const opened = conversationOpened(state, 1);
    expect(unreadOf(opened, 1)).toBe(0);
    expect(unreadOf(opened, 2)).toBe(2);
  });

  it('an incoming message updates last message, its type and time, and adds 1 to the unread count', () => {
    const state = listOf([friend(1), friend(2, { message_unreads_counts: 1 })]);
    const image = incoming(2, { type: 'image', text: null, occurredAt: '2026-03-03T03:03:03.000Z' });
    const after = messageArrived(state, image, { widthPx: NARROW, selectedFriendId: null });
    expect(after.friends[0]).toEqual(
      friend(2, {
        last_message: null,
        message_type: 'image',
        last_message_created_at: '2026-03-03T03:03:03.000Z',
        message_unreads_counts: 2,
      }),
    );
    // The list is newest first: the friend moves to the top.
    expect(ids(after)).toEqual([2, 1]);
    const wideOther = messageArrived(state, incoming(2), { widthPx: WIDE, selectedFriendId: 1 });
    expect(unreadOf(wideOther, 2)).toBe(2);
  });

  it('the count is not added when the screen is wider than 768px and either the friend is the selected one or the message was sent by our own side', () => {
    const state = listOf([friend(1, { message_unreads_counts: 3 })]);
    const selectedWide = messageArrived(state, incoming(1), { widthPx: WIDE, selectedFriendId: 1 });
    expect(unreadOf(selectedWide, 1)).toBe(3);
    expect(selectedWide.friends[0]!.last_message).toBe('new text');
    const ownWide = messageArrived(state, incoming(1, { direction: 'outgoing' }), {
      widthPx: WIDE,
      selectedFriendId: null,
    });
    expect(unreadOf(ownWide, 1)).toBe(3);
    // 768px is not wider than 768px; narrow screens always count, even the selected friend or our own message.
    expect(addsUnread({ friendId: 1, direction: 'incoming' }, { widthPx: 768, selectedFriendId: 1 })).toBe(true);
    expect(addsUnread({ friendId: 1, direction: 'incoming' }, { widthPx: 769, selectedFriendId: 1 })).toBe(false);
    expect(addsUnread({ friendId: 1, direction: 'outgoing' }, { widthPx: NARROW, selectedFriendId: null })).toBe(true);
    expect(addsUnread({ friendId: 1, direction: 'outgoing' }, { widthPx: 769, selectedFriendId: null })).toBe(false);
  });

  it('selecting a friend whose fetch returns errors redirects to /service/talks', () => {
    expect(redirectAfterFriendFetch(true)).toBe('/service/talks');
    expect(redirectAfterFriendFetch(false)).toBeNull();
  });

  it('a friend not yet in the list who writes appears at the top', () => {
    const state = listOf([friend(1), friend(2)]);
    const newcomer = friend(7, { message_unreads_counts: 1, last_message: 'はじめまして' });
    const after = messageArrived(state, incoming(7), { widthPx: WIDE, selectedFriendId: null }, newcomer);
    expect(ids(after)).toEqual([7, 1, 2]);
    expect(after.friends[0]).toEqual(newcomer);
    expect(after.total).toBe(3);
    // Without the server's row (the filters exclude the friend) the list stays as it is.
    expect(messageArrived(state, incoming(7), { widthPx: WIDE, selectedFriendId: null })).toBe(state);
  });

  it('a friend updated elsewhere takes the server’s row, if listed', () => {
    const state = listOf([friend(1, { message_unreads_counts: 2 })]);
    expect(friendUpdated(state, friend(1, { display_name: '新しい名前' })).friends[0]!.display_name).toBe('新しい名前');
    expect(friendUpdated(state, friend(5))).toBe(state);
  });
});
