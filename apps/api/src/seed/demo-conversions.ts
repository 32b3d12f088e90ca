import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { channelScope } from '../platform/principal.ts';
import * as conversions from '../modules/conversions/repository.ts';
import { conversionPoints } from '../modules/conversions/schema.ts';
import { newPointCode } from '../modules/conversions/service.ts';
import { friends } from '../modules/friends/schema.ts';
import { inflowOriginOf } from '../modules/inflows/conversion-origin.ts';
import { tags } from '../modules/labels/schema.ts';
import { plans } from '../modules/plans/schema.ts';
import { DEMO_BROADCAST, DEMO_WELCOME_SCENARIO } from './demo-plans.ts';

/*
 * Each demo channel's conversion points (issue 26): a purchase with a value and a tag, and a
 * download counted every time; and, once the demo friends are there (and attributed to the demo
 * inflow routes), their conversions over the last weeks, some through the demo plans' links, with
 * the friend's inflow route as a real hit keeps it, and some anonymous.
 */

export const DEMO_PURCHASE = '購入完了';
export const DEMO_DOWNLOAD = '資料ダウンロード';
/** The tag the purchase puts on (one of DEMO_TAGS). */
const PURCHASE_TAG = 'VIP';
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

export async function seedDemoConversionPoints(db: Db, lineAccountId: number): Promise<void> {
  const scope = channelScope(lineAccountId);
  const [tag] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.lineAccountId, lineAccountId), eq(tags.name, PURCHASE_TAG)));
  await conversions.insertPoint(db, scope, newPointCode(), {
    name: DEMO_PURCHASE,
    folderId: null,
    goalUrl: null,
    countMode: 'once',
    value: 5800,
    score: 20,
    tagIds: tag ? [tag.id] : [],
  });
  await conversions.insertPoint(db, scope, newPointCode(), {
    name: DEMO_DOWNLOAD,
    folderId: null,
    goalUrl: null,
    countMode: 'every',
    value: 0,
    score: 5,
    tagIds: [],
  });
}

/**
 * The demo friends' conversions, in a fixed pattern over the last three weeks. Idempotent: a
 * channel whose points have conversions already is left as it is.
 */
export async function seedDemoConversions(db: Db, lineAccountId: number, now: Date = new Date()): Promise<void> {
  const scope = channelScope(lineAccountId);
  const points = await db
    .select()
    .from(conversionPoints)
    .where(
      and(
        eq(conversionPoints.lineAccountId, lineAccountId),
        inArray(conversionPoints.name, [DEMO_PURCHASE, DEMO_DOWNLOAD]),
      ),
    );
  const purchase = points.find((point) => point.name === DEMO_PURCHASE);
  const download = points.find((point) => point.name === DEMO_DOWNLOAD);
  if (!purchase || !download) return;
  const counted = await conversions.countsOf(db, scope, [purchase.id, download.id], { timeZone: 'UTC' });
  if (counted.size > 0) return;
  const friendRows = await db
    .select({ id: friends.id })
    .from(friends)
    .where(eq(friends.lineAccountId, lineAccountId))
    .orderBy(asc(friends.id));
  const planRows = await db
    .select({ id: plans.id, name: plans.name })
    .from(plans)
    .where(and(eq(plans.lineAccountId, lineAccountId), inArray(plans.name, [DEMO_WELCOME_SCENARIO, DEMO_BROADCAST])));
  const planId = (name: string) => planRows.find((plan) => plan.name === name)?.id ?? null;
  const at = (i: number) => new Date(now.getTime() - ((i * 5) % 21) * DAY - ((i * 7) % 24) * HOUR);
  for (const [i, { id }] of friendRows.entries()) {
    // What a real hit keeps: the friend's inflow route (last touch) and its ad click ids.
    const origin = await inflowOriginOf(db, scope, id);
    const from = {
      inflowRouteId: origin?.inflowRouteId ?? null,
      inflowRouteName: origin?.inflowRouteName ?? null,
      clickIds: origin?.clickIds ?? {},
    };
    if (i % 3 === 0) {
      await conversions.insertConversion(db, scope, {
        pointId: purchase.id,
        friendId: id,
        reachedAt: at(i),
        source: 'link',
        value: purchase.value,
        ...from,
        planId: i % 2 === 0 ? planId(DEMO_BROADCAST) : null,
      });
    }
    if (i % 2 === 1) {
      for (let n = 0; n < 1 + (i % 3); n++) {
        await conversions.insertConversion(db, scope, {
          pointId: download.id,
          friendId: id,
          reachedAt: at(i + n * 4),
          source: 'link',
          value: 0,
          ...from,
          planId: planId(DEMO_WELCOME_SCENARIO),
        });
      }
    }
  }
  // Hits from browsers that named no friend: the pixel on the shop's own site.
  for (let n = 0; n < 4; n++) {
    await conversions.insertConversion(db, scope, {
      pointId: purchase.id,
      friendId: null,
      reachedAt: at(n * 3 + 1),
      source: 'pixel',
      value: purchase.value,
    });
  }
}
