import {
  csvRecord,
  formatPercent,
  plainCell,
  textCell,
  UTF8_BOM,
  type MessageType,
  type PlanAnalysisDetail,
} from '@linq/contract';
import { boxName } from '../editor/box-name.ts';

/*
 * A plan's figures as CSV for Excel (UTF-8 with BOM, CRLF): one row per box (sent, failed, waiting,
 * blocked, link openings and the friends who opened), then one row per option of the box (taps and
 * tap rate against the box's sent, openings and openers of a link). A box is
 * named by its message's first words, as on the diagram.
 */

export interface FiguresCsvText {
  header: string[];
  typeName: (type: MessageType) => string;
}

export function figuresCsv(detail: PlanAnalysisDetail, text: FiguresCsvText): string {
  const records = detail.plan_actions.flatMap((action) => {
    const { figures } = action;
    const typeName = text.typeName(action.message_type);
    const name = textCell(boxName(action.message, typeName));
    const box = [
      name,
      textCell(typeName),
      '',
      plainCell(figures.sent),
      plainCell(figures.failed),
      plainCell(figures.waiting),
      plainCell(figures.blocked),
      '',
      '',
      plainCell(figures.clicks),
      plainCell(figures.click_friends),
    ];
    const options = figures.options.map((option) => [
      name,
      textCell(typeName),
      textCell(option.label),
      '',
      '',
      '',
      '',
      plainCell(option.taps),
      plainCell(formatPercent(option.taps, figures.sent)),
      plainCell(option.clicks),
      plainCell(option.click_friends),
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
