import { DrizzleQueryError } from 'drizzle-orm/errors';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** ILIKE pattern matching `text` anywhere, with its own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Whether a write failed on this unique index. Unique indexes carry uniqueness rules,
 * so they also hold against concurrent writes.
 */
export function violatesUnique(error: unknown, indexName: string): boolean {
  return violatedConstraint(error) === indexName;
}

/** Whether a write failed on this foreign key (the row it refers to is gone). */
export function violatesForeignKey(error: unknown, constraintName: string): boolean {
  return violatedConstraint(error) === constraintName;
}

function violatedConstraint(error: unknown): string | undefined {
  const cause = error instanceof DrizzleQueryError ? error.cause : error;
  return (cause as { constraint?: string } | undefined)?.constraint;
}

/**
 * A timestamp as exact text (UTC, microseconds): a keyset cursor built from it finds its row again,
 * which a JavaScript Date (milliseconds) would not. Cast back with `::timestamptz`.
 */
export function exactTime(column: AnyColumn | SQL): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** Rows strictly older than (at, id) in the order (time desc, id desc): a range of an index on (…, time, id). */
export function olderThan(time: AnyColumn, id: AnyColumn, before: { at: string; id: number }): SQL {
  return sql`(${time}, ${id}) < (${before.at}::timestamptz, ${before.id}::bigint)`;
}
