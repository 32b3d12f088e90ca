import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { lineAccounts } from '../../platform/schema.ts';

/**
 * What a channel's sending waits on, per channel rather than per delivery. LINE's 401 means the
 * channel's access token is wrong or was reissued: a state of the channel, shown on the admin channel
 * screen, under which its deliveries wait (no call to LINE) until the token is fixed.
 */
export const channelDeliveryStates = pgTable('channel_delivery_states', {
  lineAccountId: integer('line_account_id')
    .primaryKey()
    .references(() => lineAccounts.id, { onDelete: 'cascade' }),
  /** Since when LINE refuses the channel's token (null: not known to be invalid). */
  credentialsInvalidSince: timestamp('credentials_invalid_since', { withTimezone: true }),
  /** LINE's message for the refusal. */
  credentialsError: text('credentials_error'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
