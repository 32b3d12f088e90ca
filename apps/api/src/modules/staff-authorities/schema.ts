import { integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { type Permissions } from '@linq/contract';
import { createdAt, updatedAt } from '../../platform/db-columns.ts';
import { accounts } from '../tenants/schema.ts';

export const staffAuthorities = pgTable(
  'staff_authorities',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    permissions: jsonb('permissions').$type<Permissions>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('staff_authorities_account_name_idx').on(t.accountId, t.name)],
);
