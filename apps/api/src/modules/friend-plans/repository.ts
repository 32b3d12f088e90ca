import { aliasedTable, and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { deliveries } from '../delivery/schema.ts';
import { recipientFailureReason, recipientStatus } from '../delivery/repository.ts';
import { planSends, planTaps } from '../plan-engine/schema.ts';
import { planActions, planEnrolments, plans } from '../plans/schema.ts';

/*
 * A friend's enrolments and what the engine did in them (sends, their delivery to this friend,
 * taps), read by channel first: another channel's friend or enrolment finds nothing.
 */

/** The box sent next (a second join of plan_actions beside the current box's). */
const nextAction = aliasedTable(planActions, 'next_action');

const enrolmentColumns = {
  id: planEnrolments.id,
  planId: planEnrolments.planId,
  planName: plans.name,
  planType: plans.planType,
  status: planEnrolments.status,
  trigger: planEnrolments.trigger,
  currentBoxId: planEnrolments.currentBoxId,
  currentMessageType: planActions.messageType,
  nextBoxId: nextAction.boxId,
  nextMessageType: nextAction.messageType,
  nextMessage: nextAction.message,
  nextActionAt: planEnrolments.nextActionAt,
  startedAt: planEnrolments.startedAt,
  endedAt: planEnrolments.endedAt,
  endReason: planEnrolments.endReason,
};

function enrolmentQuery(db: Db, scope: ChannelScope, friendId: number) {
  return db
    .select(enrolmentColumns)
    .from(planEnrolments)
    .innerJoin(plans, eq(plans.id, planEnrolments.planId))
    .leftJoin(planActions, eq(planActions.id, planEnrolments.currentPlanActionId))
    .leftJoin(nextAction, eq(nextAction.id, planEnrolments.nextPlanActionId))
    .where(and(eq(planEnrolments.lineAccountId, scope.lineAccountId), eq(planEnrolments.friendId, friendId)))
    .$dynamic();
}

/** The friend's enrolments, newest first, one page. */
export async function listEnrolments(
  db: Db,
  scope: ChannelScope,
  friendId: number,
  page: { page: number; limit: number },
) {
  const [rows, [total]] = await Promise.all([
    enrolmentQuery(db, scope, friendId)
      .orderBy(desc(planEnrolments.startedAt), desc(planEnrolments.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db
      .select({ n: count() })
      .from(planEnrolments)
      .where(and(eq(planEnrolments.lineAccountId, scope.lineAccountId), eq(planEnrolments.friendId, friendId))),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findEnrolment(db: Db, scope: ChannelScope, friendId: number, enrolmentId: number) {
  const [row] = await enrolmentQuery(db, scope, friendId).where(
    and(
      eq(planEnrolments.lineAccountId, scope.lineAccountId),
      eq(planEnrolments.friendId, friendId),
      eq(planEnrolments.id, enrolmentId),
    ),
  );
  return row;
}

export type EnrolmentRow = Awaited<ReturnType<typeof listEnrolments>>['rows'][number];

/** The enrolment's status and plan, its row locked until the transaction ends (the engine moves it too). */
export async function lockEnrolment(db: Db, scope: ChannelScope, friendId: number, enrolmentId: number) {
  const [row] = await db
    .select({ id: planEnrolments.id, planId: planEnrolments.planId, status: planEnrolments.status })
    .from(planEnrolments)
    .where(
      and(
        eq(planEnrolments.lineAccountId, scope.lineAccountId),
        eq(planEnrolments.friendId, friendId),
        eq(planEnrolments.id, enrolmentId),
      ),
    )
    .for('update');
  return row;
}

/** Ends the enrolment as stopped: nothing more is sent to it. */
export async function stopEnrolment(
  db: Db,
  scope: ChannelScope,
  enrolmentId: number,
  endedAt: Date,
  reason: string,
): Promise<void> {
  await db
    .update(planEnrolments)
    .set({ status: 'stopped', endedAt, endReason: reason, nextActionAt: null, nextPlanActionId: null })
    .where(and(eq(planEnrolments.lineAccountId, scope.lineAccountId), eq(planEnrolments.id, enrolmentId)));
}

export type SendRow = Awaited<ReturnType<typeof sendsOf>>[number];

/** The boxes sent to the enrolments, oldest first, with the box's message and its delivery to the friend. */
export async function sendsOf(db: Db, scope: ChannelScope, enrolmentIds: number[]) {
  if (enrolmentIds.length === 0) return [];
  return db
    .select({
      id: planSends.id,
      enrolmentId: planSends.enrolmentId,
      planActionId: planSends.planActionId,
      boxId: planSends.boxId,
      occurrence: planSends.occurrence,
      status: planSends.status,
      sentAt: planSends.sentAt,
      messageType: planActions.messageType,
      message: planActions.message,
      deliveryStatus: recipientStatus,
      deliveryReason: recipientFailureReason,
    })
    .from(planSends)
    .leftJoin(
      planActions,
      and(eq(planActions.id, planSends.planActionId), eq(planActions.lineAccountId, scope.lineAccountId)),
    )
    .leftJoin(
      deliveries,
      and(eq(deliveries.id, planSends.deliveryId), eq(deliveries.lineAccountId, scope.lineAccountId)),
    )
    .where(and(eq(planSends.lineAccountId, scope.lineAccountId), inArray(planSends.enrolmentId, enrolmentIds)))
    .orderBy(asc(planSends.sentAt), asc(planSends.id));
}

export type TapRow = Awaited<ReturnType<typeof tapsOf>>[number];

/** The friend's taps on the options of boxes sent to the enrolments. */
export async function tapsOf(db: Db, scope: ChannelScope, enrolmentIds: number[]) {
  if (enrolmentIds.length === 0) return [];
  return db
    .select({
      enrolmentId: planTaps.enrolmentId,
      planActionId: planTaps.planActionId,
      actionItemId: planTaps.actionItemId,
      childBoxId: planTaps.childBoxId,
      tappedAt: planTaps.tappedAt,
    })
    .from(planTaps)
    .where(and(eq(planTaps.lineAccountId, scope.lineAccountId), inArray(planTaps.enrolmentId, enrolmentIds)));
}
