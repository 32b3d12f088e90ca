import { csvRecord, plainCell, textCell, UTF8_BOM, type contractFilter } from '@linq/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { today } from './dates.ts';
import { all, type ContractCaller } from './service.ts';

const STATUS_LABELS = {
  draft: '下書き',
  active: '契約中',
  ending: '終了間近',
  ended: '終了',
  cancelled: '解約',
} as const;
const CYCLE_LABELS = { monthly: '月払い', yearly: '年払い' } as const;

/** The agency's contracts matching the filter, as CSV for spreadsheets (no fee column for members). */
export async function contractsCsv(
  ctx: AppContext,
  caller: ContractCaller,
  query: z.output<typeof contractFilter>,
): Promise<{ filename: string; body: string }> {
  const rows = await all(ctx, caller, query);
  const header = [
    'ID',
    'アカウント',
    'プラン',
    '開始日',
    '終了日',
    ...(caller.seesFees ? ['月額（円）'] : []),
    '支払いサイクル',
    '自動更新',
    '状態',
    '備考',
  ];
  const lines = rows.map((row) =>
    csvRecord([
      plainCell(row.id),
      textCell(row.account.name),
      textCell(row.plan.name),
      plainCell(row.start_date),
      plainCell(row.end_date),
      ...(caller.seesFees ? [plainCell(row.monthly_fee_yen ?? 0)] : []),
      plainCell(CYCLE_LABELS[row.billing_cycle]),
      plainCell(row.auto_renewal ? 'あり' : 'なし'),
      plainCell(STATUS_LABELS[row.status]),
      textCell(row.notes),
    ]),
  );
  return {
    filename: `contracts-${today(ctx.clock.now())}.csv`,
    body: UTF8_BOM + csvRecord(header.map((cell) => plainCell(cell))) + lines.join(''),
  };
}
