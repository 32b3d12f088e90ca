import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { CONVERSION_COUNT_MODES } from '@linq/contract';
import { channelReference, createdAt, updatedAt } from '../../platform/db-columns.ts';
import { folders } from '../folders/schema.ts';
import { friends } from '../friends/schema.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import type { ClickIds } from './origins.ts';
import { plans } from '../plans/schema.ts';

const channel = () =>
  integer('line_account_id')
    .notNull()
    .references(() => lineAccounts.id, { onDelete: 'cascade' });

/**
 * A conversion point: a goal reached by opening its public page (`/links?c=<code>`) or loading its
 * pixel. The code is random and is the only key the public side knows.
 */
export const conversionPoints = pgTable(
  'conversion_points',
  {
    id: serial('id').primaryKey(),
    lineAccountId: channel(),
    folderId: integer('folder_id').references(() => folders.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    code: text('code').notNull().unique(),
    goalUrl: text('goal_url'),
    countMode: text('count_mode', { enum: CONVERSION_COUNT_MODES }).notNull().default('once'),
    value: integer('value').notNull().default(0),
    score: integer('score').notNull().default(0),
    /** Checked to be the channel's when saved; put on through the plan engine's `tags` effect, which reads them in the channel. */
    tagIds: jsonb('tag_ids').$type<number[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('conversion_points_channel_id_key').on(t.lineAccountId, t.id),
    index('conversion_points_channel_updated_idx').on(t.lineAccountId, t.updatedAt.desc()),
    index('conversion_points_folder_idx').on(t.folderId),
  ],
);

/**
 * One conversion: a hit counted at a point, by a friend or anonymous. What it is attributed to (the
 * friend's inflow route with its ad click ids, the plan whose tracked link brought them) is resolved
 * when it happens and kept here, so every count is a query of this table. The webhook columns track
 * its delivery to the channel's webhook (none, pending until acknowledged, delivered).
 */
export const conversions = pgTable(
  'conversions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lineAccountId: channel(),
    pointId: integer('point_id').notNull(),
    friendId: integer('friend_id'),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull(),
    source: text('source', { enum: ['link', 'pixel'] }).notNull(),
    value: integer('value').notNull().default(0),
    /** The inflow route (inflows module; no reference, it may be gone) and its name when reached. */
    inflowRouteId: integer('inflow_route_id'),
    inflowRouteName: text('inflow_route_name'),
    clickIds: jsonb('click_ids').$type<ClickIds>().notNull().default({}),
    /** The tracked link's item that brought the friend, and the plan whose box sent it. */
    actionItemId: bigint('action_item_id', { mode: 'number' }),
    planId: integer('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    webhookState: text('webhook_state', { enum: ['none', 'pending', 'delivered'] })
      .notNull()
      .default('none'),
    webhookAttempts: integer('webhook_attempts').notNull().default(0),
    webhookNextAt: timestamp('webhook_next_at', { withTimezone: true }),
    webhookError: text('webhook_error'),
    createdAt: createdAt(),
  },
  (t) => [
    channelReference('conversions_point_fk', t.lineAccountId, t.pointId, conversionPoints).onDelete('cascade'),
    channelReference('conversions_friend_fk', t.lineAccountId, t.friendId, friends).onDelete('cascade'),
    index('conversions_point_reached_idx').on(t.pointId, t.reachedAt),
    index('conversions_friend_reached_idx').on(t.friendId, t.reachedAt, t.id),
    index('conversions_webhook_pending_idx').on(t.lineAccountId, t.webhookState, t.webhookNextAt),
  ],
);

/** A channel's conversion webhook: where each conversion is posted, signed with the (sealed) secret. */
export const conversionSettings = pgTable('conversion_settings', {
  lineAccountId: integer('line_account_id')
    .primaryKey()
    .references(() => lineAccounts.id, { onDelete: 'cascade' }),
  webhookUrl: text('webhook_url'),
  webhookSecret: text('webhook_secret'),
  updatedAt: updatedAt(),
});
