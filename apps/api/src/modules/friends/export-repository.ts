import type { ChannelScope } from '../../platform/principal.ts';
import { getTableName, sql, type Column, type Table } from 'drizzle-orm';
import type { AudienceExpression } from '@linq/contract';
import { friends } from './schema.ts';
import { friendMarks, friendTags, marks, tags } from '../labels/schema.ts';
import { shownName, type FriendSort } from '../audience/repository/order.ts';
import { audienceRows, type AudienceSource } from '../audience/repository/read.ts';

/*
 * The friend list's CSV export: the list's audience in the list's order, read in batches by the
 * audience module (a server-side cursor on PostgreSQL, keyset pages on PGlite), with these columns.
 */

export interface ExportRow {
  id: number;
  displayName: string;
  lineDisplayName: string;
  status: 'following' | 'blocked';
  /** Formatted in the account's time zone (YYYY-MM-DD HH:MM:SS). */
  followedAt: string | null;
  blockedAt: string | null;
  score: number;
  notes: string | null;
  tagNames: string | null;
  markNames: string | null;
}

/** Columns named with their table: drizzle leaves a single-table select's columns bare, also in subqueries. */
const qualified = (table: Table, column: Column) =>
  sql`${sql.identifier(getTableName(table))}.${sql.identifier(column.name)}`;

/** A friend's label names in one cell, by the label's sort_index then id (a subquery of a select from friends). */
function labelNames(table: typeof tags, link: typeof friendTags, linkLabelId: Column) {
  const [name, sortIndex, id] = [table.name, table.sortIndex, table.id].map((c) => qualified(table, c));
  return sql<
    string | null
  >`(select string_agg(${name}, ', ' order by ${sortIndex}, ${id}) from ${link} inner join ${table} on ${id} = ${qualified(link, linkLabelId)} where ${qualified(link, link.friendId)} = ${qualified(friends, friends.id)})`;
}

/**
 * The export's columns. Each is aliased by its name here, so that the rows a cursor fetches
 * (unmapped by drizzle) come back as ExportRow too: they are all integers and text.
 */
function exportColumns(timeZone: string) {
  const at = (column: typeof friends.followedAt | typeof friends.blockedAt) =>
    sql<string | null>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;
  return {
    id: sql<number>`${friends.id}`.as('id'),
    displayName: sql<string>`${shownName}`.as('displayName'),
    lineDisplayName: sql<string>`${friends.displayName}`.as('lineDisplayName'),
    status: sql<'following' | 'blocked'>`${friends.status}`.as('status'),
    followedAt: at(friends.followedAt).as('followedAt'),
    blockedAt: at(friends.blockedAt).as('blockedAt'),
    score: sql<number>`${friends.score}`.as('score'),
    notes: sql<string | null>`${friends.notes}`.as('notes'),
    tagNames: labelNames(tags, friendTags, friendTags.tagId).as('tagNames'),
    markNames: labelNames(
      marks as unknown as typeof tags,
      friendMarks as unknown as typeof friendTags,
      friendMarks.markId,
    ).as('markNames'),
  };
}

/** The audience's friends in the list's order, `size` rows at a time, with the columns of the export (times in `timeZone`). */
export function exportBatches(
  source: AudienceSource,
  scope: ChannelScope,
  audience: AudienceExpression,
  sort: FriendSort,
  timeZone: string,
  size: number,
): AsyncGenerator<ExportRow[]> {
  return audienceRows(source, scope, audience, sort, exportColumns(timeZone), size);
}
