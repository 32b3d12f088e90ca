import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db-columns.ts';
import { users } from '../sessions/schema.ts';
import { oems } from '../tenants/schema.ts';

export const OEM_PAGE_KINDS = ['privacy_policy', 'terms'] as const;

/**
 * The OEM's privacy policy and terms of use (Markdown). Every save is a new version, never an
 * update: the highest version of a kind is the one served.
 */
export const oemPageVersions = pgTable(
  'oem_page_versions',
  {
    id: serial('id').primaryKey(),
    oemId: integer('oem_id')
      .notNull()
      .references(() => oems.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: OEM_PAGE_KINDS }).notNull(),
    version: integer('version').notNull(),
    body: text('body').notNull(),
    /** Who saved it; null once that admin is deleted (the name below stays). */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('oem_page_versions_kind_version_idx').on(t.oemId, t.kind, t.version)],
);
