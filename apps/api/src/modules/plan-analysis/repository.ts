import { and, asc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { AccountScope, ChannelScope } from '../../platform/principal.ts';
import { deliveries } from '../delivery/schema.ts';
import { friends } from '../friends/schema.ts';
import { planSends, planTaps } from '../plan-engine/schema.ts';
import { planActions, planEnrolments } from '../plans/schema.ts';
import { trackedLinkClicks, trackedLinks } from '../links/schema.ts';
import { accounts } from '../tenants/schema.ts';

/*
 * The figures of plan analysis, each one grouped query over the plan's rows (scoped by channel
 * first): never a query per box, option or friend, so a plan with 100,000 sends answers at once.
 */

/** Days YYYY-MM-DD (both included) in the account's time zone; an absent end is open. */
export interface DayRange {
  from?: string | undefined;
  to?: string | undefined;
  timeZone: string;
}

function within(column: SQLWrapper, range: DayRange): SQL[] {
  return [
    ...(range.from ? [sql`${column} >= (${range.from}::date::timestamp at time zone ${range.timeZone})`] : []),
    ...(range.to ? [sql`${column} < ((${range.to}::date + 1)::timestamp at time zone ${range.timeZone})`] : []),
  ];
}

/** Friends still in a plan: waiting for their next box or a tap, or paused with it. */
const IN_PLAN = ['active', 'paused'] as const;

/** The friend of an enrolment, of the channel. */
const inPlanFriend = (scope: ChannelScope) =>
  and(eq(friends.id, planEnrolments.friendId), eq(friends.lineAccountId, scope.lineAccountId));
/** The friend blocked the channel: in the plan, but nothing reaches them. */
const friendBlocked = sql`${friends.status} = 'blocked'`;

/** Where an enrolment waits: the box due next, else the box whose options it waits to be tapped. */
const waitingAt = sql<
  number | null
>`coalesce(${planEnrolments.nextPlanActionId}, ${planEnrolments.currentPlanActionId})`;

// A send whose recipient LINE refused failed; queued or sent (or not yet handed over) counts as sent.
const recipientFailed = sql`${deliveries.status} = 'failed'`;
const sentCount = sql<number>`(count(*) filter (where ${recipientFailed} is not true))::int`;
const failedCount = sql<number>`(count(*) filter (where ${recipientFailed}))::int`;

/** A send's delivery: its status is the friend's. */
const deliveryOfSend = eq(deliveries.id, planSends.deliveryId);

const sentSends = (scope: ChannelScope, ...conditions: SQL[]) =>
  and(eq(planSends.lineAccountId, scope.lineAccountId), eq(planSends.status, 'sent'), ...conditions);

export interface BoxSendCount {
  planActionId: number | null;
  sent: number;
  failed: number;
}

/** Sends of the plan per box in the range: sent (LINE took or will take them) and failed. */
export async function boxSendCounts(
  db: Db,
  scope: ChannelScope,
  planId: number,
  range: DayRange,
): Promise<BoxSendCount[]> {
  return db
    .select({ planActionId: planSends.planActionId, sent: sentCount, failed: failedCount })
    .from(planSends)
    .leftJoin(deliveries, deliveryOfSend)
    .where(sentSends(scope, eq(planSends.planId, planId), ...within(planSends.sentAt, range)))
    .groupBy(planSends.planActionId);
}

export interface OptionTapCount {
  planActionId: number | null;
  actionItemId: number;
  taps: number;
}

/** Taps of the plan per box and option in the range. */
export async function optionTapCounts(
  db: Db,
  scope: ChannelScope,
  planId: number,
  range: DayRange,
): Promise<OptionTapCount[]> {
  return db
    .select({
      planActionId: planTaps.planActionId,
      actionItemId: planTaps.actionItemId,
      taps: sql<number>`count(*)::int`,
    })
    .from(planTaps)
    .where(
      and(
        eq(planTaps.lineAccountId, scope.lineAccountId),
        eq(planTaps.planId, planId),
        ...within(planTaps.tappedAt, range),
      ),
    )
    .groupBy(planTaps.planActionId, planTaps.actionItemId);
}

export interface LinkClickCount {
  planActionId: number;
  /** Null: the box's total (its friends counted once however many of its links they opened). */
  actionItemId: number | null;
  clicks: number;
  friends: number;
}

/**
 * Openings of the plan's tracked links in the range, per box and link and per box: all openings and
 * the friends who opened. A link knows the box that sent it (tracked_links.plan_action_id).
 */
export async function linkClickCounts(
  db: Db,
  scope: ChannelScope,
  planId: number,
  range: DayRange,
): Promise<LinkClickCount[]> {
  const rows = await db
    .select({
      planActionId: sql<number>`${trackedLinks.planActionId}`,
      actionItemId: sql<
        number | null
      >`case when grouping(${trackedLinkClicks.actionItemId}) = 0 then ${trackedLinkClicks.actionItemId} end`,
      clicks: sql<number>`count(*)::int`,
      friends: sql<number>`count(distinct ${trackedLinkClicks.friendId})::int`,
    })
    .from(trackedLinkClicks)
    .innerJoin(
      trackedLinks,
      and(eq(trackedLinks.token, trackedLinkClicks.token), eq(trackedLinks.lineAccountId, scope.lineAccountId)),
    )
    .innerJoin(
      planActions,
      and(
        eq(planActions.id, trackedLinks.planActionId),
        eq(planActions.lineAccountId, scope.lineAccountId),
        eq(planActions.planId, planId),
      ),
    )
    .where(and(eq(trackedLinkClicks.lineAccountId, scope.lineAccountId), ...within(trackedLinkClicks.clickedAt, range)))
    .groupBy(
      sql`grouping sets ((${trackedLinks.planActionId}, ${trackedLinkClicks.actionItemId}), (${trackedLinks.planActionId}))`,
    );
  return rows.map((row) => ({ ...row, actionItemId: row.actionItemId === null ? null : Number(row.actionItemId) }));
}

/** Friends in the plan now per box they wait at (null: at none). */
export async function waitingCounts(
  db: Db,
  scope: ChannelScope,
  planId: number,
): Promise<{ planActionId: number | null; waiting: number; blocked: number }[]> {
  return db
    .select({
      planActionId: waitingAt,
      waiting: sql<number>`(count(*) filter (where ${friendBlocked} is not true))::int`,
      blocked: sql<number>`(count(*) filter (where ${friendBlocked}))::int`,
    })
    .from(planEnrolments)
    .leftJoin(friends, inPlanFriend(scope))
    .where(
      and(
        eq(planEnrolments.lineAccountId, scope.lineAccountId),
        eq(planEnrolments.planId, planId),
        inArray(planEnrolments.status, IN_PLAN),
      ),
    )
    .groupBy(waitingAt);
}

export interface WaitingFriend {
  enrolmentId: number;
  friendId: number;
  planActionId: number | null;
  nextActionAt: Date | null;
  displayName: string;
  displayNameOverride: string | null;
  pictureUrl: string | null;
  blocked: boolean;
}

/** Friends in the plan now (at one box when `planActionId` is given), those due soonest first. */
export async function waitingFriends(
  db: Db,
  scope: ChannelScope,
  planId: number,
  planActionId: number | undefined,
  limit: number,
): Promise<WaitingFriend[]> {
  return db
    .select({
      enrolmentId: planEnrolments.id,
      friendId: planEnrolments.friendId,
      planActionId: waitingAt,
      nextActionAt: planEnrolments.nextActionAt,
      displayName: friends.displayName,
      displayNameOverride: friends.displayNameOverride,
      pictureUrl: friends.pictureUrl,
      blocked: sql<boolean>`${friendBlocked}`,
    })
    .from(planEnrolments)
    .innerJoin(friends, inPlanFriend(scope))
    .where(
      and(
        eq(planEnrolments.lineAccountId, scope.lineAccountId),
        eq(planEnrolments.planId, planId),
        inArray(planEnrolments.status, IN_PLAN),
        planActionId === undefined ? undefined : sql`${waitingAt} = ${planActionId}`,
      ),
    )
    .orderBy(sql`${planEnrolments.nextActionAt} asc nulls last`, asc(planEnrolments.id))
    .limit(limit);
}

/** What the plans list does not already tell (it counts the friends in each plan and the messages sent). */
export interface PlanHeadline {
  failed: number;
  finished: number;
}

/** Sends LINE refused and friends who finished, of the given plans of the channel (all time), by plan id. */
export async function headlines(db: Db, scope: ChannelScope, planIds: number[]): Promise<Map<number, PlanHeadline>> {
  const figures = new Map<number, PlanHeadline>(planIds.map((id) => [id, { failed: 0, finished: 0 }]));
  if (planIds.length === 0) return figures;
  const [failedRows, finishedRows] = await Promise.all([
    db
      .select({ planId: planSends.planId, failed: sql<number>`count(*)::int` })
      .from(planSends)
      .innerJoin(deliveries, deliveryOfSend)
      .where(sentSends(scope, inArray(planSends.planId, planIds), recipientFailed))
      .groupBy(planSends.planId),
    db
      .select({ planId: planEnrolments.planId, finished: sql<number>`count(*)::int` })
      .from(planEnrolments)
      .where(
        and(
          eq(planEnrolments.lineAccountId, scope.lineAccountId),
          inArray(planEnrolments.planId, planIds),
          eq(planEnrolments.status, 'finished'),
        ),
      )
      .groupBy(planEnrolments.planId),
  ]);
  for (const row of failedRows) figures.get(row.planId)!.failed = row.failed;
  for (const row of finishedRows) figures.get(row.planId)!.finished = row.finished;
  return figures;
}

export async function accountTimeZone(db: Db, { accountId }: AccountScope): Promise<string> {
  const [row] = await db.select({ timeZone: accounts.timeZone }).from(accounts).where(eq(accounts.id, accountId));
  return row?.timeZone ?? 'Asia/Tokyo';
}
