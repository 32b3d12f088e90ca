import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db-columns.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { friends } from '../friends/schema.ts';

/**
 * Tracked links: a template's web link as sent to one friend (spec section 2, /redirects/{id}).
 * The friend gets the console's /redirects/{token} page instead of the address; each opening
 * counts, and the first adds the action's score (the action's row of the same channel, read
 * when opened). The token is the only key: it is random (16 bytes) and names nothing else.
 */
export const trackedLinks = pgTable(
  'tracked_links',
  {
    token: text('token').primaryKey(),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    /** The uri action's or tap area's item id (message_template_actions.id; the row may be gone since). */
    actionItemId: bigint('action_item_id', { mode: 'number' }).notNull(),
    /** The plan box (plan_actions.id) that sent it; null for a talk or template send. Plan analysis counts by it. */
    planActionId: integer('plan_action_id'),
    /** The address as sent, kept even when the template changes later. */
    targetUrl: text('target_url').notNull(),
    createdAt: createdAt(),
    firstClickedAt: timestamp('first_clicked_at', { withTimezone: true }),
    clickCount: integer('click_count').notNull().default(0),
  },
  (t) => [
    index('tracked_links_friend_idx').on(t.friendId),
    index('tracked_links_plan_action_idx')
      .on(t.planActionId)
      .where(sql`${t.planActionId} is not null`),
  ],
);

/**
 * Each opening of a tracked link, for the friend's talk (「リンクを開きました」) and click counts per
 * link. The link's row counts them too; this keeps when each happened.
 */
export const trackedLinkClicks = pgTable(
  'tracked_link_clicks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    token: text('token')
      .notNull()
      .references(() => trackedLinks.token, { onDelete: 'cascade' }),
    actionItemId: bigint('action_item_id', { mode: 'number' }).notNull(),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('tracked_link_clicks_friend_idx').on(t.friendId, t.clickedAt, t.id),
    index('tracked_link_clicks_item_idx').on(t.actionItemId),
  ],
);
