/** Facts of the friends module, published when a webhook changes a friend's follow state. */
declare module '../../platform/events.ts' {
  interface DomainEvents {
    /**
     * The friend added the channel, and how (`kind`). Only a follow newer than the friend's state
     * counts: a late or redelivered event publishes nothing.
     */
    'friend.followed': FriendFollowChanged & { kind: FollowKind };
    /** The friend blocked the channel (LINE's unfollow), newer than the friend's state. */
    'friend.blocked': FriendFollowChanged;
    /** Staff set or cleared some of the friend's info values (audiences over info fields may now take them or not). */
    'friend.info_changed': { lineAccountId: number; friendId: number };
  }
}

/**
 * How a friend added the channel: `new`, a LINE user the channel never had as a friend; `unblock`,
 * a friend who had blocked it (LINE's follow event says `isUnblocked`); `re_add`, a friend the
 * channel had before who added it again without LINE calling it an unblock.
 */
export type FollowKind = 'new' | 'unblock' | 're_add';

export interface FriendFollowChanged {
  lineAccountId: number;
  friendId: number;
  /** The stored webhook event (webhook_events.id) that carried it. */
  webhookEventId: number;
  occurredAt: Date;
}

/** Realtime events of the friends module: the friend's row changed (name, state, score, labels). */
declare module '../../platform/realtime.ts' {
  interface RealtimeEvents {
    'friend.updated': { friendId: number };
  }
}
