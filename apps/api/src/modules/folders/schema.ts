import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { FOLDER_TYPES } from '@linq/contract';
import { createdAt, updatedAt } from '../../platform/db-columns.ts';
import { lineAccounts } from '../line-accounts/schema.ts';

/**
 * A folder that groups one kind of thing (tags, templates, ...). Service folders belong to a
 * channel; admin folders (line_account_id null) are platform-wide, for teppan templates.
 */
export const folders = pgTable(
  'folders',
  {
    id: serial('id').primaryKey(),
    lineAccountId: integer('line_account_id').references(() => lineAccounts.id, { onDelete: 'cascade' }),
    scope: text('scope', { enum: ['service', 'admin'] }).notNull(),
    folderType: text('folder_type', { enum: FOLDER_TYPES }).notNull(),
    name: text('name').notNull(),
    sortIndex: integer('sort_index').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('folders_channel_type_sort_idx').on(t.lineAccountId, t.folderType, t.sortIndex),
    /** The name rule: unique per channel and type, admin folders (null channel) among themselves. */
    unique('folders_channel_type_name_key').on(t.lineAccountId, t.folderType, t.name).nullsNotDistinct(),
    check('folders_scope_channel_check', sql`(${t.scope} = 'admin') = (${t.lineAccountId} is null)`),
  ],
);
