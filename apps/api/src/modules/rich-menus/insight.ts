import { RICH_MENU_INSIGHT_MAX_DAYS, type RichMenuInsight, type richMenuInsightQuery } from '@linq/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { inTurn } from '../../platform/db.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { LineApiError } from '../../platform/line.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { channelLine } from './relink.ts';
import * as repo from './repository.ts';

/*
 * LINE's rich-menu insight, read where the menu is on LINE (a real channel or the simulator) and
 * shown beside our own tap counts over the same JST days. LINE withholds the figures below its privacy threshold: that is
 * its own state, never zeros.
 */

const DAY_MS = 24 * 3600 * 1000;
/** LINE's insight days are JST days. */
const JST_OFFSET_MS = 9 * 3600 * 1000;
const jstDay = (at: Date) => new Date(at.getTime() + JST_OFFSET_MS).toISOString().slice(0, 10);
const compact = (day: string) => day.replaceAll('-', '');
const dashed = (day: string) => `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
/** The instant a JST day starts. */
const jstStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - JST_OFFSET_MS);

/** Our taps of each of the menu's areas over the JST days from..to (both inclusive). */
async function ourCounts(ctx: AppContext, scope: ChannelScope, menuId: number, from: string, to: string) {
  const db = ctx.database.db;
  const [areas, counts] = await inTurn(
    () => repo.areasOf(db, scope, [menuId]),
    () => repo.tapCountsBetween(db, scope, menuId, jstStart(from), new Date(jstStart(to).getTime() + DAY_MS)),
  );
  return {
    areas,
    ours: areas.map((area) => ({
      area_id: area.id,
      count: counts.find((row) => row.areaId === area.id)?.count ?? 0,
    })),
  };
}

export async function insight(
  ctx: AppContext,
  scope: ChannelScope,
  id: number,
  query: z.output<typeof richMenuInsightQuery>,
): Promise<RichMenuInsight> {
  const menu = await repo.findMenu(ctx.database.db, scope, id);
  if (!menu) throw notFound('リッチメニュー');
  const to = query.to ?? jstDay(ctx.clock.now());
  const from = query.from ?? jstDay(new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS));
  if (dayNumber(to) < dayNumber(from)) throw fieldError('to', '終了日は開始日以降にしてください');
  if (dayNumber(to) - dayNumber(from) >= RICH_MENU_INSIGHT_MAX_DAYS) {
    throw fieldError('to', `期間は${RICH_MENU_INSIGHT_MAX_DAYS}日以内にしてください`);
  }
  const { areas, ours } = await ourCounts(ctx, scope, menu.id, from, to);
  const empty = (state: RichMenuInsight['state'], message: string | null = null): RichMenuInsight => ({
    state,
    message,
    from,
    to,
    impressions: null,
    ours,
    areas: [],
  });
  if (!menu.lineRichMenuId) return empty('not_published');
  const client = await channelLine(ctx, scope);
  if (!client) return empty('unavailable', 'チャネルアクセストークンが設定されていません');
  let figures;
  try {
    figures = await client.richMenuInsight(menu.lineRichMenuId, compact(from), compact(to));
  } catch (error) {
    if (error instanceof LineApiError) return empty('unavailable', error.message);
    throw error;
  }
  if (!figures) return empty('not_enough_data');
  const sameBounds = (bounds: { x: number; y: number; width: number; height: number }) =>
    areas.find(
      (area) =>
        area.x === bounds.x && area.y === bounds.y && area.width === bounds.width && area.height === bounds.height,
    )?.id ?? null;
  const metrics = (m: { count: number; uniqueUsers: number }) => ({ count: m.count, unique_users: m.uniqueUsers });
  return {
    state: 'ready',
    message: null,
    from: dashed(figures.from),
    to: dashed(figures.to),
    impressions: metrics(figures.impressions),
    ours,
    areas: figures.clicks.map((click) => ({
      area_id: sameBounds(click.bounds),
      bounds: click.bounds,
      ...metrics(click.metrics),
      daily: click.daily.map((day) => ({ date: dashed(day.date), ...metrics(day) })),
    })),
  };
}
