import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../platform/db-columns.ts';
import { accounts } from '../tenants/schema.ts';
import { users } from '../sessions/schema.ts';

export const lineAccounts = pgTable(
  'line_accounts',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status', { enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    /** LINE's channel id (numeric string) and basic id (@xxxx). */
    channelId: text('channel_id'),
    basicId: text('basic_id'),
    /** The bot's own user id: webhook bodies name it as `destination`. */
    botUserId: text('bot_user_id'),
    /** Channel secret and access token, sealed with AES-256-GCM (platform/secrets.ts); never returned. */
    channelSecretSealed: text('channel_secret_sealed'),
    channelAccessTokenSealed: text('channel_access_token_sealed'),
    /** The unguessable path segment of this channel's webhook URL. */
    webhookKey: text('webhook_key')
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** Bound to the LINE simulator instead of LINE (demo channels). */
    simulated: boolean('simulated').notNull().default(false),
    connectionCheckedAt: timestamp('connection_checked_at', { withTimezone: true }),
    connectionError: text('connection_error'),
    /** The LINE Login channel (same provider) inflow routes log visitors in with; its secret sealed, never returned. */
    loginChannelId: text('login_channel_id'),
    loginChannelSecretSealed: text('login_channel_secret_sealed'),
    /** The last check of the login pair (null error: it passed). */
    loginCheckedAt: timestamp('login_checked_at', { withTimezone: true }),
    loginCheckError: text('login_check_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('line_accounts_account_idx').on(t.accountId),
    uniqueIndex('line_accounts_channel_id_idx').on(t.channelId),
  ],
);

export const userLineAccounts = pgTable(
  'user_line_accounts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lineAccountId] }),
    index('user_line_accounts_channel_idx').on(t.lineAccountId),
  ],
);
