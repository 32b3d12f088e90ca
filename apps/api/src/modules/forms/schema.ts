import { index, integer, jsonb, pgTable, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  FORM_HISTORY_KINDS,
  type FormActions,
  type FormActionSnapshot,
  type FormAnswerItem,
  type FormField,
  type FormSettings,
  type FormValues,
} from '@linq/contract';
import { channelReference, createdAt, updatedAt } from '../../platform/db-columns.ts';
import { folders } from '../folders/schema.ts';
import { friends } from '../friends/schema.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { users } from '../sessions/schema.ts';

const channel = () =>
  integer('line_account_id')
    .notNull()
    .references(() => lineAccounts.id, { onDelete: 'cascade' });

/**
 * An answer form of a channel: its definition as the builder saves it (fields, settings, actions,
 * checked against the contract and the channel on save), and the answers it has taken so far
 * (`answer_count`, raised in the answer's transaction under the form's row lock, so max_answers holds).
 */
export const forms = pgTable(
  'forms',
  {
    id: serial('id').primaryKey(),
    lineAccountId: channel(),
    folderId: integer('folder_id').references(() => folders.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    fields: jsonb('fields').$type<FormField[]>().notNull(),
    settings: jsonb('settings').$type<FormSettings>().notNull(),
    actions: jsonb('actions').$type<FormActions>().notNull(),
    /** The random code of the public address for anonymous answers (/form?c=…). */
    publicCode: text('public_code').notNull(),
    answerCount: integer('answer_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('forms_channel_id_key').on(t.lineAccountId, t.id),
    uniqueIndex('forms_public_code_idx').on(t.publicCode),
    index('forms_channel_updated_idx').on(t.lineAccountId, t.updatedAt.desc()),
    index('forms_folder_idx').on(t.folderId),
  ],
);

/**
 * One answer: by a friend (through their signed link) or anonymous. `submission_id` is the page's
 * id of one submit: a repeated submit finds its answer and changes nothing. `items` keeps each
 * question's label and the answer as text at answering time, so later edits of the form keep old
 * answers readable.
 */
export const formAnswers = pgTable(
  'form_answers',
  {
    id: serial('id').primaryKey(),
    lineAccountId: channel(),
    formId: integer('form_id').notNull(),
    friendId: integer('friend_id').references(() => friends.id, { onDelete: 'set null' }),
    submissionId: text('submission_id').notNull(),
    values: jsonb('values').$type<FormValues>().notNull(),
    items: jsonb('items').$type<FormAnswerItem[]>().notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    channelReference('form_answers_form_fk', t.lineAccountId, t.formId, {
      lineAccountId: forms.lineAccountId,
      id: forms.id,
    }).onDelete('cascade'),
    unique('form_answers_channel_id_key').on(t.lineAccountId, t.id),
    uniqueIndex('form_answers_submission_idx').on(t.formId, t.submissionId),
    index('form_answers_form_time_idx').on(t.lineAccountId, t.formId, t.answeredAt.desc(), t.id.desc()),
    index('form_answers_channel_time_idx').on(t.lineAccountId, t.answeredAt.desc(), t.id.desc()),
    index('form_answers_friend_time_idx').on(t.lineAccountId, t.friendId, t.answeredAt.desc(), t.id.desc()),
  ],
);

/** A recorded change of a form (creation, and every save that changed its actions): who, when, before and after. */
export const formHistory = pgTable(
  'form_history',
  {
    id: serial('id').primaryKey(),
    lineAccountId: channel(),
    formId: integer('form_id').notNull(),
    kind: text('kind', { enum: FORM_HISTORY_KINDS }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The staff member's name then (kept when the user is gone). */
    actorName: text('actor_name'),
    before: jsonb('before').$type<FormActionSnapshot>(),
    after: jsonb('after').$type<FormActionSnapshot>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    channelReference('form_history_form_fk', t.lineAccountId, t.formId, {
      lineAccountId: forms.lineAccountId,
      id: forms.id,
    }).onDelete('cascade'),
    index('form_history_form_idx').on(t.lineAccountId, t.formId, t.createdAt.desc()),
  ],
);

/** An image uploaded on the public page for one form; the answer names it by its random token. */
export const formUploads = pgTable(
  'form_uploads',
  {
    id: serial('id').primaryKey(),
    lineAccountId: channel(),
    formId: integer('form_id').notNull(),
    token: text('token').notNull(),
    url: text('url').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    channelReference('form_uploads_form_fk', t.lineAccountId, t.formId, {
      lineAccountId: forms.lineAccountId,
      id: forms.id,
    }).onDelete('cascade'),
    uniqueIndex('form_uploads_token_idx').on(t.token),
  ],
);
