import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgSequence, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ACTION_TYPES, MESSAGE_TYPES, type BuilderMessage } from '@linq/contract';
import { createdAt, updatedAt } from '../../platform/db-columns.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { folders } from '../folders/schema.ts';
import { users } from '../sessions/schema.ts';

/**
 * The ids of every nested item of a saved message (the message, confirm, quick reply, columns,
 * image carousels, actions, link_urls, scores). One sequence for all kinds, so the postback data
 * of a tap ('linq:a:<id>') names exactly one action whatever its kind or template.
 */
export const messageItemIdSeq = pgSequence('message_item_id_seq');

/**
 * A message template (the message builder's output). Channel templates belong to a channel and
 * sit in its templates folders; teppan templates (line_account_id null) are the platform's, in
 * admin folders. `message` is the builder model with its item ids.
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: serial('id').primaryKey(),
    lineAccountId: integer('line_account_id').references(() => lineAccounts.id, { onDelete: 'cascade' }),
    folderId: integer('folder_id').references(() => folders.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    messageType: text('message_type', { enum: MESSAGE_TYPES }).notNull(),
    message: jsonb('message').$type<BuilderMessage>().notNull(),
    /** The staff member (channel template) or administrator (teppan) who created it. */
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('message_templates_channel_type_updated_idx').on(t.lineAccountId, t.messageType, t.updatedAt.desc()),
    index('message_templates_teppan_updated_idx')
      .on(t.messageType, t.updatedAt.desc())
      .where(sql`${t.lineAccountId} is null`),
    index('message_templates_folder_idx').on(t.folderId),
    index('message_templates_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/**
 * The tappable actions (buttons, quick-reply items, image areas) of each template, one row per
 * action item id: a tap's postback names the id, and this row gives the channel, label and score.
 * Rebuilt from the template's message on every save.
 */
export const messageTemplateActions = pgTable(
  'message_template_actions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => messageTemplates.id, { onDelete: 'cascade' }),
    /** The template's channel; null for teppan templates, whose actions no friend can tap. */
    lineAccountId: integer('line_account_id').references(() => lineAccounts.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    actionType: text('action_type', { enum: ACTION_TYPES }).notNull(),
    score: integer('score').notNull().default(0),
  },
  (t) => [index('message_template_actions_template_idx').on(t.templateId)],
);
