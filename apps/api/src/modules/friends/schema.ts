import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { INFO_FIELD_TYPES } from '@linq/contract';
import { channelReference, createdAt, updatedAt } from '../../platform/db-columns.ts';
import { lineAccounts } from '../line-accounts/schema.ts';

/** A LINE user who has followed a channel (友だち). */
export const friends = pgTable(
  'friends',
  {
    id: serial('id').primaryKey(),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id, { onDelete: 'cascade' }),
    lineUserId: text('line_user_id').notNull(),
    displayName: text('display_name').notNull().default(''),
    pictureUrl: text('picture_url'),
    statusMessage: text('status_message'),
    language: text('language'),
    /** When LINE's profile was last read: on follow, then at most daily when the friend writes (webhooks/process.ts), or on demand. */
    profileFetchedAt: timestamp('profile_fetched_at', { withTimezone: true }),
    status: text('status', { enum: ['following', 'blocked'] })
      .notNull()
      .default('following'),
    followedAt: timestamp('followed_at', { withTimezone: true }),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    /** Timestamp (ms) of the follow/unfollow event that set `status`: older events never undo a newer one. */
    statusEventAt: bigint('status_event_at', { mode: 'number' }).notNull().default(0),
    unreadCount: integer('unread_count').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastMessageType: text('last_message_type'),
    lastMessageText: text('last_message_text'),
    /** The staff's name for the friend, shown instead of LINE's name when set. */
    displayNameOverride: text('display_name_override'),
    /** Staff notes (personal data). */
    notes: text('notes'),
    score: integer('score').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('friends_channel_user_idx').on(t.lineAccountId, t.lineUserId),
    /** What a channel's rows refer to a friend by, so they cannot name another channel's (plans/schema.ts). */
    unique('friends_channel_id_key').on(t.lineAccountId, t.id),
    /*
     * Friend-list and talk-list orders at a million friends per channel. Nullable keys sort nulls
     * last (`desc nulls last, id desc`, as the queries say it); not-null keys use plain indexes,
     * which serve both directions.
     */
    index('friends_channel_last_message_idx').on(
      t.lineAccountId,
      t.lastMessageAt.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    index('friends_channel_followed_idx').on(
      t.lineAccountId,
      t.followedAt.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    index('friends_channel_status_idx').on(t.lineAccountId, t.status),
    index('friends_channel_name_idx').on(
      t.lineAccountId,
      sql`coalesce(${t.displayNameOverride}, ${t.displayName})`,
      t.id,
    ),
    index('friends_channel_score_idx').on(t.lineAccountId, t.score, t.id),
    /*
     * The talk list's unread filter: the last-message order over the (few) unread friends only.
     * The queries say `unread_count > 0` with the literal, so the planner proves the predicate.
     */
    index('friends_channel_unread_idx')
      .on(t.lineAccountId, t.lastMessageAt.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`${t.unreadCount} > 0`),
    /*
     * Name search (`ilike '%text%'` on each name column, name-search-repository.ts) by trigrams (pg_trgm,
     * created by migration 0005) from three characters; a text of one or two characters has no
     * trigram and is found through the column's lower-cased characters and adjacent pairs
     * (`name_grams`, an immutable function of migration 0044).
     */
    index('friends_display_name_trgm_idx').using('gin', t.displayName.op('gin_trgm_ops')),
    index('friends_display_name_override_trgm_idx').using('gin', t.displayNameOverride.op('gin_trgm_ops')),
    index('friends_display_name_grams_idx').using('gin', sql`name_grams(${t.displayName})`),
    index('friends_display_name_override_grams_idx').using('gin', sql`name_grams(${t.displayNameOverride})`),
  ],
);

/**
 * How many friends a channel has in each status, kept by statement-level triggers on `friends`
 * (migration 0030: every insert, status change and delete, whoever writes it), so a page that
 * shows the totals reads two rows instead of counting a million friends.
 */
export const friendStatusCounts = pgTable(
  'friend_status_counts',
  {
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['following', 'blocked'] }).notNull(),
    friends: integer('friends').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lineAccountId, t.status] })],
);

/**
 * A channel's talk list totals: friends with a message (conversations) and those of them with unread
 * messages, kept by statement-level triggers on `friends` (migration 0045) like the status counts.
 */
export const friendConversationCounts = pgTable('friend_conversation_counts', {
  lineAccountId: integer('line_account_id')
    .primaryKey()
    .references(() => lineAccounts.id, { onDelete: 'cascade' }),
  conversations: integer('conversations').notNull(),
  unread: integer('unread').notNull(),
});

/** A friend info field (友だち情報欄) a channel defines: text, number, date or one of a list of options. */
export const friendInfoFields = pgTable(
  'friend_info_fields',
  {
    id: serial('id').primaryKey(),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fieldType: text('field_type', { enum: INFO_FIELD_TYPES }).notNull(),
    /** The choices of a select field; empty for other types. */
    options: jsonb('options').$type<string[]>().notNull().default([]),
    sortIndex: integer('sort_index').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('friend_info_fields_channel_name_key').on(t.lineAccountId, t.name),
    unique('friend_info_fields_channel_id_key').on(t.lineAccountId, t.id),
  ],
);

/**
 * One friend's value of one info field, stored as text in the field's format (number, YYYY-MM-DD,
 * option). Both keys carry the channel: a friend of one channel has no value of another's field.
 */
export const friendInfoValues = pgTable(
  'friend_info_values',
  {
    lineAccountId: integer('line_account_id').notNull(),
    friendId: integer('friend_id').notNull(),
    fieldId: integer('field_id').notNull(),
    value: text('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.friendId, t.fieldId] }),
    index('friend_info_values_field_idx').on(t.fieldId),
    channelReference('friend_info_values_friend_fk', t.lineAccountId, t.friendId, friends).onDelete('cascade'),
    channelReference('friend_info_values_field_fk', t.lineAccountId, t.fieldId, friendInfoFields).onDelete('cascade'),
  ],
);
