import { NEWS_AUDIENCES } from '@linq/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../platform/db-columns.ts';
import { users } from '../sessions/schema.ts';
import { accounts, agencies, oems } from '../tenants/schema.ts';

/** Audiences stored: the admins' (NEWS_AUDIENCES) and `accounts`, the explicit accounts an agency's notice went to. */
export const STORED_NEWS_AUDIENCES = [...NEWS_AUDIENCES, 'accounts'] as const;
export type StoredNewsAudience = (typeof STORED_NEWS_AUDIENCES)[number];

/**
 * A notice (お知らせ) of an OEM, written in the admin area. Whom it reaches:
 * - `all` with no audience OEM: every account of every OEM (a platform admin on the default OEM);
 * - `all` or `oem` with an audience OEM: that OEM's accounts (`all` of a partner OEM names its own);
 * - `agency`: that agency's accounts. Deleting the agency deletes the notice: an audience is never
 *   widened by a deletion.
 * - `accounts`: exactly the accounts listed in `news_accounts` (an agency's notice to its clients,
 *   written at send time by the agency notices module; not an admin's notice: their screens leave it out).
 * It reaches nobody before `publish_at` (scheduled, 予約).
 */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    /** The OEM whose admins manage it (the acting OEM it was written on). */
    oemId: integer('oem_id')
      .notNull()
      .references(() => oems.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    audience: text('audience', { enum: STORED_NEWS_AUDIENCES }).notNull(),
    audienceOemId: integer('audience_oem_id').references(() => oems.id, { onDelete: 'cascade' }),
    audienceAgencyId: integer('audience_agency_id').references(() => agencies.id, { onDelete: 'cascade' }),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull(),
    pinned: boolean('pinned').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('news_oem_publish_idx').on(t.oemId, t.publishAt),
    index('news_audience_oem_idx').on(t.audienceOemId),
    index('news_audience_agency_idx').on(t.audienceAgencyId),
    // The audience's columns say exactly whom it reaches.
    check(
      'news_audience_check',
      sql`(${t.audience} = 'agency') = (${t.audienceAgencyId} is not null) and (${t.audience} <> 'oem' or ${t.audienceOemId} is not null)`,
    ),
  ],
);

/** Who has read which notice: one row per (user, notice), the first time they opened it. */
export const newsReads = pgTable(
  'news_reads',
  {
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.newsId] }), index('news_reads_news_idx').on(t.newsId)],
);

/** The accounts an `accounts` notice reaches; a deleted account leaves it. */
export const newsAccounts = pgTable(
  'news_accounts',
  {
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.accountId] }), index('news_accounts_account_idx').on(t.accountId)],
);
