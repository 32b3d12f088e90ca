import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { LINE_FIGURES_PENDING } from '@linq/contract';
import { lineAccounts } from '../line-accounts/schema.ts';

/**
 * LINE's figures of a channel for a JST day, as its statistics report them, read by the worker.
 * A part LINE has not given yet (not counted, not reachable) stays null, with why in `pending`:
 * never stored as zeros; the worker asks again on its next run.
 */
export const lineInsightDays = pgTable(
  'line_insight_days',
  {
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id, { onDelete: 'cascade' }),
    /** The JST day, YYYY-MM-DD. */
    day: text('day').notNull(),
    followers: integer('followers'),
    targetedReaches: integer('targeted_reaches'),
    blocks: integer('blocks'),
    deliveries: integer('deliveries'),
    /** LINE's counters of the day (apiPush, apiBroadcast, …), null with `deliveries`. */
    deliveriesByKind: jsonb('deliveries_by_kind').$type<Record<string, number>>(),
    pending: text('pending', { enum: LINE_FIGURES_PENDING }),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.lineAccountId, t.day] })],
);
