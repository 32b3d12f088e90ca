import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { IMPORT_ENCODINGS, IMPORT_OUTCOMES, IMPORT_STATUSES, type ImportMapping } from '@linq/contract';
import { createdAt, updatedAt } from '../../platform/db-columns.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { accounts } from '../tenants/schema.ts';

/** A friends CSV uploaded for one channel, and its run: status, checkpoint and counts. */
export const friendImports = pgTable(
  'friend_imports',
  {
    id: serial('id').primaryKey(),
    lineAccountId: integer('line_account_id')
      .notNull()
      .references(() => lineAccounts.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** Where the uploaded file is kept (FileStorage key). */
    fileKey: text('file_key').notNull(),
    encoding: text('encoding', { enum: IMPORT_ENCODINGS }).notNull(),
    headers: jsonb('headers').$type<string[]>().notNull(),
    /** The first rows, for the mapping step. */
    sample: jsonb('sample').$type<string[][]>().notNull(),
    /** The mapping of the run (set when it is started). */
    mapping: jsonb('mapping').$type<ImportMapping>(),
    status: text('status', { enum: IMPORT_STATUSES }).notNull().default('uploaded'),
    totalRows: integer('total_rows'),
    /** The checkpoint: data rows done (their outcomes committed with it); a resumed run skips them. */
    processedRows: integer('processed_rows').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    failure: text('failure'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('friend_imports_channel_idx').on(t.lineAccountId, t.id)],
);

/**
 * One data row of a run: its outcome, the friend it created or changed and what that friend had
 * before (for the undo), or its error. The report is these rows.
 */
export const friendImportRows = pgTable(
  'friend_import_rows',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => friendImports.id, { onDelete: 'cascade' }),
    /** The row's line in the file (the header is line 1). */
    line: integer('line').notNull(),
    lineAccountId: integer('line_account_id').notNull(),
    outcome: text('outcome', { enum: IMPORT_OUTCOMES }).notNull(),
    /** No foreign key: the friend may be removed later; the undo and the merge then find nothing. */
    friendId: integer('friend_id'),
    lineUserId: text('line_user_id'),
    toolId: text('tool_id'),
    message: text('message'),
    before: jsonb('before').$type<ImportBefore>(),
    /** Created by the import and not yet seen through a webhook ("imported, waiting"). */
    waiting: boolean('waiting').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.line] }),
    index('friend_import_rows_waiting_idx')
      .on(t.lineAccountId, t.friendId)
      .where(sql`waiting`),
  ],
);

/** The account's mapping of its last run, offered for its next file. */
export const friendImportMappings = pgTable('friend_import_mappings', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  mapping: jsonb('mapping').$type<ImportMapping>().notNull(),
  updatedAt: updatedAt(),
});

/** What an updated friend had before the run changed it: enough to restore it. */
export interface ImportBefore {
  score?: number;
  displayName?: string;
  followedAt?: string | null;
  /** Labels the run added (removed again by the undo). */
  addedTags?: number[];
  addedMarks?: number[];
  /** Info values the run set: the previous value, null when the friend had none. */
  info?: Record<string, string | null>;
}
