import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { exactTime, olderThan } from '../../platform/sql.ts';
import { deliveries } from '../delivery/schema.ts';
import { recipientFailureReason, recipientStatus } from '../delivery/repository.ts';
import { planActions, plans } from '../plans/schema.ts';
import { planSends } from './schema.ts';

/*
 * What the friend's talk reads of the engine's rows: the boxes it sent them, each with the delivery
 * that carried it, at the time it was recorded. Scoped by the channel; the page is a range of
 * plan_sends_friend_idx (friend_id, recorded_at, id).
 */

export interface FriendSendRow {
  id: number;
  at: string;
  planName: string | null;
  planType: 'broadcast' | 'scenario' | 'auto_reply' | null;
  /** The box as it is now (null once removed). */
  boxMessage: (typeof planActions.$inferSelect)['message'] | null;
  deliveryId: number | null;
  /** The LINE messages of the delivery, as sent; this box's is at `position`. */
  deliveredMessages: Record<string, unknown>[] | null;
  position: number;
  deliveryStatus: 'queued' | 'sent' | 'failed' | null;
  failureReason: string | null;
  waitReason: (typeof deliveries.$inferSelect)['waitReason'] | null;
  nextAttemptAt: Date | null;
}

/**
 * The boxes sent to the friend before `before` (or the newest), newest first. A chain of boxes due
 * together goes in one delivery, one message per box in the order of their sends: a send's message
 * is the one after those of the friend's earlier sends in the same delivery (recorded in the same
 * statement, so at the same recorded time: a lookup in the same index).
 */
export async function friendSends(
  db: Db,
  { lineAccountId }: ChannelScope,
  friendId: number,
  before: { at: string; id: number } | null,
  limit: number,
): Promise<FriendSendRow[]> {
  const position = sql<number>`(
    select count(*) from ${planSends} as e
    where e.friend_id = ${planSends.friendId} and e.recorded_at = ${planSends.recordedAt}
      and e.delivery_id = ${planSends.deliveryId} and e.id < ${planSends.id}
  )::int`;
  const rows = await db
    .select({
      id: planSends.id,
      at: exactTime(planSends.recordedAt),
      planName: plans.name,
      planType: plans.planType,
      boxMessage: planActions.message,
      deliveryId: planSends.deliveryId,
      deliveredMessages: deliveries.messages,
      position,
      deliveryStatus: recipientStatus,
      failureReason: recipientFailureReason,
      waitReason: deliveries.waitReason,
      nextAttemptAt: deliveries.nextAttemptAt,
    })
    .from(planSends)
    .leftJoin(plans, and(eq(plans.id, planSends.planId), eq(plans.lineAccountId, lineAccountId)))
    .leftJoin(
      planActions,
      and(eq(planActions.id, planSends.planActionId), eq(planActions.lineAccountId, lineAccountId)),
    )
    .leftJoin(deliveries, and(eq(deliveries.id, planSends.deliveryId), eq(deliveries.lineAccountId, lineAccountId)))
    .where(
      and(
        eq(planSends.friendId, friendId),
        eq(planSends.lineAccountId, lineAccountId),
        eq(planSends.status, 'sent'),
        before ? olderThan(planSends.recordedAt, planSends.id, before) : undefined,
      ),
    )
    .orderBy(desc(planSends.recordedAt), desc(planSends.id))
    .limit(limit);
  return rows;
}

/** The messages of the option boxes last sent to the friend, newest first: where a tapped option is looked up. */
export async function sentOptionMessages(db: Db, { lineAccountId }: ChannelScope, friendId: number) {
  const rows = await db
    .select({ message: planActions.message })
    .from(planSends)
    .innerJoin(
      planActions,
      and(eq(planActions.id, planSends.planActionId), eq(planActions.lineAccountId, lineAccountId)),
    )
    .where(
      and(
        eq(planSends.lineAccountId, lineAccountId),
        eq(planSends.friendId, friendId),
        inArray(planActions.messageType, ['confirm', 'quick_reply', 'carousel', 'image_carousel']),
        isNotNull(planSends.planActionId),
      ),
    )
    .orderBy(desc(planSends.recordedAt), desc(planSends.id))
    .limit(100);
  return rows.map((row) => row.message);
}
