import type { ChannelScope } from '../../platform/principal.ts';
import { inArray } from 'drizzle-orm';
import type { AudienceExpression } from '@linq/contract';
import { friends } from './schema.ts';
import { shownName, type FriendSort } from '../audience/repository/order.ts';
import { audiencePage, type AudienceSource } from '../audience/repository/read.ts';

/*
 * The friend list: its filters are an audience (modules/audience), read in the channel only, so
 * ids of another channel find nothing.
 */

export type { FriendSort, FriendSortKey } from '../audience/repository/order.ts';
export { shownName };

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
 * One page of the channel's friends in the audience by the order (nulls last, id breaking ties),
 * and how many are in it: a deferred join, the page's ids first (the audience's), then their rows.
 */
export async function listPage(
  source: AudienceSource,
  scope: ChannelScope,
  audience: AudienceExpression,
  sort: FriendSort,
  page: { page: number; limit: number },
): Promise<{ rows: FriendListRow[]; total: number }> {
  const { ids, total } = await audiencePage(source, scope, audience, sort, page);
  if (ids.length === 0) return { rows: [], total };
  const rows = await source.db.select(listColumns).from(friends).where(inArray(friends.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total };
}
