/** Facts of the friends module, published when a webhook changes a friend's follow state. */
declare module '../../platform/events.ts' {
  interface DomainEvents {
    /**
     * The friend added the channel (first time or again). Only a follow newer than the friend's
     * state counts: a late or redelivered event publishes nothing.
     */
    'friend.followed': FriendFollowChanged;
    /** The friend blocked the channel (LINE's unfollow), newer than the friend's state. */
    'friend.blocked': FriendFollowChanged;
  }
}

export interface FriendFollowChanged {
  lineAccountId: number;
  friendId: number;
  /** The stored webhook event (webhook_events.id) that carried it. */
  webhookEventId: number;
  occurredAt: Date;
}
