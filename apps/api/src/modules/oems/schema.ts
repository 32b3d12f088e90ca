import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db-columns.ts';
import { oems } from '../tenants/schema.ts';

/**
 * More host names of an OEM beyond its primary `oems.domain` (e.g. the www. name): branding answers
 * them as the primary one. A name is unique here; the service keeps it apart from every primary one.
 */
export const oemDomains = pgTable(
  'oem_domains',
  {
    id: serial('id').primaryKey(),
    oemId: integer('oem_id')
      .notNull()
      .references(() => oems.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('oem_domains_oem_idx').on(t.oemId)],
);
