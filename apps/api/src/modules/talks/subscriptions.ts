import type { AppContext } from '../../platform/context.ts';
import { channelScope } from '../../platform/principal.ts';
import { insertIncoming } from './repository.ts';

/**
 * Follows and blocks are part of the friend's story: each is kept in the talk as a small event, once
 * per webhook event (the fact is published only when it changed the friend's state, and the row is
 * keyed by its webhook event). It counts as no unread message and leaves the talk list's last
 * message as it is: it is not something to answer. The friends module publishes friend.updated.
 */
export function talkSubscriptions(ctx: AppContext): void {
  ctx.events.subscribe('friend.followed', async (event, on) => {
    await insertIncoming(on.tx, channelScope(event.lineAccountId), {
      friendId: event.friendId,
      webhookEventId: event.webhookEventId,
      occurredAt: event.occurredAt,
      type: 'follow',
      content: { kind: event.kind },
      lineMessageId: null,
    });
  });
  ctx.events.subscribe('friend.blocked', async (event, on) => {
    await insertIncoming(on.tx, channelScope(event.lineAccountId), {
      friendId: event.friendId,
      webhookEventId: event.webhookEventId,
      occurredAt: event.occurredAt,
      type: 'unfollow',
      content: {},
      lineMessageId: null,
    });
  });
}
