import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { DELIVERY_WAIT_REASONS } from '@linq/contract';
import { createdAt } from '../../platform/db-columns.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { users } from '../sessions/schema.ts';

/** `waiting`: held until its reason (monthly quota, channel credentials) clears; see `wait_reason`. */
export const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'failed', 'waiting'] as const;

/**
 * One request to LINE: up to 5 messages to up to 500 friends (push when one, multicast
 * when several). The retry key is saved before the first attempt and reused on every retry.
 * LINE accepts or refuses a request as a whole, so the delivery's status is each recipient's.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id, { onDelete: 'cascade' }),
    /** LINE message objects, as sent. */
    messages: jsonb('messages').$type<Record<string, unknown>[]>().notNull(),
    /** The friends it goes to, as they were when it was recorded. */
    friendIds: integer('friend_ids').array().notNull(),
    retryKey: text('retry_key').notNull().unique(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Why a queued or waiting delivery has not gone out yet (null: due, or settled). */
    waitReason: text('wait_reason', { enum: DELIVERY_WAIT_REASONS }),
    lastError: text('last_error'),
    lineRequestId: text('line_request_id'),
    /** What asked for the send: talk, template test, plan, … and its id. */
    source: text('source').notNull(),
    sourceId: bigint('source_id', { mode: 'number' }),
    sentByUserId: integer('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status in ('queued', 'waiting', 'sending')`),
    index('deliveries_channel_idx').on(t.lineAccountId, t.createdAt),
    /** A channel's waits, released together when their reason clears. */
    index('deliveries_waiting_idx')
      .on(t.lineAccountId, t.waitReason, t.nextAttemptAt)
      .where(sql`status = 'waiting'`),
  ],
);

/**
 * What a channel's sending waits on, per channel rather than per delivery. LINE's 401 means the
 * channel's access token is wrong or was reissued: a state of the channel, shown on the admin channel
 * screen, under which its deliveries wait (no call to LINE) until the token is fixed. LINE suspending
 * the account is another such state.
 */
export const channelDeliveryStates = pgTable('channel_delivery_states', {
  lineAccountId: integer('line_account_id')
    .primaryKey()
    .references(() => lineAccounts.id, { onDelete: 'cascade' }),
  /** Since when LINE refuses the channel's token (null: not known to be invalid). */
  credentialsInvalidSince: timestamp('credentials_invalid_since', { withTimezone: true }),
  /** LINE's message for the refusal. */
  credentialsError: text('credentials_error'),
  /**
   * Since when LINE has suspended the LINE Official Account (its botSuspended webhook; null: not
   * suspended, or lifted by botResumed). Its deliveries wait, with no call to LINE, until it is lifted.
   */
  botSuspendedSince: timestamp('bot_suspended_since', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
