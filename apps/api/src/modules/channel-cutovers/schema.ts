import { CUTOVER_STATUSES } from '@linq/contract';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db-columns.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { accounts } from '../tenants/schema.ts';

/**
 * A clean cutover (takeovers): the previous tool's rich menus cleared from a channel on LINE by a
 * job, with what it found (friends unlinked, whether a default was cancelled).
 */
export const channelCutovers = pgTable(
  'channel_cutovers',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CUTOVER_STATUSES }).notNull().default('queued'),
    unlinkedFriends: integer('unlinked_friends'),
    defaultCleared: boolean('default_cleared'),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('channel_cutovers_account_idx').on(t.accountId, t.id.desc())],
);
