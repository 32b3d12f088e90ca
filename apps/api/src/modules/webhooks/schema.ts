import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { lineAccounts } from '../line-accounts/schema.ts';

/** Every webhook event accepted from LINE, persisted before the 200 and processed by the worker. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id, { onDelete: 'cascade' }),
    webhookEventId: text('webhook_event_id').notNull(),
    type: text('type').notNull(),
    lineUserId: text('line_user_id'),
    /** LINE's event timestamp (ms): effects are applied in this order. */
    occurredAt: bigint('occurred_at', { mode: 'number' }).notNull(),
    isRedelivery: boolean('is_redelivery').notNull().default(false),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('webhook_events_channel_event_idx').on(t.lineAccountId, t.webhookEventId),
    index('webhook_events_pending_idx')
      .on(t.lineAccountId, t.occurredAt)
      .where(sql`processed_at is null`),
  ],
);
