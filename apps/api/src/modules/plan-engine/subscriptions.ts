import type { AppContext } from '../../platform/context.ts';
import { channelScope } from '../../platform/principal.ts';
import { parseActionPostbackData } from '@linq/contract';
import { handleIncomingText } from './auto-replies.ts';
import { endAtRemovedBoxes, rescheduleChangedTimings, resumeMissed } from './live-editing.ts';
import { handleTap } from './taps.ts';
import { subscribeTriggers } from './triggers.ts';

/**
 * The plan engine's reactions, in the transaction of the fact that causes them: the registered
 * triggers (a friend added, a tag put on friends, and those other modules add), a tap on a plan
 * box's option, a text message an auto-reply answers; and a plan's changes. Each fact is published
 * once, so each enrols or moves once.
 */
export function planEngineSubscriptions(ctx: AppContext): void {
  subscribeTriggers(ctx);
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
