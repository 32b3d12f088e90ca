import { CONVERSION_CURRENCY, UTF8_BOM, csvRecord, plainCell, textCell, type conversionRange } from '@linq/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import * as repo from './repository.ts';
import { dayRange, get } from './service.ts';

/* A point's conversions as CSV, and in the shape ad platforms' offline-conversion imports take. */

const SOURCE_LABEL = { link: 'リンク', pixel: 'ピクセル' } as const;
/** The Google Ads click id parameter the inflows module keeps among a visit's click ids. */
export const GOOGLE_CLICK_ID = 'gclid';
export const AD_EXPORT_HEADER = [
  'Google Click ID',
  'Conversion Name',
  'Conversion Time',
  'Conversion Value',
  'Conversion Currency',
];

/** `at` in the time zone as `yyyy-MM-dd HH:mm:ss+hh:mm` (what Google Ads imports read). */
export function localTime(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : String(parts.timeZoneName).replace('GMT', '');
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

type Range = z.output<typeof conversionRange>;

const fileStamp = (range: Range) => [range.from, range.to].filter(Boolean).join('_') || 'all';

export async function exportCsv(ctx: AppContext, scope: ChannelScope, id: number, query: Range) {
  const point = await get(ctx, scope, id, query);
  const range = await dayRange(ctx, scope, query);
  const rows = await repo.exportRows(ctx.database.db, scope, id, range);
  const header = ['日時', 'コンバージョン', '友だちID', '友だち名', '計測', '金額', '流入経路', 'プラン'];
  const body =
    UTF8_BOM +
    csvRecord(header.map(textCell)) +
    rows
      .map((row) =>
        csvRecord([
          plainCell(localTime(row.reachedAt, range.timeZone)),
          textCell(point.name),
          plainCell(row.friendId),
          textCell(row.friendId === null ? '（匿名）' : row.friendName),
          plainCell(SOURCE_LABEL[row.source]),
          plainCell(row.value),
          textCell(row.inflowRouteName),
          textCell(row.planName),
        ]),
      )
      .join('');
  return { filename: `conversions-${point.id}-${fileStamp(query)}.csv`, body };
}

/**
 * The conversions whose friend came through an ad with a Google click id, one row each, in the
 * columns of a Google Ads offline-conversion import. Conversions without a click id cannot be
 * matched by the ad platform and are left out (the console says so).
 */
export async function adExport(ctx: AppContext, scope: ChannelScope, id: number, query: Range) {
  const point = await get(ctx, scope, id, query);
  const range = await dayRange(ctx, scope, query);
  const rows = await repo.exportRows(ctx.database.db, scope, id, range);
  const body =
    UTF8_BOM +
    csvRecord(AD_EXPORT_HEADER.map(textCell)) +
    rows
      .flatMap((row) => {
        const clickId = row.clickIds[GOOGLE_CLICK_ID];
        if (!clickId) return [];
        return [
          csvRecord([
            textCell(clickId),
            textCell(point.name),
            plainCell(localTime(row.reachedAt, range.timeZone)),
            plainCell(row.value),
            plainCell(CONVERSION_CURRENCY),
          ]),
        ];
      })
      .join('');
  return { filename: `conversions-${point.id}-google-ads-${fileStamp(query)}.csv`, body };
}
