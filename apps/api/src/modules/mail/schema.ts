import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db-columns.ts';

/** Every mail the console sends, kept until the `mail.send` job delivered it (or, without SMTP, logged it). */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  /** The From, the sending OEM's as it was when queued ("name <address>"); null: the configured MAIL_FROM. */
  from: text('from'),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});
