import type { ChannelScope } from '../../platform/principal.ts';
import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FRIEND_SORTS, TAG_MATCHES } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import { friends } from './schema.ts';
import { friendMarks, friendTags, tags } from '../labels/schema.ts';
import { containsPattern } from '../../platform/sql.ts';

/*
 * The friend list (and its CSV export). Every query takes the channel (the checked
 * LineAccountId) and filters by it, so ids of another channel find nothing.
 */

export interface FriendFilter {
  name?: string | undefined;
  tagIds: number[];
  tagMatch: (typeof TAG_MATCHES)[number];
  markIds: number[];
  /** YYYY-MM-DD, both inclusive, in `timeZone`. */
  followedFrom?: string | undefined;
  followedTo?: string | undefined;
  status?: 'following' | 'blocked' | undefined;
  /** The account's IANA time zone: the followed dates are days there. */
  timeZone: string;
}
export type FriendSortKey = (typeof FRIEND_SORTS)[number];
export interface FriendSort {
  sort: FriendSortKey;
  order: 'asc' | 'desc';
}

/** The name the console shows: the staff's override when set, else LINE's name. */
export const shownName = sql<string>`coalesce(${friends.displayNameOverride}, ${friends.displayName})`;

/** Sort keys; nullable ones sort nulls last in both directions (the indexes of schema.ts follow these orders). */
export const SORT_KEYS: Record<FriendSortKey, { expr: SQL | typeof friends.id; nullable: boolean; type: string }> = {
  followed_at: { expr: sql`${friends.followedAt}`, nullable: true, type: 'timestamptz' },
  last_message_at: { expr: sql`${friends.lastMessageAt}`, nullable: true, type: 'timestamptz' },
  display_name: { expr: shownName, nullable: false, type: 'text' },
  score: { expr: sql`${friends.score}`, nullable: false, type: 'integer' },
};

/** The filter's conditions other than the tags, the channel's first. */
function baseConditions(lineAccountId: number, filter: FriendFilter): SQL[] {
  const conditions: SQL[] = [eq(friends.lineAccountId, lineAccountId)];
  if (filter.name) {
    // Each column by itself (not their coalesce), so that its trigram index serves the search.
    const pattern = containsPattern(filter.name);
    conditions.push(or(ilike(friends.displayNameOverride, pattern), ilike(friends.displayName, pattern))!);
  }
  if (filter.status) conditions.push(eq(friends.status, filter.status));
  // Midnight of the day in the account's zone, as an instant: the range stays sargable on followed_at.
  if (filter.followedFrom) {
    conditions.push(
      sql`${friends.followedAt} >= (${filter.followedFrom}::date::timestamp at time zone ${filter.timeZone})`,
    );
  }
  if (filter.followedTo) {
    conditions.push(
      sql`${friends.followedAt} < ((${filter.followedTo}::date + 1)::timestamp at time zone ${filter.timeZone})`,
    );
  }
  const markIds = [...new Set(filter.markIds)];
  if (markIds.length > 0) {
    conditions.push(
      sql`${friends.id} in (select ${friendMarks.friendId} from ${friendMarks} where ${friendMarks.markId} in ${markIds})`,
    );
  }
  return conditions;
}

/*
 * Link rows only join a channel's friends to the same channel's labels, so another channel's
 * tag ids match nothing. Tag conditions are semi-joins driven by friend_tags (tag_id, friend_id).
 */
const filterTagIds = (filter: FriendFilter) => [...new Set(filter.tagIds)];
/** The friends carrying any of the tags. */
const carryingAny = (tagIds: number[]) =>
  sql`${friends.id} in (select ${friendTags.friendId} from ${friendTags} where ${friendTags.tagId} in ${tagIds})`;
/** The friends carrying every tag: one semi-join per tag, which the planner orders by size. */
const carryingAll = (tagIds: number[]) =>
  and(
    ...tagIds.map(
      (id) =>
        sql`${friends.id} in (select ${friendTags.friendId} from ${friendTags} where ${friendTags.tagId} = ${id})`,
    ),
  )!;

function tagCondition(filter: FriendFilter): SQL | undefined {
  const tagIds = filterTagIds(filter);
  if (tagIds.length === 0) return undefined;
  if (filter.tagMatch === 'any') return carryingAny(tagIds);
  if (filter.tagMatch === 'all') return carryingAll(tagIds);
  return sql`not exists (select 1 from ${friendTags} where ${friendTags.friendId} = ${friends.id} and ${friendTags.tagId} in ${tagIds})`;
}

export function filterCondition(lineAccountId: number, filter: FriendFilter): SQL {
  return and(...baseConditions(lineAccountId, filter), tagCondition(filter))!;
}

/**
 * How many of the channel's friends match the filter, counted the cheap way for tag filters:
 * - tags only (any or all): from friend_tags alone (links to the channel's own tags), not friends;
 * - tag_match=none: the friends matching the rest minus those of them carrying any of the tags
 *   (two index-driven counts instead of an anti-join over the whole channel).
 */
async function countMatching(db: Db, lineAccountId: number, filter: FriendFilter): Promise<number> {
  const tagIds = filterTagIds(filter);
  const base = baseConditions(lineAccountId, filter);
  const tagsOnly = tagIds.length > 0 && base.length === 1;
  let query;
  if (tagIds.length === 0) {
    query = db
      .select({ n: count() })
      .from(friends)
      .where(and(...base));
  } else if (filter.tagMatch === 'none') {
    // The subquery's `friends` is its own (the nearest one): the same conditions plus the tags.
    const carrying = tagsOnly
      ? sql`(select count(*) from (${channelCarriers(lineAccountId, tagIds, 'any')}) as carriers)`
      : sql`(select count(*) from ${friends} where ${and(...base, carryingAny(tagIds))})`;
    query = db
      .select({ n: sql<number>`count(*) - ${carrying}`.mapWith(Number) })
      .from(friends)
      .where(and(...base));
  } else if (tagsOnly) {
    query = db
      .select({ n: count() })
      .from(sql`(${channelCarriers(lineAccountId, tagIds, filter.tagMatch)}) as carriers`);
  } else {
    query = db
      .select({ n: count() })
      .from(friends)
      .where(and(...base, tagCondition(filter)));
  }
  const [row] = await query;
  return row?.n ?? 0;
}

/**
 * The ids of the friends carrying any or all of the tags (each once), read from friend_tags
 * alone: its links to the channel's own tags, so another channel's tag matches nothing.
 */
function channelCarriers(lineAccountId: number, tagIds: number[], match: 'any' | 'all'): SQL {
  const linksTo = (ids: number[]) =>
    sql`select ${friendTags.friendId} from ${friendTags} where ${friendTags.tagId} in (select ${tags.id} from ${tags} where ${tags.lineAccountId} = ${lineAccountId} and ${tags.id} in ${ids})`;
  if (match === 'any') return sql`${linksTo(tagIds)} group by ${friendTags.friendId}`;
  // The links to the first tag (one per friend), kept when the friend has a link to each other tag.
  const [first, ...others] = tagIds;
  return sql`${linksTo([first!])}${sql.join(
    others.map((id) => sql` and ${friendTags.friendId} in (${linksTo([id])})`),
  )}`;
}

/**
 * The order of one part of the list: the rows with a sort key by key then id, or (a nullable
 * key's nulls, which come last either way) by id. Rows with a key are ordered as the indexes
 * are built (`desc nulls last` / `asc nulls first`, the same rows since the nulls are not among
 * them), so every order of every key reads an index range instead of sorting the channel.
 */
export function partOrder(sort: FriendSort, part: Part): SQL[] {
  const key = SORT_KEYS[sort.sort];
  const direction = sql.raw(sort.order === 'asc' ? 'asc' : 'desc');
  const byId = sql`${friends.id} ${direction}`;
  if (part === 'nulls') return [byId];
  const nulls = sql.raw(key.nullable ? (sort.order === 'asc' ? ' nulls first' : ' nulls last') : '');
  return [sql`${key.expr} ${direction}${nulls}`, byId];
}

/** A nullable key's list is read in two parts: the rows with a key, then those without. */
export type Part = 'values' | 'nulls';
export const partCondition = (sort: FriendSort, part: Part): SQL | undefined => {
  const key = SORT_KEYS[sort.sort];
  if (!key.nullable) return undefined;
  return part === 'values' ? sql`${key.expr} is not null` : sql`${key.expr} is null`;
};

const listColumns = {
  id: friends.id,
  displayName: shownName,
  pictureUrl: friends.pictureUrl,
  status: friends.status,
  followedAt: friends.followedAt,
  blockedAt: friends.blockedAt,
  lastMessageAt: friends.lastMessageAt,
  score: friends.score,
};
export type FriendListRow = {
  id: number;
  displayName: string;
  pictureUrl: string | null;
  status: 'following' | 'blocked';
  followedAt: Date | null;
  blockedAt: Date | null;
  lastMessageAt: Date | null;
  score: number;
};

/**
 * One page of the channel's friends by the filter and order (nulls last, id breaking ties),
 * and how many match in all. A nullable key's page comes from its values part, then (once
 * those run out) from its nulls part.
 */
export async function listPage(
  db: Db,
  { lineAccountId }: ChannelScope,
  filter: FriendFilter,
  sort: FriendSort,
  page: { page: number; limit: number },
): Promise<{ rows: FriendListRow[]; total: number }> {
  const where = filterCondition(lineAccountId, filter);
  const offset = (page.page - 1) * page.limit;
  // A deferred join: the page's ids first (an index-only range however deep), then their rows.
  const read = (part: Part, from: number, limit: number) => {
    const order = partOrder(sort, part);
    const ids = db
      .select({ id: friends.id })
      .from(friends)
      .where(and(where, partCondition(sort, part)))
      .orderBy(...order)
      .limit(limit)
      .offset(from);
    return db
      .select(listColumns)
      .from(friends)
      .where(inArray(friends.id, ids))
      .orderBy(...order);
  };
  const [rows, total] = await Promise.all([
    read('values', offset, page.limit),
    countMatching(db, lineAccountId, filter),
  ]);
  if (SORT_KEYS[sort.sort].nullable && rows.length < page.limit) {
    // The page reaches past the rows with a key: the nulls part starts where they end.
    let withKey = offset + rows.length;
    if (rows.length === 0) {
      const [nulls] = await db
        .select({ n: count() })
        .from(friends)
        .where(and(where, partCondition(sort, 'nulls')));
      withKey = total - (nulls?.n ?? 0);
    }
    rows.push(...(await read('nulls', Math.max(0, offset - withKey), page.limit - rows.length)));
  }
  return { rows, total };
}
