import { sql, type SQL } from 'drizzle-orm';
import type { FRIEND_SORTS } from '@linq/contract';
import { friends } from '../../friends/schema.ts';

/*
 * The orders an audience is read in (the friend list's sorts): by key then id, nulls last either way.
 */

export type FriendSortKey = (typeof FRIEND_SORTS)[number];
export interface FriendSort {
  sort: FriendSortKey;
  order: 'asc' | 'desc';
}

/** The name the console shows: the staff's override when set, else LINE's name. */
export const shownName = sql<string>`coalesce(${friends.displayNameOverride}, ${friends.displayName})`;

/** Sort keys; nullable ones sort nulls last in both directions (the indexes of friends/schema.ts follow these orders). */
export const SORT_KEYS: Record<FriendSortKey, { expr: SQL; nullable: boolean; type: string }> = {
  followed_at: { expr: sql`${friends.followedAt}`, nullable: true, type: 'timestamptz' },
  last_message_at: { expr: sql`${friends.lastMessageAt}`, nullable: true, type: 'timestamptz' },
  display_name: { expr: shownName, nullable: false, type: 'text' },
  score: { expr: sql`${friends.score}`, nullable: false, type: 'integer' },
};

/** A nullable key's list is read in two parts: the rows with a key, then those without. */
export type Part = 'values' | 'nulls';

/**
 * The order of one part of the list: the rows with a sort key by key then id, or (a nullable
 * key's nulls, which come last either way) by id. Rows with a key are ordered as the indexes
 * are built (`desc nulls last` / `asc nulls first`, the same rows since the nulls are not among
 * them), so every order of every key reads an index range instead of sorting the channel.
 */
export function partOrder(
  sort: FriendSort,
  part: Part,
  columns: { key: SQL; id: SQL } = { key: SORT_KEYS[sort.sort].expr, id: sql`${friends.id}` },
): SQL[] {
  const key = SORT_KEYS[sort.sort];
  const direction = sql.raw(sort.order === 'asc' ? 'asc' : 'desc');
  const byId = sql`${columns.id} ${direction}`;
  if (part === 'nulls') return [byId];
  const nulls = sql.raw(key.nullable ? (sort.order === 'asc' ? ' nulls first' : ' nulls last') : '');
  return [sql`${columns.key} ${direction}${nulls}`, byId];
}

export const partCondition = (sort: FriendSort, part: Part): SQL | undefined => {
  const key = SORT_KEYS[sort.sort];
  if (!key.nullable) return undefined;
  return part === 'values' ? sql`${key.expr} is not null` : sql`${key.expr} is null`;
};

/** The parts of an order: a nullable sort key's values, then its nulls. */
export const partsOf = (sort: FriendSort): Part[] => (SORT_KEYS[sort.sort].nullable ? ['values', 'nulls'] : ['values']);
