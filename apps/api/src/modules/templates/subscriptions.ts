import type { AppContext } from '../../platform/context.ts';
import type { EventTransaction } from '../../platform/events.ts';
import { channelScope } from '../../platform/principal.ts';
import { publishRealtime } from '../../platform/realtime.ts';
import { addScore } from '../friends/repository.ts';
import { channelAction } from './repository.ts';

/**
 * A template action's score goes to the friend who used it: a postback tap (once per webhook event)
 * or the first opening of a tracked link. In the event's transaction, as the action's row says now
 * (nothing when the action is gone); open screens are told once it committed.
 */
export function templateSubscriptions(ctx: AppContext): void {
  const score = async (on: EventTransaction, lineAccountId: number, friendId: number, actionItemId: number) => {
    // The event carries the channel of the row it was published from.
    const scope = channelScope(lineAccountId);
    const points = (await channelAction(on.tx, scope, actionItemId))?.score ?? 0;
    if (points === 0) return;
    await addScore(on.tx, scope, friendId, points);
    on.afterCommit(() => publishRealtime(ctx.database, { type: 'friend.updated', lineAccountId, friendId }));
  };
  ctx.events.subscribe('postback.tapped', async (tap, on) => {
    if (tap.actionItemId !== null) await score(on, tap.lineAccountId, tap.friendId, tap.actionItemId);
  });
  ctx.events.subscribe('link.opened', async (opened, on) => {
    if (opened.first) await score(on, opened.lineAccountId, opened.friendId, opened.actionItemId);
  });
}
