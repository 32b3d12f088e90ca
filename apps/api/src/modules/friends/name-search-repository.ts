import { and, ilike, or, sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../platform/sql.ts';
import { friends } from './schema.ts';

/**
 * Friends whose name contains `text`, case-insensitive (`ilike '%text%'`, its wildcards taken
 * literally): the staff's override, or LINE's name, which still finds a renamed friend. Each
 * column by itself (not their coalesce), so that its indexes serve the search: trigrams (pg_trgm)
 * from three characters; below that, which has no trigram, the GIN index over the column's
 * characters and character pairs (`name_grams`, migration 0044), e.g. 田 or 佐藤.
 */
export function friendNameContains(text: string): SQL {
  const pattern = containsPattern(text);
  const { displayNameOverride: override, displayName: lineName } = friends;
  // Code points, not UTF-16 units: 𠮷 is one character, as name_grams counts them.
  if ([...text].length > 2) return or(ilike(override, pattern), ilike(lineName, pattern))!;
  const gram = sql`array[lower(${text}::text)]`;
  return and(
    // The index condition: a name whose lower-cased text contains the text has it as a gram.
    or(sql`name_grams(${override}) @> ${gram}`, sql`name_grams(${lineName}) @> ${gram}`),
    // The recheck, with ilike's meaning: PostgreSQL compares a UTF-8 ILIKE as lower(name) LIKE
    // lower(pattern). Said that way so that the planner does not also read the trigram indexes,
    // which have no key for one or two characters and would return every row.
    or(sql`lower(${override}) like lower(${pattern}::text)`, sql`lower(${lineName}) like lower(${pattern}::text)`),
  )!;
}
