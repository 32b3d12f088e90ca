import { randomBytes } from 'node:crypto';
import {
  conversionPagePath,
  conversionPixelPath,
  listPage,
  type BreakdownRow,
  type ConversionPoint,
  type FriendConversion,
  type breakdownQuery,
  type conversionListQuery,
  type conversionPointInput,
  type conversionRange,
} from '@linq/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import * as repo from './repository.ts';

/* Conversion points: their settings, counts and breakdowns, and a friend's conversions. */

export const POINT_NOUN = 'コンバージョンポイント';
const FOREIGN_TAG_MESSAGE = 'このチャネルのタグではありません';
const FOREIGN_FOLDER_MESSAGE = 'コンバージョンのフォルダを選んでください';
const NO_COUNTS: repo.PointCounts = { total: 0, known: 0, anonymous: 0, friends: 0 };

/** 18 random bytes, URL-safe: the point's public code, which names nothing else. */
export const newPointCode = () => randomBytes(18).toString('base64url');

type Range = z.output<typeof conversionRange>;

async function dayRange(ctx: AppContext, scope: ChannelScope, range: Range): Promise<repo.DayRange> {
  return { from: range.from, to: range.to, timeZone: await repo.channelTimeZone(ctx.database.db, scope) };
}

function present(row: repo.PointRow, counts: repo.PointCounts): ConversionPoint {
  return {
    id: row.id,
    name: row.name,
    folder_id: row.folderId,
    goal_url: row.goalUrl,
    count_mode: row.countMode,
    value: row.value,
    score: row.score,
    tag_ids: row.tagIds,
    page_path: conversionPagePath(row.code),
    pixel_path: conversionPixelPath(row.code),
    counts,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function list(ctx: AppContext, scope: ChannelScope, query: z.output<typeof conversionListQuery>) {
  const db = ctx.database.db;
  const { rows, total } = await repo.listPoints(db, scope, {
    folderId: query.folder_id,
    name: query.name,
    page: query.page,
    limit: query.limit,
  });
  const counts = await repo.countsOf(
    db,
    scope,
    rows.map((row) => row.id),
    await dayRange(ctx, scope, query),
  );
  return listPage(
    rows.map((row) => present(row, counts.get(row.id) ?? NO_COUNTS)),
    total,
    query,
  );
}

async function ownPoint(ctx: AppContext, scope: ChannelScope, id: number): Promise<repo.PointRow> {
  const row = await repo.findPoint(ctx.database.db, scope, id);
  if (!row) throw notFound(POINT_NOUN);
  return row;
}

export async function get(ctx: AppContext, scope: ChannelScope, id: number, range: Range): Promise<ConversionPoint> {
  const row = await ownPoint(ctx, scope, id);
  const counts = await repo.countsOf(ctx.database.db, scope, [id], await dayRange(ctx, scope, range));
  return present(row, counts.get(id) ?? NO_COUNTS);
}

async function values(
  ctx: AppContext,
  scope: ChannelScope,
  input: z.output<typeof conversionPointInput>,
): Promise<repo.PointValues> {
  const db = ctx.database.db;
  if (input.folder_id !== null && !(await repo.ownIds(db, scope, 'folders', [input.folder_id])).has(input.folder_id)) {
    throw fieldError('folder_id', FOREIGN_FOLDER_MESSAGE);
  }
  const tagIds = [...new Set(input.tag_ids)];
  const own = await repo.ownIds(db, scope, 'tags', tagIds);
  if (tagIds.some((tagId) => !own.has(tagId))) throw fieldError('tag_ids', FOREIGN_TAG_MESSAGE);
  return {
    name: input.name,
    folderId: input.folder_id,
    goalUrl: input.goal_url,
    countMode: input.count_mode,
    value: input.value,
    score: input.score,
    tagIds,
  };
}

export async function create(
  ctx: AppContext,
  scope: ChannelScope,
  input: z.output<typeof conversionPointInput>,
): Promise<ConversionPoint> {
  const row = await repo.insertPoint(ctx.database.db, scope, newPointCode(), await values(ctx, scope, input));
  return present(row, NO_COUNTS);
}

export async function update(
  ctx: AppContext,
  scope: ChannelScope,
  id: number,
  input: z.output<typeof conversionPointInput>,
): Promise<ConversionPoint> {
  const row = await repo.updatePoint(ctx.database.db, scope, id, await values(ctx, scope, input));
  if (!row) throw notFound(POINT_NOUN);
  return get(ctx, scope, id, {});
}

export async function remove(ctx: AppContext, scope: ChannelScope, id: number) {
  if (!(await repo.deletePoint(ctx.database.db, scope, id))) throw notFound(POINT_NOUN);
  return { id };
}

export async function breakdown(
  ctx: AppContext,
  scope: ChannelScope,
  id: number,
  query: z.output<typeof breakdownQuery>,
) {
  await ownPoint(ctx, scope, id);
  const { rows, total } = await repo.breakdown(
    ctx.database.db,
    scope,
    id,
    query.by,
    await dayRange(ctx, scope, query),
    query,
  );
  const data: BreakdownRow[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    count: row.count,
    last_at: new Date(row.lastAt!).toISOString(),
  }));
  return listPage(data, total, query);
}

export async function ofFriend(ctx: AppContext, scope: ChannelScope, friendId: number): Promise<FriendConversion[]> {
  if (!(await repo.isFriend(ctx.database.db, scope, friendId))) throw notFound('友だち');
  const rows = await repo.friendConversions(ctx.database.db, scope, friendId);
  return rows.map((row) => ({
    id: row.id,
    point_id: row.pointId,
    point_name: row.pointName,
    reached_at: row.reachedAt.toISOString(),
    value: row.value,
    inflow_route_name: row.inflowRouteName,
    plan_name: row.planName,
  }));
}

/**
 * Conversions per inflow route reached in [start, end), for the inflows module's list: each
 * conversion keeps the route its friend came through (origins.ts), so this reads conversions alone.
 */
export async function conversionsPerInflowRoute(
  db: Db,
  scope: ChannelScope,
  routeIds: number[],
  range: { start: Date; end: Date },
): Promise<Map<number, number>> {
  return repo.perInflowRoute(db, scope, routeIds, range);
}

export { dayRange };
