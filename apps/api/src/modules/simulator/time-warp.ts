import {
  CLOCK_NOT_SIMULATED,
  NO_NEXT_SEND,
  NOT_IN_REHEARSAL,
  type ClockAdvance,
  type EngineClock,
  type RehearsalAdvance,
  type RehearsalState,
} from '@linq/contract';
import type { SimChannel } from '@linq/line-simulator';
import type { AppContext } from '../../platform/context.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { ChannelRequest, ChannelScope } from '../../platform/principal.ts';
import { channelFriend } from '../friends/repository.ts';
import * as engineRepo from '../plan-engine/repository.ts';
import { FRIEND_NOUN, startPlanForFriend } from '../plan-engine/enrol.ts';
import { advanceEnrolmentTime, ownNow, type OwnTimeStep } from '../plan-engine/own-time.ts';
import { runDueSends } from '../plan-engine/scheduler.ts';
import * as repo from './repository.ts';
import { bound, friendOf, NOT_FOLLOWING } from './service.ts';

/*
 * The demo's time warp and rehearsal (issues 15, 23). A rehearsal runs a plan for one virtual
 * friend on that enrolment's own time: moving it moves that run only (plan-engine own-time.ts), so
 * nothing reaches anyone else. The engine's clock belongs to the whole process and moves every
 * friend's plans: the demo panel's warp is only allowed where everything it moves is a demo (this
 * console runs the LINE simulator itself and the selected channel is bound to it).
 */

/** What enrols a friend in a rehearsal (an enrolment trigger). */
export const REHEARSAL_TRIGGER = 'rehearsal';

const refused = () => conflict(CLOCK_NOT_SIMULATED);

const clockOf = (ctx: AppContext): EngineClock => ({
  now: ctx.clock.now().toISOString(),
  offset_ms: ctx.clock.offsetMs,
});

export async function clock(ctx: AppContext, scope: ChannelRequest): Promise<EngineClock> {
  await bound(ctx, scope, refused);
  return clockOf(ctx);
}

/**
 * Moves the whole process's clock forward (never back: a due time already passed stays passed) and
 * sends what fell due, to every friend whose plans it reached.
 */
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

/**
 * Starts the plan for a following virtual friend as a rehearsal (the engine's own rules and
 * refusals) and sends its first box if due, to that friend only.
 */
export async function rehearse(
  ctx: AppContext,
  scope: ChannelRequest,
  planId: number,
  userId: string,
): Promise<RehearsalState> {
  const { channel } = await bound(ctx, scope, refused);
  const friendId = await consoleFriendOf(ctx, scope, channel, userId);
  await startPlanForFriend(ctx, scope, friendId, planId, REHEARSAL_TRIGGER);
  const enrolment = await engineRepo.latestEnrolmentByTrigger(
    ctx.database.db,
    scope,
    friendId,
    REHEARSAL_TRIGGER,
    planId,
  );
  if (!enrolment) throw conflict(NOT_IN_REHEARSAL);
  noteMove(ctx, enrolment.id, realNow(ctx), 0);
  await advanceEnrolmentTime(ctx, scope, enrolment.id, { ms: 0 });
  return stateOf(ctx, scope, enrolment.id);
}

/** The virtual friend's latest rehearsal (null: none). */
export async function rehearsalOf(
  ctx: AppContext,
  scope: ChannelRequest,
  userId: string,
): Promise<RehearsalState | null> {
  const { channel } = await bound(ctx, scope, refused);
  friendOf(channel, userId);
  const friendId = await repo.friendIdOfUser(ctx.database.db, scope, userId);
  if (friendId === null) return null;
  const enrolment = await engineRepo.latestEnrolmentByTrigger(ctx.database.db, scope, friendId, REHEARSAL_TRIGGER);
  return enrolment ? stateOf(ctx, scope, enrolment.id) : null;
}

/**
 * Moves the friend's running rehearsal, and only it, forward: by minutes or to its next send. Refused
 * (NOT_IN_REHEARSAL) when the friend runs none: the time of a real enrolment is never moved.
 */
export async function advanceRehearsal(
  ctx: AppContext,
  scope: ChannelRequest,
  userId: string,
  by: RehearsalAdvance,
): Promise<RehearsalState> {
  const { channel } = await bound(ctx, scope, refused);
  friendOf(channel, userId);
  const friendId = await repo.friendIdOfUser(ctx.database.db, scope, userId);
  const enrolment =
    friendId === null
      ? undefined
      : await engineRepo.latestEnrolmentByTrigger(ctx.database.db, scope, friendId, REHEARSAL_TRIGGER);
  if (!enrolment || (enrolment.status !== 'active' && enrolment.status !== 'paused')) throw conflict(NOT_IN_REHEARSAL);
  const step: OwnTimeStep = 'minutes' in by ? { ms: by.minutes * 60_000 } : { toNextSend: true };
  // Noted from before the move: its sends may reach the phone before the call returns.
  const at = realNow(ctx);
  const moved = await advanceEnrolmentTime(ctx, scope, enrolment.id, step);
  noteMove(ctx, enrolment.id, at, moved.offsetMs);
  return stateOf(ctx, scope, enrolment.id);
}

async function stateOf(ctx: AppContext, scope: ChannelScope, enrolmentId: number): Promise<RehearsalState> {
  const enrolment = await engineRepo.enrolment(ctx.database.db, scope, enrolmentId);
  const plan = enrolment && (await engineRepo.plan(ctx.database.db, scope, enrolment.planId));
  if (!enrolment || !plan) throw conflict(NOT_IN_REHEARSAL);
  const nextAt = enrolment.status === 'active' ? enrolment.nextActionAt : null;
  return {
    plan_id: plan.id,
    plan_name: plan.name,
    status: enrolment.status,
    now: ownNow(ctx, enrolment).toISOString(),
    offset_ms: enrolment.clockOffsetMs,
    next_at: nextAt ? new Date(nextAt.getTime() + enrolment.clockOffsetMs).toISOString() : null,
  };
}

/*
 * When each rehearsal's own time moved, on the system clock (the phone's bubbles carry the
 * simulator's real times): a bubble's demo time is its time plus the offset in force when it came.
 * Kept with the simulator's talks, which live in this process too, per app (tests run several).
 */
type Moves = Map<number, { at: number; offsetMs: number }[]>;
const movesOfApp = new WeakMap<AppContext, Moves>();

function movesOf(ctx: AppContext): Moves {
  let moves = movesOfApp.get(ctx);
  if (!moves) {
    moves = new Map();
    movesOfApp.set(ctx, moves);
  }
  return moves;
}
const MOVES_KEPT = 500;

/** The system clock's now (the engine clock less its lead), as the simulator stamps the talk. */
const realNow = (ctx: AppContext) => ctx.clock.now().getTime() - ctx.clock.offsetMs;

function noteMove(ctx: AppContext, enrolmentId: number, at: number, offsetMs: number): void {
  const moves = movesOf(ctx);
  const list = moves.get(enrolmentId) ?? [];
  list.push({ at, offsetMs });
  moves.delete(enrolmentId);
  moves.set(enrolmentId, list);
  if (moves.size > MOVES_KEPT) moves.delete(moves.keys().next().value!);
}

/**
 * The demo time of the friend's talk: for a moment at or after their latest rehearsal began, the
 * moment on that rehearsal's own clock; before it, null (the bubble shows its real time).
 */
export async function demoTimeOf(
  ctx: AppContext,
  scope: ChannelScope,
  userId: string,
): Promise<(at: Date) => Date | null> {
  const friendId = await repo.friendIdOfUser(ctx.database.db, scope, userId);
  const enrolment =
    friendId === null
      ? undefined
      : await engineRepo.latestEnrolmentByTrigger(ctx.database.db, scope, friendId, REHEARSAL_TRIGGER);
  if (!enrolment) return () => null;
  const engineLead = ctx.clock.offsetMs;
  // Not noted in this process (it restarted): from its start, at its current offset.
  const history = movesOf(ctx).get(enrolment.id) ?? [
    { at: enrolment.startedAt.getTime() - engineLead, offsetMs: enrolment.clockOffsetMs },
  ];
  return (at) => {
    let offset: number | null = null;
    for (const move of history) if (move.at <= at.getTime()) offset = move.offsetMs;
    return offset === null ? null : new Date(at.getTime() + engineLead + offset);
  };
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
