import { bigint, bigserial, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { friends } from '../friends/schema.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { planActions, planEnrolments, plans } from '../plans/schema.ts';

/*
 * What the plan engine did (issue 15, DESIGN.md section 8). A send of a box to an enrolment is a
 * row before anything goes to LINE: its unique key (enrolment, box, occurrence) is what makes a
 * box go out at most once, whatever runs twice. Its delivery says whether LINE took it.
 */

const channel = () =>
  integer('line_account_id')
    .notNull()
    .references(() => lineAccounts.id, { onDelete: 'cascade' });

/** sent: handed to the delivery service (its delivery says sent or failed); skipped: due while the plan was paused and skipped on reactivation. */
export const PLAN_SEND_STATUSES = ['sent', 'skipped'] as const;

/*
 * A burst writes a million of these rows in a minute, and every foreign key is a lookup and a lock on
 * its parent row per row (about half of the insert's time at 1,000,000 sends): a send has none. What
 * the keys did, triggers do once per statement (migration 0047): a deleted enrolment takes its sends
 * (so the channel's, the plan's and the friend's go with theirs), a deleted box leaves its sends in
 * the friend's history without a box. The engine writes a send only for an enrolment it holds
 * locked, of a box of the plan it loaded; the enrolment's own keys stay (channel-checked).
 */
export const planSends = pgTable(
  'plan_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lineAccountId: integer('line_account_id').notNull(),
    planId: integer('plan_id').notNull(),
    enrolmentId: integer('enrolment_id').notNull(),
    friendId: integer('friend_id').notNull(),
    /** Null once the box is removed from the plan (the send stays in the friend's history). */
    planActionId: integer('plan_action_id'),
    boxId: text('box_id').notNull(),
    /** Which send of a repeat timing (1 otherwise). */
    occurrence: integer('occurrence').notNull().default(1),
    status: text('status', { enum: PLAN_SEND_STATUSES }).notNull().default('sent'),
    /** The delivery that carries it (null: a box without a message). */
    deliveryId: bigint('delivery_id', { mode: 'number' }),
    /** When it was due, and when the engine handed it over (engine clock). */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    /**
     * When the row was written, by the database's clock: the friend's talk orders and shows sends by
     * it with the friend's own messages (also real time), while the engine's clock may run ahead in a
     * demo or rehearsal.
     */
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('plan_sends_once_key').on(t.enrolmentId, t.planActionId, t.occurrence),
    index('plan_sends_plan_action_idx').on(t.planId, t.planActionId, t.sentAt),
    /** A friend's sends, newest first: the talk's pages (talk-repository.ts) and where a tap belongs. */
    index('plan_sends_friend_idx').on(t.friendId, t.recordedAt, t.id),
  ],
);

/** A friend's tap on an option of a box sent to their enrolment: one per (enrolment, box), so a double tap moves it once. */
export const planTaps = pgTable(
  'plan_taps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lineAccountId: channel(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    enrolmentId: integer('enrolment_id')
      .notNull()
      .references(() => planEnrolments.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    planActionId: integer('plan_action_id').references(() => planActions.id, { onDelete: 'set null' }),
    /** The option tapped (the message action's item id) and its child box (null when it has none). */
    actionItemId: integer('action_item_id').notNull(),
    childBoxId: text('child_box_id'),
    tappedAt: timestamp('tapped_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('plan_taps_once_key').on(t.enrolmentId, t.planActionId),
    index('plan_taps_plan_action_idx').on(t.planId, t.planActionId, t.tappedAt),
  ],
);
