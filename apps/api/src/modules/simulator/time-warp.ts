import { CLOCK_NOT_SIMULATED, NO_NEXT_SEND, type ClockAdvance, type EngineClock } from '@linq/contract';
import type { SimChannel } from '@linq/line-simulator';
import type { AppContext } from '../../platform/context.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { ChannelRequest } from '../../platform/principal.ts';
import { channelFriend } from '../friends/repository.ts';
import * as engineRepo from '../plan-engine/repository.ts';
import { FRIEND_NOUN, startPlanForFriend } from '../plan-engine/enrol.ts';
import { runDueSends } from '../plan-engine/scheduler.ts';
import * as repo from './repository.ts';
import { bound, friendOf, NOT_FOLLOWING } from './service.ts';

/*
 * The demo's time warp and rehearsal (issue 15). The engine's clock belongs to the whole process,
 * so moving it is only allowed where everything it moves is a demo: this console runs the LINE
 * simulator itself and the selected channel is bound to it. The scheduler runs right after a move,
 * so what fell due goes out at once instead of at the worker's next tick.
 */

const refused = () => conflict(CLOCK_NOT_SIMULATED);

const clockOf = (ctx: AppContext): EngineClock => ({
  now: ctx.clock.now().toISOString(),
  offset_ms: ctx.clock.offsetMs,
});

export async function clock(ctx: AppContext, scope: ChannelRequest): Promise<EngineClock> {
  await bound(ctx, scope, refused);
  return clockOf(ctx);
}

/** Moves the clock forward (never back: a due time already passed stays passed) and sends what fell due. */
export async function advance(ctx: AppContext, scope: ChannelRequest, by: ClockAdvance): Promise<EngineClock> {
  const { channel } = await bound(ctx, scope, refused);
  let ms: number;
  if ('minutes' in by) {
    ms = by.minutes * 60_000;
  } else {
    const friendId = 'friend_id' in by ? by.friend_id : await consoleFriendOf(ctx, scope, channel, by.user_id);
    if (!(await channelFriend(ctx.database.db, scope, friendId))) throw notFound(FRIEND_NOUN);
    const dueAt = await engineRepo.nextDueAtOfFriend(ctx.database.db, scope, friendId);
    if (!dueAt) throw conflict(NO_NEXT_SEND);
    ms = Math.max(0, dueAt.getTime() - ctx.clock.now().getTime());
  }
  ctx.clock.advance(ms);
  await runDueSends(ctx);
  return clockOf(ctx);
}

/** Starts the plan for a following virtual friend (the engine's own rules and refusals) and sends its first box if due. */
export async function rehearse(
  ctx: AppContext,
  scope: ChannelRequest,
  planId: number,
  userId: string,
): Promise<EngineClock> {
  const { channel } = await bound(ctx, scope, refused);
  const friendId = await consoleFriendOf(ctx, scope, channel, userId);
  await startPlanForFriend(ctx, scope, friendId, planId);
  await runDueSends(ctx);
  return clockOf(ctx);
}

/** The console's friend of a virtual friend of the channel who follows it. */
async function consoleFriendOf(
  ctx: AppContext,
  scope: ChannelRequest,
  channel: SimChannel,
  userId: string,
): Promise<number> {
  const friend = friendOf(channel, userId);
  const friendId = friend.following ? await repo.friendIdOfUser(ctx.database.db, scope, userId) : null;
  if (friendId === null) throw conflict(NOT_FOLLOWING);
  return friendId;
}
