import type { AppContext } from '../../platform/context.ts';
import { channelScope } from '../../platform/principal.ts';
import { parseActionPostbackData } from '@linq/contract';
import {
  endAtRemovedBoxes,
  handleFollow,
  handleIncomingText,
  handleTagAdded,
  handleTap,
  rescheduleChangedTimings,
  resumeMissed,
} from './service.ts';

/**
 * The plan engine's triggers, in the transaction of the fact that causes them: a friend added
 * (the channel's welcome scenario), a tag put on friends, a tap on a plan box's option, a text
 * message an auto-reply answers; and a plan's changes. Each fact is published once, so each enrols
 * or moves once.
 */
export function planEngineSubscriptions(ctx: AppContext): void {
  ctx.events.subscribe('friend.followed', async (event, on) => {
    await handleFollow(ctx, on, channelScope(event.lineAccountId), event.friendId);
  });
  ctx.events.subscribe('tag.added', async (event, on) => {
    await handleTagAdded(ctx, on, channelScope(event.lineAccountId), event.tagId, event.friendIds);
  });
  ctx.events.subscribe('postback.tapped', async (event, on) => {
    const actionItemId = parseActionPostbackData(event.data);
    if (actionItemId !== null)
      await handleTap(ctx, on, channelScope(event.lineAccountId), event.friendId, actionItemId);
  });
  ctx.events.subscribe('message.received', async (event, on) => {
    if (event.messageType !== 'text') return;
    await handleIncomingText(ctx, on, channelScope(event.lineAccountId), event.friendId, event.webhookEventId);
  });
  // Safe live editing: a saved plan's waiting friends follow its changes.
  ctx.events.subscribe('plan.boxes_removing', (event, on) => endAtRemovedBoxes(ctx, on, event, event.planActionIds));
  ctx.events.subscribe('plan.timings_changed', (event, on) =>
    rescheduleChangedTimings(ctx, on, event, event.planActionIds),
  );
  ctx.events.subscribe('plan.resumed', (event, on) => resumeMissed(ctx, on, event, event.missedSends));
}
