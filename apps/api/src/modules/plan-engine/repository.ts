import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { EnrolmentTrigger, NightWindow } from '@linq/contract';
import { analyze, rowsOf, type Db } from '../../platform/db.ts';
import { channelScope, type AccountScope, type ChannelScope } from '../../platform/principal.ts';
import { deliveries } from '../delivery/schema.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { channelPlanSettings, planActions, planEnrolments, plans } from '../plans/schema.ts';
import { accounts } from '../tenants/schema.ts';
import { webhookEvents } from '../webhooks/schema.ts';
import { planSends, planTaps } from './schema.ts';

/*
 * The engine's rows: enrolments (where each friend is in a plan and when the next send is due),
 * sends and taps. Due enrolments are claimed across channels (the scheduler's claim is the one
 * unscoped read); every write after it is scoped by the channel of the claimed row.
 */

export type EnrolmentRow = typeof planEnrolments.$inferSelect;
const RUNNING = ['active', 'paused'] as const;

/** The channel's account time zone and "no sends at night" window. */
export async function sendSettings(
  db: Db,
  scope: ChannelScope,
): Promise<{ timeZone: string; nightWindow: NightWindow | null }> {
  const [row] = await db
    .select({
      timeZone: accounts.timeZone,
      nightStart: channelPlanSettings.nightStart,
      nightEnd: channelPlanSettings.nightEnd,
    })
    .from(lineAccounts)
    .innerJoin(accounts, eq(accounts.id, lineAccounts.accountId))
    .leftJoin(channelPlanSettings, eq(channelPlanSettings.lineAccountId, lineAccounts.id))
    .where(eq(lineAccounts.id, scope.lineAccountId));
  const nightWindow = row?.nightStart && row.nightEnd ? { start: row.nightStart, end: row.nightEnd } : null;
  return { timeZone: row?.timeZone ?? 'Asia/Tokyo', nightWindow };
}

// --- plans as the engine reads them ---

export type EnginePlanRow = typeof plans.$inferSelect;

/**
 * The plans of claimed enrolments, share-locked until the claim's transaction ends: a save of one
 * of them (which locks its row for update) waits for the batch, and the batch sees saved plans
 * whole. Unscoped: the ids come from claimed rows, each of which names its channel.
 */
export async function lockPlansUnscoped(db: Db, planIds: number[]): Promise<EnginePlanRow[]> {
  if (planIds.length === 0) return [];
  return db.select().from(plans).where(inArray(plans.id, planIds)).for('share');
}

export async function plan(db: Db, scope: ChannelScope, planId: number): Promise<EnginePlanRow | undefined> {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.lineAccountId, scope.lineAccountId), eq(plans.id, planId)));
  return row;
}

export async function activeAutoReplies(db: Db, scope: ChannelScope): Promise<EnginePlanRow[]> {
  return db
    .select()
    .from(plans)
    .where(
      and(eq(plans.lineAccountId, scope.lineAccountId), eq(plans.isActive, true), eq(plans.planType, 'auto_reply')),
    )
    .orderBy(asc(plans.id));
}

/**
 * Active broadcasts whose time has come and that have not started, locked so that one scheduler
 * starts each; the start mark is set in the same transaction. Unscoped: the scheduler serves every channel.
 */
export async function dueBroadcastsUnscoped(db: Db, now: Date, limit: number): Promise<EnginePlanRow[]> {
  return db
    .select()
    .from(plans)
    .where(
      and(
        eq(plans.planType, 'broadcast'),
        eq(plans.isActive, true),
        isNull(plans.broadcastStartedAt),
        or(isNull(plans.sendAt), lte(plans.sendAt, now)),
      ),
    )
    .orderBy(asc(plans.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markBroadcastStarted(db: Db, scope: ChannelScope, planId: number, at: Date): Promise<void> {
  await db
    .update(plans)
    .set({ broadcastStartedAt: at })
    .where(and(eq(plans.lineAccountId, scope.lineAccountId), eq(plans.id, planId)));
}

// --- enrolments ---

export interface NewEnrolment {
  planId: number;
  friendId: number;
  trigger: EnrolmentTrigger;
  status: 'active' | 'paused';
  nextPlanActionId: number;
  arrivedAt: Date;
  nextActionAt: Date;
  startedAt: Date;
  replyToken?: string | null;
  replyTokenUntil?: Date | null;
}

/** Enrols a friend; null when a running enrolment of the friend in the plan exists (its unique key). */
export async function insertEnrolment(db: Db, scope: ChannelScope, values: NewEnrolment): Promise<number | null> {
  const [row] = await db
    .insert(planEnrolments)
    .values({
      ...values,
      lineAccountId: scope.lineAccountId,
      pausedAt: values.status === 'paused' ? values.startedAt : null,
    })
    .onConflictDoNothing()
    .returning({ id: planEnrolments.id });
  return row?.id ?? null;
}

/**
 * Enrols friends of the broadcast's target (one batch of its recipients, read by the audience
 * module); a friend enrolled already is left as is.
 */
export async function enrolTargetFriends(
  db: Db,
  scope: ChannelScope,
  values: { planId: number; friendIds: number[]; nextPlanActionId: number; at: Date; dueAt: Date },
): Promise<void> {
  if (values.friendIds.length === 0) return;
  // The ids as one text parameter: a batch holds more of them than a statement has parameters.
  await db.execute(sql`
    insert into ${planEnrolments}
      (line_account_id, plan_id, friend_id, status, trigger, next_plan_action_id, next_occurrence, arrived_at,
       next_action_at, started_at)
    select ${scope.lineAccountId}, ${values.planId}, recipient.id, 'active', 'broadcast', ${values.nextPlanActionId}, 1,
           ${values.at.toISOString()}::timestamptz, ${values.dueAt.toISOString()}::timestamptz,
           ${values.at.toISOString()}::timestamptz
    from unnest(string_to_array(${values.friendIds.join(',')}, ',')::int[]) as recipient(id)
    on conflict do nothing`);
}

/** How many friends a broadcast enrolled. */
export async function broadcastEnrolled(db: Db, scope: ChannelScope, planId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(planEnrolments)
    .where(
      and(
        eq(planEnrolments.lineAccountId, scope.lineAccountId),
        eq(planEnrolments.planId, planId),
        eq(planEnrolments.trigger, 'broadcast'),
      ),
    );
  return row?.n ?? 0;
}

/** Whether the friend was ever enrolled in the plan, and whether an enrolment of it is running. */
export async function enrolmentsOf(
  db: Db,
  scope: ChannelScope,
  planId: number,
  friendId: number,
): Promise<{ any: boolean; running: EnrolmentRow | undefined }> {
  const rows = await db
    .select()
    .from(planEnrolments)
    .where(
      and(
        eq(planEnrolments.lineAccountId, scope.lineAccountId),
        eq(planEnrolments.planId, planId),
        eq(planEnrolments.friendId, friendId),
      ),
    )
    .orderBy(desc(planEnrolments.id))
    .limit(5);
  return { any: rows.length > 0, running: rows.find((row) => (RUNNING as readonly string[]).includes(row.status)) };
}

export async function endEnrolment(
  db: Db,
  scope: ChannelScope,
  id: number,
  end: { status: 'finished' | 'stopped'; at: Date; reason: string | null },
): Promise<boolean> {
  const rows = await db
    .update(planEnrolments)
    .set({ status: end.status, endedAt: end.at, endReason: end.reason, nextActionAt: null, nextPlanActionId: null })
    .where(
      and(
        eq(planEnrolments.lineAccountId, scope.lineAccountId),
        eq(planEnrolments.id, id),
        inArray(planEnrolments.status, RUNNING),
      ),
    )
    .returning({ id: planEnrolments.id });
  return rows.length > 0;
}

export interface DueEnrolment {
  id: number;
  lineAccountId: number;
  planId: number;
  friendId: number;
  nextPlanActionId: number | null;
  nextOccurrence: number;
  arrivedAt: Date | null;
  nextActionAt: Date;
  replyToken: string | null;
  replyTokenUntil: Date | null;
  /** Its own time's lead on the engine clock (a rehearsal): its steps are decided at now + this. */
  clockOffsetMs: number;
  /** Whether its due send (its next box and occurrence: the send's unique key) is recorded already. */
  recordedBefore: boolean;
}

/**
 * The claimed enrolments (`locked`, a subquery that locks them) as the scheduler reads them: their
 * times as epoch milliseconds (a number on both drivers, where a timestamp is text to parse on
 * node-postgres), and whether each one's due send is recorded already, probed on the send's unique
 * key in the same statement (a batch's keys sent back for a second statement cost more to build and
 * send than the probe). Probed outside the locking subquery, so only for the rows it claimed, not
 * for those it skipped as locked.
 */
const claimed = (locked: SQL) => sql`
  select c.id, c.line_account_id, c.plan_id, c.friend_id, c.next_plan_action_id, c.next_occurrence,
         (extract(epoch from c.arrived_at) * 1000)::float8 as arrived_at_ms,
         (extract(epoch from c.next_action_at) * 1000)::float8 as next_action_at_ms,
         c.reply_token, (extract(epoch from c.reply_token_until) * 1000)::float8 as reply_token_until_ms,
         c.clock_offset_ms::float8 as clock_offset_ms,
         exists (
           select 1 from ${planSends} as s
           where s.enrolment_id = c.id and s.plan_action_id = c.next_plan_action_id and s.occurrence = c.next_occurrence
             and s.line_account_id = c.line_account_id
         ) as recorded_before
  from (${locked}) as c`;

const DUE_COLUMNS = sql.raw(
  'id, line_account_id, plan_id, friend_id, next_plan_action_id, next_occurrence, arrived_at, next_action_at, ' +
    'reply_token, reply_token_until, clock_offset_ms',
);

/**
 * Claims due enrolments for sending until the transaction ends (FOR UPDATE SKIP LOCKED: several
 * schedulers each take their own), the longest due first. Unscoped: the scheduler serves every
 * channel; each row names its channel.
 *
 * The limit is a subquery: a planner that does not know it plans for a tenth of the due rows, and
 * takes the plan that starts at once (the due index read in order, stopping after `limit` rows)
 * whatever the statistics believe. Told the limit, a planner believing fewer due rows than it (its
 * statistics taken before a burst was enrolled, or none yet) reads every due row into a bitmap and
 * sorts them, for every batch of the burst.
 */
export async function claimDueEnrolmentsUnscoped(db: Db, now: Date, limit: number): Promise<DueEnrolment[]> {
  const result = await db.execute(dueEnrolmentsClaim(now, limit));
  return rowsOf<DueEnrolmentRow>(result).map(dueEnrolmentOf);
}

/** The claim's statement (the benchmark explains it). */
export function dueEnrolmentsClaim(now: Date, limit: number): SQL {
  return claimed(sql`
    select ${DUE_COLUMNS}
    from ${planEnrolments}
    where status = 'active' and next_action_at <= ${now.toISOString()}::timestamptz
    order by next_action_at
    limit (select ${limit}::int)
    for update skip locked`);
}

/** The enrolment when it is due now, locked for sending (one friend's run moved on its own time). */
export async function claimDueEnrolment(
  db: Db,
  scope: ChannelScope,
  id: number,
  now: Date,
): Promise<DueEnrolment | undefined> {
  const result = await db.execute(
    claimed(sql`
      select ${DUE_COLUMNS}
      from ${planEnrolments}
      where line_account_id = ${scope.lineAccountId} and id = ${id}
        and status = 'active' and next_action_at <= ${now.toISOString()}::timestamptz
      for update`),
  );
  return rowsOf<DueEnrolmentRow>(result).map(dueEnrolmentOf)[0];
}

function dueEnrolmentOf(row: DueEnrolmentRow): DueEnrolment {
  return {
    id: row.id,
    lineAccountId: row.line_account_id,
    planId: row.plan_id,
    friendId: row.friend_id,
    nextPlanActionId: row.next_plan_action_id,
    nextOccurrence: row.next_occurrence,
    arrivedAt: dateOrNull(row.arrived_at_ms),
    nextActionAt: new Date(row.next_action_at_ms),
    replyToken: row.reply_token,
    replyTokenUntil: dateOrNull(row.reply_token_until_ms),
    clockOffsetMs: row.clock_offset_ms,
    recordedBefore: row.recorded_before,
  };
}
/** A due enrolment as the claims answer it. */
interface DueEnrolmentRow {
  id: number;
  line_account_id: number;
  plan_id: number;
  friend_id: number;
  next_plan_action_id: number | null;
  next_occurrence: number;
  arrived_at_ms: number | null;
  next_action_at_ms: number;
  reply_token: string | null;
  reply_token_until_ms: number | null;
  clock_offset_ms: number;
  recorded_before: boolean;
}
const dateOrNull = (ms: number | null) => (ms === null ? null : new Date(ms));

/** An enrolment's state after a step, as written back for a whole batch in one statement. */
export interface EnrolmentAdvance {
  id: number;
  status: 'active' | 'paused' | 'finished';
  currentBoxId: string | null;
  currentPlanActionId: number | null;
  nextPlanActionId: number | null;
  nextOccurrence: number;
  arrivedAt: Date | null;
  nextActionAt: Date | null;
  endedAt: Date | null;
}

/** Writes the batch's advances (scoped: every id must be of the channel). */
export async function advanceEnrolments(db: Db, scope: ChannelScope, advances: EnrolmentAdvance[]): Promise<void> {
  if (advances.length === 0) return;
  const column = <T>(pick: (a: EnrolmentAdvance) => T) => sql.param(advances.map(pick));
  const iso = (date: Date | null) => (date === null ? null : date.toISOString());
  const statement = sql`
    update ${planEnrolments} as e set
      status = v.status,
      current_box_id = coalesce(v.current_box_id, e.current_box_id),
      current_plan_action_id = coalesce(v.current_plan_action_id, e.current_plan_action_id),
      next_plan_action_id = v.next_plan_action_id,
      next_occurrence = v.next_occurrence,
      arrived_at = v.arrived_at,
      next_action_at = v.next_action_at,
      ended_at = v.ended_at,
      end_reason = null,
      reply_token = null,
      reply_token_until = null
    from unnest(
      ${column((a) => a.id)}::int[], ${column((a) => a.status)}::text[], ${column((a) => a.currentBoxId)}::text[],
      ${column((a) => a.currentPlanActionId)}::int[], ${column((a) => a.nextPlanActionId)}::int[],
      ${column((a) => a.nextOccurrence)}::int[], ${column((a) => iso(a.arrivedAt))}::timestamptz[],
      ${column((a) => iso(a.nextActionAt))}::timestamptz[], ${column((a) => iso(a.endedAt))}::timestamptz[]
    ) as v(id, status, current_box_id, current_plan_action_id, next_plan_action_id, next_occurrence, arrived_at,
           next_action_at, ended_at)
    where e.id = v.id and e.id = any(${column((a) => a.id)}::int[]) and e.line_account_id = ${scope.lineAccountId}`;
  await db.execute(statement);
}

/** Ends the running enrolments that wait at (or are due to be sent) one of the boxes; answers how many. */
export async function endEnrolmentsAtBoxes(
  db: Db,
  scope: ChannelScope,
  planId: number,
  planActionIds: number[],
  end: { at: Date; reason: string },
): Promise<number> {
  const rows = await db
    .update(planEnrolments)
    .set({ status: 'stopped', endedAt: end.at, endReason: end.reason, nextActionAt: null, nextPlanActionId: null })
    .where(
      and(
        eq(planEnrolments.lineAccountId, scope.lineAccountId),
        eq(planEnrolments.planId, planId),
        inArray(planEnrolments.status, RUNNING),
        or(
          inArray(planEnrolments.nextPlanActionId, planActionIds),
          and(isNull(planEnrolments.nextPlanActionId), inArray(planEnrolments.currentPlanActionId, planActionIds)),
        ),
      ),
    )
    .returning({ id: planEnrolments.id });
  return rows.length;
}

/** Running enrolments whose next send is one of the boxes (active or paused), locked for the change. */
export async function waitingFor(db: Db, scope: ChannelScope, planId: number, planActionIds: number[]) {
  if (planActionIds.length === 0) return [];
  return db
    .select()
    .from(planEnrolments)
    .where(
      and(
        eq(planEnrolments.lineAccountId, scope.lineAccountId),
        eq(planEnrolments.planId, planId),
        inArray(planEnrolments.status, RUNNING),
        inArray(planEnrolments.nextPlanActionId, planActionIds),
      ),
    )
    .for('update');
}

/** Active enrolments of the plan whose next send fell due by `now` (sends missed while it was paused), locked. */
export async function overdue(db: Db, scope: ChannelScope, planId: number, now: Date) {
  return db
    .select()
    .from(planEnrolments)
    .where(
      and(
        eq(planEnrolments.lineAccountId, scope.lineAccountId),
        eq(planEnrolments.planId, planId),
        eq(planEnrolments.status, 'active'),
        isNotNull(planEnrolments.nextPlanActionId),
        lte(planEnrolments.nextActionAt, now),
      ),
    )
    .for('update');
}

/** New due times for waiting enrolments, in one statement. */
export async function reschedule(db: Db, scope: ChannelScope, due: { id: number; at: Date }[]): Promise<void> {
  if (due.length === 0) return;
  const statement = sql`
    update ${planEnrolments} as e set next_action_at = v.at
    from unnest(${sql.param(due.map((d) => d.id))}::int[], ${sql.param(due.map((d) => d.at.toISOString()))}::timestamptz[])
      as v(id, at)
    where e.id = v.id and e.id = any(${sql.param(due.map((d) => d.id))}::int[])
      and e.line_account_id = ${scope.lineAccountId}`;
  await db.execute(statement);
}

// --- sends ---

export interface NewSend {
  planId: number;
  enrolmentId: number;
  friendId: number;
  planActionId: number;
  boxId: string;
  occurrence: number;
  dueAt: Date;
  status: 'sent' | 'skipped';
  /** The delivery that carries it (none: skipped, not a message, or a reply noted once sent). */
  deliveryId?: number | null;
}

/** A send's unique key: the enrolment's box and its occurrence. */
export interface SendKey {
  enrolmentId: number;
  planActionId: number;
  occurrence: number;
}

/**
 * Records the sends before anything goes to LINE, with the deliveries that carry them. A send
 * recorded before (the same enrolment, box and occurrence: its unique key) is not written again
 * when `recordedBefore` is 'skip'; with 'fail' (the caller probed the keys and holds the
 * enrolments) it fails the statement, which costs PostgreSQL less per row than an upsert. One
 * statement over arrays: a batch's thousands of rows as a multi-row VALUES cost more to build.
 */
export async function recordSends(
  db: Db,
  scope: ChannelScope,
  sends: NewSend[],
  at: Date,
  recordedBefore: 'skip' | 'fail',
): Promise<void> {
  if (sends.length === 0) return;
  const column = <T>(pick: (s: NewSend) => T) => sql.param(sends.map(pick));
  await db.execute(sql`
    insert into ${planSends}
      (line_account_id, plan_id, enrolment_id, friend_id, plan_action_id, box_id, occurrence, status, due_at,
       delivery_id, sent_at)
    select ${scope.lineAccountId}, v.plan_id, v.enrolment_id, v.friend_id, v.plan_action_id, v.box_id, v.occurrence,
           v.status, v.due_at, v.delivery_id, ${at.toISOString()}::timestamptz
    from unnest(
      ${column((s) => s.planId)}::int[], ${column((s) => s.enrolmentId)}::int[], ${column((s) => s.friendId)}::int[],
      ${column((s) => s.planActionId)}::int[], ${column((s) => s.boxId)}::text[], ${column((s) => s.occurrence)}::int[],
      ${column((s) => s.status)}::text[], ${column((s) => s.dueAt.toISOString())}::timestamptz[],
      ${column((s) => s.deliveryId ?? null)}::bigint[]
    ) as v(plan_id, enrolment_id, friend_id, plan_action_id, box_id, occurrence, status, due_at, delivery_id)
    ${recordedBefore === 'skip' ? sql`on conflict do nothing` : sql``}`);
}

/** Notes the delivery of a send recorded without one (a reply that LINE refused and that went as a push). */
export async function setSendDelivery(db: Db, scope: ChannelScope, key: SendKey, deliveryId: number): Promise<void> {
  await db
    .update(planSends)
    .set({ deliveryId })
    .where(
      and(
        eq(planSends.lineAccountId, scope.lineAccountId),
        eq(planSends.enrolmentId, key.enrolmentId),
        eq(planSends.planActionId, key.planActionId),
        eq(planSends.occurrence, key.occurrence),
      ),
    );
}

/** Boxes with options sent to the friend, newest first: where a tap on one of their options belongs. */
export async function optionBoxesSentTo(db: Db, scope: ChannelScope, friendId: number) {
  return db
    .select({
      enrolmentId: planSends.enrolmentId,
      planId: planSends.planId,
      planActionId: planActions.id,
    })
    .from(planSends)
    .innerJoin(planActions, eq(planActions.id, planSends.planActionId))
    .where(
      and(
        eq(planSends.lineAccountId, scope.lineAccountId),
        eq(planSends.friendId, friendId),
        inArray(planActions.messageType, ['confirm', 'quick_reply', 'carousel']),
        isNotNull(planSends.planActionId),
      ),
    )
    .orderBy(desc(planSends.recordedAt), desc(planSends.id))
    .limit(100);
}

export async function enrolment(db: Db, scope: ChannelScope, id: number): Promise<EnrolmentRow | undefined> {
  const [row] = await db
    .select()
    .from(planEnrolments)
    .where(and(eq(planEnrolments.lineAccountId, scope.lineAccountId), eq(planEnrolments.id, id)));
  return row;
}

export async function enrolmentForUpdate(db: Db, scope: ChannelScope, id: number): Promise<EnrolmentRow | undefined> {
  const [row] = await db
    .select()
    .from(planEnrolments)
    .where(and(eq(planEnrolments.lineAccountId, scope.lineAccountId), eq(planEnrolments.id, id)))
    .for('update');
  return row;
}

/** Records the friend's tap on the box; false when one was recorded before (a redelivered or double tap). */
export async function recordTap(
  db: Db,
  scope: ChannelScope,
  tap: {
    planId: number;
    enrolmentId: number;
    friendId: number;
    planActionId: number;
    actionItemId: number;
    childBoxId: string | null;
    tappedAt: Date;
  },
): Promise<boolean> {
  const rows = await db
    .insert(planTaps)
    .values({ ...tap, lineAccountId: scope.lineAccountId })
    .onConflictDoNothing()
    .returning({ id: planTaps.id });
  return rows.length > 0;
}

/**
 * Moves one enrolment's own time forward by `ms`: its waiting send and the arrival it is timed from
 * come `ms` nearer on the engine clock, and its offset grows by `ms` so that what it decides later
 * (at its own now) stays in step. Answers the enrolment as moved (none: not of the channel).
 */
export async function moveEnrolmentTime(
  db: Db,
  scope: ChannelScope,
  id: number,
  ms: number,
): Promise<EnrolmentRow | undefined> {
  const by = sql`(${ms}::bigint * interval '1 millisecond')`;
  const [row] = await db
    .update(planEnrolments)
    .set({
      clockOffsetMs: sql`${planEnrolments.clockOffsetMs} + ${ms}::bigint`,
      nextActionAt: sql`${planEnrolments.nextActionAt} - ${by}`,
      arrivedAt: sql`${planEnrolments.arrivedAt} - ${by}`,
    })
    .where(and(eq(planEnrolments.lineAccountId, scope.lineAccountId), eq(planEnrolments.id, id)))
    .returning();
  return row;
}

/** The friend's latest enrolment by this trigger (a rehearsal's), in one plan or any. */
export async function latestEnrolmentByTrigger(
  db: Db,
  scope: ChannelScope,
  friendId: number,
  trigger: string,
  planId?: number,
): Promise<EnrolmentRow | undefined> {
  const [row] = await db
    .select()
    .from(planEnrolments)
    .where(
      and(
        eq(planEnrolments.lineAccountId, scope.lineAccountId),
        eq(planEnrolments.friendId, friendId),
        eq(planEnrolments.trigger, trigger),
        planId === undefined ? undefined : eq(planEnrolments.planId, planId),
      ),
    )
    .orderBy(desc(planEnrolments.startedAt), desc(planEnrolments.id))
    .limit(1);
  return row;
}

/** When the friend's next send is due: the earliest of its active enrolments in the channel (none: null). */
export async function nextDueAtOfFriend(db: Db, scope: ChannelScope, friendId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: planEnrolments.nextActionAt })
    .from(planEnrolments)
    .where(
      and(
        eq(planEnrolments.lineAccountId, scope.lineAccountId),
        eq(planEnrolments.friendId, friendId),
        eq(planEnrolments.status, 'active'),
        isNotNull(planEnrolments.nextActionAt),
      ),
    )
    .orderBy(asc(planEnrolments.nextActionAt))
    .limit(1);
  return row?.at ?? null;
}

/** The text and reply token of a friend's message, from the stored webhook event that carried it. */
export async function incomingText(
  db: Db,
  scope: ChannelScope,
  webhookEventId: number,
): Promise<{ text: string; replyToken: string | null } | null> {
  const [row] = await db
    .select({ payload: webhookEvents.payload })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.lineAccountId, scope.lineAccountId), eq(webhookEvents.id, webhookEventId)));
  const payload = row?.payload as { replyToken?: unknown; message?: { type?: unknown; text?: unknown } } | undefined;
  if (payload?.message?.type !== 'text' || typeof payload.message.text !== 'string') return null;
  return { text: payload.message.text, replyToken: typeof payload.replyToken === 'string' ? payload.replyToken : null };
}

// --- statistics ---

/*
 * The scheduler's statements are planned on these tables' statistics. After a bulk write committed,
 * they are refreshed at once (with the database, not a transaction: see analyze in platform/db.ts);
 * autovacuum keeps them after (the hot tables' thresholds, migration 0016). Unscoped: a table's
 * statistics are all channels'.
 */

/** After a bulk enrolment. */
export const analyzeEnrolmentsUnscoped = (db: Db) => analyze(db, [planEnrolments]);

/** After a burst of sends: the enrolments it advanced, the sends and deliveries it wrote. */
export const analyzeSendsUnscoped = (db: Db) => analyze(db, [planEnrolments, planSends, deliveries]);

/** The scope of a claimed row. */
export const scopeOf = (row: { lineAccountId: number }) => channelScope(row.lineAccountId);

const channelsOfAccount = (scope: AccountScope) =>
  sql`(select ${lineAccounts.id} from ${lineAccounts} where ${lineAccounts.accountId} = ${scope.accountId})`;

/** Broadcasts of the account's channels set to a time still ahead: what a change of time zone moves. */
export async function scheduledBroadcastCount(db: Db, scope: AccountScope, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(plans)
    .where(
      and(
        sql`${plans.lineAccountId} in ${channelsOfAccount(scope)}`,
        eq(plans.planType, 'broadcast'),
        eq(plans.isActive, true),
        isNull(plans.broadcastStartedAt),
        gt(plans.sendAt, now),
      ),
    );
  return row?.n ?? 0;
}

/** Scenario sends of the account's channels still due: the running enrolments with a send ahead. */
export async function scenarioSendsDueCount(db: Db, scope: AccountScope, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(planEnrolments)
    .where(
      and(
        sql`${planEnrolments.lineAccountId} in ${channelsOfAccount(scope)}`,
        eq(planEnrolments.status, 'active'),
        gt(planEnrolments.nextActionAt, now),
      ),
    );
  return row?.n ?? 0;
}
