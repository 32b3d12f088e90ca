import { INQUIRY_CATEGORIES, INQUIRY_STATUSES } from '@linq/contract';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db-columns.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { users } from '../sessions/schema.ts';

/** A staff member's support inquiry about a channel (the channel and the user set by the server). */
export const inquiries = pgTable(
  'inquiries',
  {
    id: serial('id').primaryKey(),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: INQUIRY_CATEGORIES }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: INQUIRY_STATUSES }).notNull().default('open'),
    createdAt: createdAt(),
  },
  (t) => [index('inquiries_channel_user_idx').on(t.lineAccountId, t.userId, t.createdAt)],
);

/** An uploaded image, the uploader's until an inquiry of theirs takes it. */
export const inquiryAttachments = pgTable(
  'inquiry_attachments',
  {
    id: serial('id').primaryKey(),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inquiryId: integer('inquiry_id').references(() => inquiries.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('inquiry_attachments_inquiry_idx').on(t.inquiryId)],
);
