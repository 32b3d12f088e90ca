import { METRIC_NAMES } from '@linq/contract';
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { lineAccounts } from '../line-accounts/schema.ts';

/**
 * Roll-ups: per channel, metric, detail and hour, how many times a fact happened (follows by kind,
 * blocks, sends settled, failures by LINE's reason, webhook events, LINE's refusals). Kept by the
 * worker from domain events, read by the detectors and the dashboard instead of the fact tables.
 */
export const metricBuckets = pgTable(
  'metric_buckets',
  {
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id, { onDelete: 'cascade' }),
    metric: text('metric', { enum: METRIC_NAMES }).notNull(),
    /** A breakdown within the metric (a follow's kind, LINE's failure reason); '' when none. */
    detail: text('detail').notNull().default(''),
    /** The start of the hour (UTC). */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lineAccountId, t.metric, t.hour, t.detail] })],
);
