import { sql } from 'drizzle-orm';
import { foreignKey, timestamp, type PgColumn } from 'drizzle-orm/pg-core';

/** Column helpers every module's schema uses. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** The database's clock, for writes and comparisons that must not use the API process's clock. */
export const nowSql = sql`now()`;

/**
 * A reference between two rows of one channel: `(line_account_id, column)` → the target's
 * `(line_account_id, id)`, so a row can never point at another channel's.
 */
export function channelReference(
  name: string,
  channel: PgColumn,
  column: PgColumn,
  target: { lineAccountId: PgColumn; id: PgColumn },
) {
  return foreignKey({ name, columns: [channel, column], foreignColumns: [target.lineAccountId, target.id] });
}
