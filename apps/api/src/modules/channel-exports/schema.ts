import { CHANNEL_EXPORT_STATUSES } from '@linq/contract';
import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db-columns.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { accounts } from '../tenants/schema.ts';

/**
 * A full export of one channel (takeovers): the ZIP is built by a job into file storage under
 * `storage_key`; `progress` follows the files written. Expired ones keep their row, not their file.
 */
export const channelExports = pgTable(
  'channel_exports',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CHANNEL_EXPORT_STATUSES }).notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    storageKey: text('storage_key'),
    byteSize: bigint('byte_size', { mode: 'number' }),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('channel_exports_account_idx').on(t.accountId, t.id.desc()),
    index('channel_exports_expiry_idx').on(t.expiresAt),
  ],
);
