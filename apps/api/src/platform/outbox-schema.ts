import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './db-columns.ts';

/*
 * The outbox (platform/outbox.ts): facts written in the transaction that publishes them, then handed
 * at least once to the modules that consume them later (dashboards, detectors, conversions, metering).
 */

/** A published fact with outbox consumers. `line_account_id` is the fact's channel, kept for retention. */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    lineAccountId: integer('line_account_id'),
    /** The event as published (ids and the scope, never rows). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    /** A relay took it until then: another relay takes it over only once this has passed (a relay died). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** Handed to every consumer's queue. */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_events_undispatched_idx')
      .on(t.id)
      .where(sql`dispatched_at is null`),
    index('outbox_events_dispatched_idx')
      .on(t.dispatchedAt)
      .where(sql`dispatched_at is not null`),
  ],
);

/** A consumer handled the event: written in the consumer's own transaction, so a redelivery does nothing. */
export const outboxReceipts = pgTable(
  'outbox_receipts',
  {
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => outboxEvents.id, { onDelete: 'cascade' }),
    consumer: text('consumer').notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.consumer] })],
);
