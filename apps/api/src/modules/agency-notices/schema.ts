import { NOTICE_AUDIENCES, NOTICE_CONTRACT_STATES, NOTICE_STATUSES } from '@linq/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../platform/db-columns.ts';
import { news } from '../news/schema.ts';
import { users } from '../sessions/schema.ts';
import { accounts, agencies, oemPlans } from '../tenants/schema.ts';

/**
 * A notice of an agency to its client accounts: its audience (all, one plan, one contract state, or
 * picked by hand in `agency_notice_picks`), resolved when it goes out at `send_at`. Sent, it has the
 * news item its recipients read (news module) and its recipients below.
 */
export const agencyNotices = pgTable(
  'agency_notices',
  {
    id: serial('id').primaryKey(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    audience: text('audience', { enum: NOTICE_AUDIENCES }).notNull(),
    /** A deleted plan leaves null: the notice then reaches nobody (narrows, never widens). */
    audiencePlanId: integer('audience_plan_id').references(() => oemPlans.id, { onDelete: 'set null' }),
    audienceContractState: text('audience_contract_state', { enum: NOTICE_CONTRACT_STATES }),
    status: text('status', { enum: NOTICE_STATUSES }).notNull().default('scheduled'),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    newsId: integer('news_id').references(() => news.id, { onDelete: 'set null' }),
    recipientCount: integer('recipient_count').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('agency_notices_agency_idx').on(t.agencyId, t.sendAt),
    index('agency_notices_due_idx').on(t.status, t.sendAt),
    index('agency_notices_plan_idx').on(t.audiencePlanId),
    check(
      'agency_notices_contract_state_check',
      sql`(${t.audience} = 'contract') = (${t.audienceContractState} is not null)`,
    ),
  ],
);

/** The accounts of a `picked` audience. */
export const agencyNoticePicks = pgTable(
  'agency_notice_picks',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => agencyNotices.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.accountId] }), index('agency_notice_picks_account_idx').on(t.accountId)],
);

/** Whom a sent notice reached; `mailed_at` marks its owner's e-mail queued (once, whatever retries). */
export const agencyNoticeRecipients = pgTable(
  'agency_notice_recipients',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => agencyNotices.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.noticeId, t.accountId] }),
    index('agency_notice_recipients_account_idx').on(t.accountId),
  ],
);
