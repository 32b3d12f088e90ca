import { and, asc, eq, lt } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { channelScope } from '../platform/principal.ts';
import { countTopItem } from '../modules/dashboard/registry.ts';
import { friends } from '../modules/friends/schema.ts';
import { inflowAttributions } from '../modules/inflows/schema.ts';
import { addToBucket } from '../modules/metrics/repository.ts';

/*
 * The demo channel's past on the dashboard. The virtual friends all follow on the first start; here
 * they get join dates over the last 90 days (a friend who came through a demo inflow route joined when
 * the route attributed them, the others spread evenly; the blocked ones blocked after the demo broadcast) and
 * the follows and blocks roll-ups move with them, so the chart of every period lives and its sums agree
 * with the friend counts. The routes' friends count for the dashboard's top routes.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const HISTORY_DAYS = 90;

/**
 * Written once: nothing when a friend of the channel joined more than a day before `now` (done, or
 * not the demo's fresh friends). Every move is an addition to a bucket (-1 at the hour the follow was
 * counted, +1 at its new hour), so it holds whether the worker has counted the follows yet or not.
 */
export async function seedDemoDashboardHistory(db: Db, lineAccountId: number, now: Date): Promise<void> {
  const [older] = await db
    .select({ id: friends.id })
    .from(friends)
    .where(and(eq(friends.lineAccountId, lineAccountId), lt(friends.followedAt, new Date(now.getTime() - DAY))))
    .limit(1);
  if (older) return;
  const friendRows = await db
    .select({ id: friends.id, followedAt: friends.followedAt, blockedAt: friends.blockedAt, status: friends.status })
    .from(friends)
    .where(eq(friends.lineAccountId, lineAccountId))
    .orderBy(asc(friends.id));
  const attributions = await db
    .select({
      friendId: inflowAttributions.friendId,
      routeId: inflowAttributions.routeId,
      kind: inflowAttributions.kind,
      at: inflowAttributions.attributedAt,
    })
    .from(inflowAttributions)
    .where(eq(inflowAttributions.lineAccountId, lineAccountId));
  const attributionOf = new Map(attributions.map((row) => [row.friendId, row]));
  const scope = channelScope(lineAccountId);

  let blocked = 0;
  await db.transaction(async (tx) => {
    for (const [i, friend] of friendRows.entries()) {
      if (!friend.followedAt) continue;
      const followedAt =
        attributionOf.get(friend.id)?.at ?? new Date(now.getTime() - ((i * 53) % HISTORY_DAYS) * DAY - (i % 11) * HOUR);
      // The blocks are the demo broadcast's spike (demo-incidents.ts): in this hour and the last.
      const blockedAt =
        friend.status === 'blocked' && friend.blockedAt
          ? new Date(now.getTime() - (blocked++ % 2) * HOUR - 5 * 60_000)
          : friend.blockedAt;
      await tx.update(friends).set({ followedAt, blockedAt }).where(eq(friends.id, friend.id));
      await addToBucket(tx, scope, 'follows', friend.followedAt, -1, 'new');
      await addToBucket(tx, scope, 'follows', followedAt, 1, 'new');
      if (friend.status === 'blocked' && friend.blockedAt && blockedAt) {
        await addToBucket(tx, scope, 'blocks', friend.blockedAt, -1);
        await addToBucket(tx, scope, 'blocks', blockedAt, 1);
      }
    }
    for (const attribution of attributions) {
      if (attribution.routeId !== null && (attribution.kind === 'new' || attribution.kind === 're_add')) {
        await countTopItem(tx, scope, 'inflows', attribution.routeId, attribution.at);
      }
    }
  });
}
