import { DASHBOARD_TOP_KINDS } from '@linq/contract';
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { lineAccounts } from '../line-accounts/schema.ts';

/**
 * The dashboard's tops roll-up: per channel, kind (plans, inflow routes), item and hour, how many
 * messages LINE accepted for it. Kept by the worker from `message.delivered` (tops.ts), so the
 * period's top items are a sum over at most 2,160 hours, not a scan of the sends.
 */
export const dashboardTops = pgTable(
  'dashboard_tops',
  {
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: DASHBOARD_TOP_KINDS }).notNull(),
    refId: integer('ref_id').notNull(),
    /** The start of the hour (UTC). */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lineAccountId, t.kind, t.hour, t.refId] })],
);
