import { index, integer, pgTable, primaryKey, serial, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../platform/db-columns.ts';
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

export const friendTags = pgTable(
  'friend_tags',
  {
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.friendId, t.tagId] }), index('friend_tags_tag_idx').on(t.tagId, t.friendId)],
);

export const friendMarks = pgTable(
  'friend_marks',
  {
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    markId: integer('mark_id')
      .notNull()
      .references(() => marks.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.friendId, t.markId] }), index('friend_marks_mark_idx').on(t.markId, t.friendId)],
);
