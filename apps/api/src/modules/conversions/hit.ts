import type { ConversionHit } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { EventTransaction } from '../../platform/events.ts';
import { notFound } from '../../platform/errors.ts';
import { channelScope, type ChannelScope } from '../../platform/principal.ts';
import { lastOpenedItem, linkOwner } from '../links/service.ts';
import { PLAN_EFFECTS } from '../plan-engine/registries.ts';
import { CONVERSION_ORIGINS, type ConversionOrigin } from './origins.ts';
import * as repo from './repository.ts';
import { POINT_NOUN } from './service.ts';

/*
 * A hit at a point's public page or pixel. The friend is the one the tracked link token (`via`)
 * names, else the one the friend cookie names (links/friend-cookie.ts), else nobody: an anonymous
 * hit, kept and counted apart. A friend's hit is counted once per point unless the point counts
 * every hit; their first conversion at the point adds its score and tags.
 */

export interface HitInput {
  code: string;
  source: 'link' | 'pixel';
  /** The tracked link token the page was opened with. */
  via: string | undefined;
  /** The friend the cookie names in a channel, read only once the point's channel is known. */
  cookieFriend(lineAccountId: number): number | null;
}

async function originOf(ctx: AppContext, on: EventTransaction, scope: ChannelScope, friendId: number) {
  for (const source of ctx.registries.all(CONVERSION_ORIGINS)) {
    const origin: ConversionOrigin | null = await source.originOf(on.tx, scope, friendId);
    if (origin) return origin;
  }
  return null;
}

/** Which friend and tracked link item the hit names in the point's channel. */
async function whoHit(on: EventTransaction, point: repo.PointRow, input: HitInput) {
  const scope = channelScope(point.lineAccountId);
  const link = input.via === undefined ? undefined : await linkOwner(on.tx, input.via);
  if (link && link.lineAccountId === point.lineAccountId) {
    return { friendId: link.friendId, actionItemId: link.actionItemId };
  }
  const friendId = input.cookieFriend(point.lineAccountId);
  if (friendId === null || !(await repo.isFriend(on.tx, scope, friendId))) return null;
  return { friendId, actionItemId: await lastOpenedItem(on.tx, scope, friendId) };
}

async function applyEffects(
  ctx: AppContext,
  on: EventTransaction,
  scope: ChannelScope,
  point: repo.PointRow,
  friendId: number,
) {
  const effects = ctx.registries.all(PLAN_EFFECTS);
  const run = async (kind: string, refIds: number[]) => {
    if (refIds.length > 0)
      await effects.find((effect) => effect.kind === kind)?.apply(ctx, on, scope, [friendId], refIds);
  };
  await run('score', point.score === 0 ? [] : [point.score]);
  await run('tags', point.tagIds);
}

/**
 * Records the hit; answers where the visitor goes on (the point's goal, or null for the thank-you
 * page). An unknown code is a 404; a friend already counted at a once-per-friend point is not
 * counted again, and the visitor goes on all the same.
 */
export async function recordHit(ctx: AppContext, input: HitInput): Promise<ConversionHit> {
  const point = await ctx.events.transaction(ctx.database.db, async (on) => {
    const found = await repo.lockPointByCodeUnscoped(on.tx, input.code);
    if (!found) return undefined;
    const scope = channelScope(found.lineAccountId);
    const who = await whoHit(on, found, input);
    const before = who ? await repo.hasConverted(on.tx, scope, found.id, who.friendId) : false;
    if (before && found.countMode === 'once') return found;
    const origin = who ? await originOf(ctx, on, scope, who.friendId) : null;
    const planId = who?.actionItemId ? await repo.planOfItem(on.tx, scope, who.actionItemId) : null;
    const conversionId = await repo.insertConversion(on.tx, scope, {
      pointId: found.id,
      friendId: who?.friendId ?? null,
      reachedAt: ctx.clock.now(),
      source: input.source,
      value: found.value,
      inflowRouteId: origin?.inflowRouteId ?? null,
      inflowRouteName: origin?.inflowRouteName ?? null,
      clickIds: origin?.clickIds ?? {},
      actionItemId: who?.actionItemId ?? null,
      planId,
    });
    if (who && !before) await applyEffects(ctx, on, scope, found, who.friendId);
    await on.publish('conversion.reached', {
      lineAccountId: found.lineAccountId,
      conversionId,
      pointId: found.id,
      friendId: who?.friendId ?? null,
    });
    return found;
  });
  if (!point) throw notFound(POINT_NOUN);
  return { url: point.goalUrl, point_name: point.name };
}
