import {
  INFLOW_CLICK_ID_KEYS,
  INFLOW_LOGIN_CALLBACK_PATH,
  INFLOW_UTM_KEYS,
  inflowDonePath,
  type InflowAttributionKind,
  type InflowDoneState,
  type InflowVisitAnswer,
  type inflowPublicApi,
  type inflowVisitInput,
} from '@linq/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { EventTransaction } from '../../platform/events.ts';
import { notFound } from '../../platform/errors.ts';
import { channelScope, type ChannelScope } from '../../platform/principal.ts';
import { newToken } from '../../platform/tokens.ts';
import type { FollowKind } from '../friends/events.ts';
import { applyEffects } from '../plan-engine/enrol.ts';
import type { PlanEffect } from '../plan-engine/registries.ts';
import { hasActions, runsActions, stepVisit } from './attribution.ts';
import { loginChannelOf } from '../line-accounts/service.ts';
import { attributes, loginClient } from './login.ts';
import * as repo from './repository.ts';
import { ROUTE_NOT_FOUND } from './service.ts';

/*
 * The public side of a route: the visit, LINE Login's return, and the follow webhook. The callback
 * and the follow meet on the visit (the LINE user it names), serialised per LINE user, and the
 * state machine (attribution.ts) decides when the friend is attributed: once.
 */

/** How long after a login its follow may come (the visitor adds the channel on LINE's screen, or just after). */
export const FOLLOW_WINDOW_MS = 30 * 60_000;
/** The API's prefix on the console's origin (LINE Login's redirect_uri is an API route). */
const API_PREFIX = '/api';

export const redirectUriOf = (origin: string) => `${origin}${API_PREFIX}${INFLOW_LOGIN_CALLBACK_PATH}`;
/** The channel's add-friend URL (LINE's), by its basic id. */
export const addFriendUrl = (basicId: string) => `https://line.me/R/ti/p/${encodeURIComponent(basicId)}`;

/** A route URL was opened: the visit is recorded, and the visitor is sent to LINE Login or to the add-friend link. */
export async function visit(
  ctx: AppContext,
  input: z.output<typeof inflowVisitInput>,
  userAgent: string | undefined,
  origin: string,
): Promise<InflowVisitAnswer> {
  const db = ctx.database.db;
  const route = await repo.findRouteByCodeUnscoped(db, input.code);
  if (!route) throw notFound(ROUTE_NOT_FOUND);
  const scope = channelScope(route.lineAccountId);
  const login = await loginChannelOf(ctx, scope);
  const params: Record<string, string> = {};
  for (const key of [...INFLOW_UTM_KEYS, ...INFLOW_CLICK_ID_KEYS]) {
    const value = input[key];
    if (value) params[key] = value;
  }
  const recorded = await repo.insertVisit(db, scope, {
    routeId: route.id,
    token: newToken(),
    nonce: newToken(),
    visitedAt: ctx.clock.now(),
    userAgent: userAgent?.slice(0, 1000) ?? null,
    referrer: input.referrer || null,
    params,
  });
  if (attributes(route.useLogin, login)) {
    return {
      mode: 'line_login',
      redirect_url: loginClient(ctx, login).loginAuthorizeUrl({
        channelId: login.channelId,
        redirectUri: redirectUriOf(origin),
        state: recorded.token,
        nonce: recorded.nonce,
        botPrompt: 'aggressive',
      }),
    };
  }
  const channel = await repo.channelLine(db, scope);
  return {
    mode: 'plain',
    redirect_url: channel?.basicId
      ? addFriendUrl(channel.basicId)
      : (route.destinationUrl ?? `${origin}${inflowDonePath('not_added')}`),
  };
}

type CallbackQuery = z.output<(typeof inflowPublicApi)['loginCallback']['query'] & z.ZodType>;

/** Where the visitor goes after LINE Login, and the friend they turned out to be (for the friend cookie). */
export interface CallbackAnswer {
  to: string;
  friend: { lineAccountId: number; friendId: number } | null;
}

/**
 * LINE Login's return: the code is exchanged and the ID token verified (its nonce is the visit's),
 * the visit learns its LINE user, and the friend is attributed when their follow is known. Answers
 * where the visitor goes: the route's destination, or the done page saying how it ended; and the
 * friend once known (already a friend of the channel), so later pages of the console know them.
 */
export async function loginCallback(ctx: AppContext, query: CallbackQuery, origin: string): Promise<CallbackAnswer> {
  const db = ctx.database.db;
  const done = (state: InflowDoneState): CallbackAnswer => ({ to: `${origin}${inflowDonePath(state)}`, friend: null });
  const found = query.state ? await repo.findVisitByTokenUnscoped(db, query.state) : undefined;
  if (!found) return done('failed');
  const scope = channelScope(found.lineAccountId);
  const route = await repo.findRoute(db, scope, found.routeId);
  const destination = (state: InflowDoneState): string =>
    route?.destinationUrl && state !== 'failed' ? route.destinationUrl : done(state).to;
  if (query.error || !query.code) return { to: destination('cancelled'), friend: null };
  const login = await loginChannelOf(ctx, scope);
  if (!route || !login) return done('failed');

  let identity: { userId: string };
  let friendFlag: boolean;
  const changed =
    query.friendship_status_changed === 'true' ? true : query.friendship_status_changed === 'false' ? false : null;
  try {
    const client = loginClient(ctx, login);
    const tokens = await client.exchangeLoginCode({
      channelId: login.channelId,
      channelSecret: login.channelSecret,
      code: query.code,
      redirectUri: redirectUriOf(origin),
    });
    identity = await client.verifyLoginIdToken({
      channelId: login.channelId,
      idToken: tokens.idToken,
      nonce: found.nonce,
    });
    ({ friendFlag } = await client.loginFriendship(tokens.accessToken));
  } catch (error) {
    ctx.log.warn({ err: error, lineAccountId: scope.lineAccountId, routeId: route.id }, 'inflow login callback failed');
    return done('failed');
  }

  const { phase, friendId } = await ctx.events.transaction(db, async (on) => {
    await repo.lockLineUser(on.tx, scope, identity.userId);
    const current = await repo.findVisitForUpdate(on.tx, scope, found.id);
    const friend = await repo.friendByLineUser(on.tx, scope, identity.userId);
    const known = { friendId: friend?.id ?? null };
    if (!current) return { phase: 'visited' as const, ...known };
    // A second callback of the visit (a reload) changes nothing.
    if (current.phase !== 'visited') return { phase: current.phase, ...known };
    const pending = friend ? await repo.untakenFollow(on.tx, scope, friend.id, current.visitedAt) : undefined;
    const step = stepVisit(current.phase, {
      type: 'login',
      friendshipStatusChanged: changed,
      friendFlag,
      follow: pending?.kind ?? null,
      following: friend?.status === 'following',
    });
    const now = ctx.clock.now();
    await repo.updateVisit(on.tx, scope, current.id, {
      lineUserId: identity.userId,
      loggedInAt: now,
      friendshipStatusChanged: changed,
      friendFlag,
      phase: step.phase,
    });
    if (step.attribute && friend) {
      if (pending) await repo.takeFollow(on.tx, scope, pending.id, now);
      await attribute(ctx, on, scope, current.routeId, current.id, friend.id, step.attribute);
    }
    return { phase: step.phase, ...known };
  });
  return {
    to: destination(phase === 'logged_in' ? 'not_added' : phase === 'visited' ? 'failed' : 'added'),
    friend: friendId === null ? null : { lineAccountId: scope.lineAccountId, friendId },
  };
}

/**
 * A follow (friends/lifecycle.ts, in the webhook's transaction): it completes the LINE user's
 * logged-in visit, or waits for the callback that is still to come.
 */
export async function followed(
  ctx: AppContext,
  on: EventTransaction,
  event: { lineAccountId: number; friendId: number; kind: FollowKind; webhookEventId: number },
): Promise<void> {
  const scope = channelScope(event.lineAccountId);
  if (!(await repo.hasRoutes(on.tx, scope))) return;
  const friend = await repo.friendById(on.tx, scope, event.friendId);
  if (!friend) return;
  await repo.lockLineUser(on.tx, scope, friend.lineUserId);
  const now = ctx.clock.now();
  const open = await repo.openVisitOf(on.tx, scope, friend.lineUserId, new Date(now.getTime() - FOLLOW_WINDOW_MS));
  const step = open ? stepVisit(open.phase, { type: 'follow', kind: event.kind }) : null;
  if (!open || !step?.attribute) {
    await repo.insertPendingFollow(on.tx, scope, {
      friendId: friend.id,
      webhookEventId: event.webhookEventId,
      kind: event.kind,
      occurredAt: now,
    });
    return;
  }
  await repo.updateVisit(on.tx, scope, open.id, { phase: step.phase });
  await attribute(ctx, on, scope, open.routeId, open.id, friend.id, step.attribute);
}

/** The route's actions as the plan engine's effects. */
function effectsOf(actions: repo.RouteRow['actions']): PlanEffect[] {
  return [
    ...(actions.tag_ids.length > 0 ? [{ kind: 'tags', refIds: actions.tag_ids }] : []),
    ...(actions.mark_ids.length > 0 ? [{ kind: 'marks', refIds: actions.mark_ids }] : []),
    ...(actions.plan_id !== null ? [{ kind: 'start_plan', refIds: [actions.plan_id] }] : []),
    ...(actions.rich_menu_id !== null ? [{ kind: 'rich_menu', refIds: [actions.rich_menu_id] }] : []),
  ];
}

/**
 * Attributes the friend to the route of the visit: first touch when it is their first, the route's
 * actions in force kept, and run (through the plan engine's effects) unless "first add only" ran
 * them before; then `inflow.attributed`. A route deleted meanwhile attributes nothing.
 */
async function attribute(
  ctx: AppContext,
  on: EventTransaction,
  scope: ChannelScope,
  routeId: number,
  visitId: number,
  friendId: number,
  kind: InflowAttributionKind,
): Promise<void> {
  const route = await repo.findRoute(on.tx, scope, routeId);
  if (!route) return;
  const firstTouch = !(await repo.hasAttribution(on.tx, scope, friendId));
  const addedBefore = await repo.addedThroughRoute(on.tx, scope, friendId, routeId);
  const run = hasActions(route.actions) && runsActions(route.actions, kind, addedBefore);
  const row = await repo.insertAttribution(on.tx, scope, {
    friendId,
    routeId,
    visitId,
    kind,
    firstTouch,
    actions: route.actions,
    actionsApplied: run,
    attributedAt: ctx.clock.now(),
  });
  if (run) await applyEffects(ctx, on, scope, [friendId], effectsOf(route.actions));
  await on.publish('inflow.attributed', {
    lineAccountId: scope.lineAccountId,
    friendId,
    routeId,
    attributionId: row.id,
    kind,
  });
}
