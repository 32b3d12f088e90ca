import { index, integer, pgTable, primaryKey, serial, text, unique } from 'drizzle-orm/pg-core';
import { channelReference, createdAt, updatedAt } from '../../platform/db-columns.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { folders } from '../folders/schema.ts';
import { friends } from '../friends/schema.ts';

/** Columns shared by tags and marks: a channel's named label, optionally kept in a folder of its type. */
const labelColumns = () => ({
  id: serial('id').primaryKey(),
  lineAccountId: integer('line_account_id')
    .notNull()
    .references(() => lineAccounts.id, { onDelete: 'cascade' }),
  folderId: integer('folder_id').references(() => folders.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  sortIndex: integer('sort_index').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A tag (タグ) of a channel; friends carry any number of them (friend_tags). */
export const tags = pgTable('tags', labelColumns(), (t) => [
  unique('tags_channel_name_key').on(t.lineAccountId, t.name),
  /** What a channel's rows refer to a tag by, so they cannot name another channel's (plans/schema.ts). */
  unique('tags_channel_id_key').on(t.lineAccountId, t.id),
  index('tags_folder_idx').on(t.folderId),
]);

/** A mark (マーク) of a channel: a tag with a colour, e.g. to flag talks as handled. */
export const marks = pgTable('marks', { ...labelColumns(), color: text('color').notNull() }, (t) => [
  unique('marks_channel_name_key').on(t.lineAccountId, t.name),
  unique('marks_channel_id_key').on(t.lineAccountId, t.id),
  index('marks_folder_idx').on(t.folderId),
]);

/*
 * A friend's labels carry the channel in both foreign keys, so a friend of one channel cannot carry
 * another channel's label (issue 22 §4). The friend's key cascades the channel's removal: no key of
 * their own to line_accounts on these, the hottest link tables (a tag put on 50,000 friends at once).
 */
export const friendTags = pgTable(
  'friend_tags',
  {
    lineAccountId: integer('line_account_id').notNull(),
    friendId: integer('friend_id').notNull(),
    tagId: integer('tag_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.friendId, t.tagId] }),
    index('friend_tags_tag_idx').on(t.tagId, t.friendId),
    channelReference('friend_tags_friend_fk', t.lineAccountId, t.friendId, friends).onDelete('cascade'),
    channelReference('friend_tags_tag_fk', t.lineAccountId, t.tagId, tags).onDelete('cascade'),
  ],
);

export const friendMarks = pgTable(
  'friend_marks',
  {
    lineAccountId: integer('line_account_id').notNull(),
    friendId: integer('friend_id').notNull(),
    markId: integer('mark_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.friendId, t.markId] }),
    index('friend_marks_mark_idx').on(t.markId, t.friendId),
    channelReference('friend_marks_friend_fk', t.lineAccountId, t.friendId, friends).onDelete('cascade'),
    channelReference('friend_marks_mark_fk', t.lineAccountId, t.markId, marks).onDelete('cascade'),
  ],
);

/**
 * How many friends carry each tag and each mark, kept by statement-level triggers on friend_tags and
 * friend_marks (migration 0045), so a list filtered by one label answers its total from one row.
 * A label's row goes with the label (cascade); a missing row means nobody carries it.
 */
export const tagFriendCounts = pgTable('tag_friend_counts', {
  tagId: integer('tag_id')
    .primaryKey()
    .references(() => tags.id, { onDelete: 'cascade' }),
  friends: integer('friends').notNull(),
});

export const markFriendCounts = pgTable('mark_friend_counts', {
  markId: integer('mark_id')
    .primaryKey()
    .references(() => marks.id, { onDelete: 'cascade' }),
  friends: integer('friends').notNull(),
});
