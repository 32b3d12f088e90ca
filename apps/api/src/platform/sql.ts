import { DrizzleQueryError } from 'drizzle-orm/errors';

/** ILIKE pattern matching `text` anywhere, with its own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Whether a write failed on this unique index. Unique indexes carry uniqueness rules,
 * so they also hold against concurrent writes.
 */
export function violatesUnique(error: unknown, indexName: string): boolean {
  const cause = error instanceof DrizzleQueryError ? error.cause : error;
  return (cause as { constraint?: string } | undefined)?.constraint === indexName;
}
