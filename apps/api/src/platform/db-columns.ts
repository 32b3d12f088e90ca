import { sql } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';

/** Column helpers every module's schema uses. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** The database's clock, for writes and comparisons that must not use the API process's clock. */
export const nowSql = sql`now()`;
