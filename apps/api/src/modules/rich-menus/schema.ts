import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  RICH_MENU_ACTION_TYPES,
  RICH_MENU_PUBLISH_STATES,
  type AudienceExpression,
  type RichMenuAction,
} from '@linq/contract';
import { channelReference, createdAt, updatedAt } from '../../platform/db-columns.ts';
import { folders } from '../folders/schema.ts';
import { friends } from '../friends/schema.ts';
import { lineAccounts } from '../line-accounts/schema.ts';

const channel = () =>
  integer('line_account_id')
    .notNull()
    .references(() => lineAccounts.id, { onDelete: 'cascade' });

/**
 * A rich menu of a channel. Edited here; LINE's copy (`line_rich_menu_id`) cannot change, so a
 * publish after an edit creates a new one on LINE, relinks, and deletes the old one
 * (`retired_line_rich_menu_ids` until it is gone).
 */
export const richMenus = pgTable(
  'rich_menus',
  {
    id: serial('id').primaryKey(),
    lineAccountId: channel(),
    folderId: integer('folder_id').references(() => folders.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    chatBarText: text('chat_bar_text').notNull(),
    selected: boolean('selected').notNull().default(false),
    aliasId: text('alias_id'),
    width: integer('width'),
    height: integer('height'),
    /** The image in the file storage; its type. */
    imageKey: text('image_key'),
    imageType: text('image_type'),
    displayFrom: timestamp('display_from', { withTimezone: true }),
    displayTo: timestamp('display_to', { withTimezone: true }),
    publishState: text('publish_state', { enum: RICH_MENU_PUBLISH_STATES }).notNull().default('draft'),
    editedSincePublish: boolean('edited_since_publish').notNull().default(true),
    lineRichMenuId: text('line_rich_menu_id'),
    /** LINE menus this one replaced, still to delete on LINE once nobody is linked to them. */
    retiredLineRichMenuIds: jsonb('retired_line_rich_menu_ids').$type<string[]>().notNull().default([]),
    publishError: text('publish_error'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('rich_menus_channel_id_key').on(t.lineAccountId, t.id),
    uniqueIndex('rich_menus_channel_alias_idx')
      .on(t.lineAccountId, t.aliasId)
      .where(sql`${t.aliasId} is not null`),
    index('rich_menus_channel_updated_idx').on(t.lineAccountId, t.updatedAt.desc()),
    index('rich_menus_folder_idx').on(t.folderId),
    index('rich_menus_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/**
 * A tap area of a menu, in image pixels. The action's own fields are in `action`; what it names in
 * the channel (another menu) is a channel reference, the plan, tags and marks are checked to be the
 * channel's when saved and read in the channel when tapped (a deleted one does nothing).
 */
export const richMenuAreas = pgTable(
  'rich_menu_areas',
  {
    id: serial('id').primaryKey(),
    lineAccountId: channel(),
    richMenuId: integer('rich_menu_id').notNull(),
    position: integer('position').notNull(),
    x: integer('x').notNull(),
    y: integer('y').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    actionType: text('action_type', { enum: RICH_MENU_ACTION_TYPES }).notNull(),
    action: jsonb('action').$type<RichMenuAction>().notNull(),
    switchRichMenuId: integer('switch_rich_menu_id'),
    /** Taps we saw (postbacks of ours, openings of the area's link or page). */
    tapCount: integer('tap_count').notNull().default(0),
    /**
     * Names the area in its public addresses (the counting redirect of a link, the /rich-menu page):
     * random (122 bits), so no one reaches another area by guessing.
     */
    publicToken: text('public_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
  },
  (t) => [
    unique('rich_menu_areas_channel_id_key').on(t.lineAccountId, t.id),
    uniqueIndex('rich_menu_areas_public_token_idx').on(t.publicToken),
    index('rich_menu_areas_menu_idx').on(t.richMenuId, t.position),
    channelReference('rich_menu_areas_menu_fk', t.lineAccountId, t.richMenuId, richMenus).onDelete('cascade'),
    channelReference('rich_menu_areas_switch_fk', t.lineAccountId, t.switchRichMenuId, richMenus),
  ],
);

/**
 * One tap we saw on an area (a postback of ours, an opening of the area's link or page), at the
 * engine's clock, so our counts can be read for any period beside LINE's insight. The friend is
 * known for a postback, and for a page opened through the friend's own tracked link; null otherwise
 * (and when the friend is deleted since: the tap still counts).
 */
export const richMenuTaps = pgTable(
  'rich_menu_taps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lineAccountId: channel(),
    richMenuId: integer('rich_menu_id').notNull(),
    areaId: integer('area_id').notNull(),
    friendId: integer('friend_id'),
    tappedAt: timestamp('tapped_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // A menu's counts per area over a period.
    index('rich_menu_taps_menu_at_idx').on(t.lineAccountId, t.richMenuId, t.tappedAt),
    channelReference('rich_menu_taps_area_fk', t.lineAccountId, t.areaId, richMenuAreas).onDelete('cascade'),
    channelReference('rich_menu_taps_friend_fk', t.lineAccountId, t.friendId, friends).onDelete('set null'),
  ],
);

/** Who sees which menu: the first rule by priority whose audience takes the friend, within its period. */
export const richMenuRules = pgTable(
  'rich_menu_rules',
  {
    id: serial('id').primaryKey(),
    lineAccountId: channel(),
    richMenuId: integer('rich_menu_id').notNull(),
    name: text('name').notNull(),
    priority: integer('priority').notNull(),
    audience: jsonb('audience').$type<AudienceExpression>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('rich_menu_rules_channel_priority_idx').on(t.lineAccountId, t.priority),
    channelReference('rich_menu_rules_menu_fk', t.lineAccountId, t.richMenuId, richMenus).onDelete('cascade'),
  ],
);

/**
 * A friend's menu state: their own menu (set by staff or a plan), and the LINE menu linked to them
 * now (null: none, LINE shows the default). Relinking compares what should be linked with this.
 */
export const richMenuFriends = pgTable(
  'rich_menu_friends',
  {
    lineAccountId: channel(),
    friendId: integer('friend_id').notNull(),
    personalRichMenuId: integer('personal_rich_menu_id'),
    linkedLineRichMenuId: text('linked_line_rich_menu_id'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.lineAccountId, t.friendId] }),
    channelReference('rich_menu_friends_friend_fk', t.lineAccountId, t.friendId, friends).onDelete('cascade'),
    channelReference('rich_menu_friends_menu_fk', t.lineAccountId, t.personalRichMenuId, richMenus).onDelete(
      'set null',
    ),
    index('rich_menu_friends_linked_idx').on(t.lineAccountId, t.linkedLineRichMenuId),
  ],
);

/** The channel's default menu (shown to every friend without a menu of their own), and LINE's default now. */
export const richMenuSettings = pgTable(
  'rich_menu_settings',
  {
    lineAccountId: integer('line_account_id')
      .primaryKey()
      .references(() => lineAccounts.id, { onDelete: 'cascade' }),
    defaultRichMenuId: integer('default_rich_menu_id'),
    lineDefaultRichMenuId: text('line_default_rich_menu_id'),
    /** The friends' menus must be recomputed (a rule, a period, a publish changed): the relink job clears it. */
    relinkRequestedAt: timestamp('relink_requested_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    channelReference('rich_menu_settings_default_fk', t.lineAccountId, t.defaultRichMenuId, richMenus).onDelete(
      'set null',
    ),
  ],
);
