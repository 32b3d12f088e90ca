import {
  csvRecord,
  formatPercent,
  plainCell,
  textCell,
  UTF8_BOM,
  type MessageType,
  type PlanAnalysisDetail,
} from '@linq/contract';

/*
 * A plan's figures as CSV for Excel (UTF-8 with BOM, CRLF): one row per box (sent, failed, waiting),
 * then one row per option of the box (taps and tap rate against the box's sent).
 */

export interface FiguresCsvText {
  header: string[];
  typeName: (type: MessageType) => string;
}

export function figuresCsv(detail: PlanAnalysisDetail, text: FiguresCsvText): string {
  const records = detail.plan_actions.flatMap((action) => {
    const { figures } = action;
    const box = [
      plainCell(action.box_id),
      textCell(text.typeName(action.message_type)),
      '',
      plainCell(figures.sent),
      plainCell(figures.failed),
      plainCell(figures.waiting),
      '',
      '',
    ];
    const options = figures.options.map((option) => [
      plainCell(action.box_id),
      textCell(text.typeName(action.message_type)),
      textCell(option.label),
      '',
      '',
      '',
      plainCell(option.taps),
      plainCell(formatPercent(option.taps, figures.sent)),
    ]);
    return [box, ...options];
  });
  return UTF8_BOM + [text.header.map(textCell), ...records].map(csvRecord).join('');
}

/** plan-analysis-{id}[-{from}_{to}].csv */
export function figuresCsvName(planId: number, from: string | undefined, to: string | undefined): string {
  const range = from || to ? `-${from ?? ''}_${to ?? ''}` : '';
  return `plan-analysis-${planId}${range}.csv`;
}
