import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db-columns.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { friends } from '../friends/schema.ts';
import { users } from '../sessions/schema.ts';

/** The talk history: what friends sent and what the channel sent them. */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: ['incoming', 'outgoing'] }).notNull(),
    /** text, image, sticker, location, video, audio, file, postback, template, … */
    type: text('type').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    lineMessageId: text('line_message_id'),
    webhookEventId: bigint('webhook_event_id', { mode: 'number' }),
    deliveryId: bigint('delivery_id', { mode: 'number' }),
    sentByUserId: integer('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_friend_idx').on(t.friendId, t.occurredAt),
    uniqueIndex('messages_webhook_event_idx').on(t.webhookEventId),
  ],
);
