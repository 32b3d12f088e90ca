import type { DetectionThresholds } from '@linq/contract';
import { channelLineClient } from '../line-client.ts';
import { round1, sum, type Detector, type Finding, type Verdict } from '../registry.ts';
import { readLine, verdictOver, type LineReading } from '../verdict.ts';

const DAY_MS = 86_400_000;

/** The month LINE's quota counts (its calendar month in Japan), as its first instant and the next month's. */
export function quotaMonth(now: Date): { start: Date; end: Date } {
  const jst = new Date(now.getTime() + 9 * 3_600_000);
  const start = Date.UTC(jst.getUTCFullYear(), jst.getUTCMonth(), 1) - 9 * 3_600_000;
  const end = Date.UTC(jst.getUTCFullYear(), jst.getUTCMonth() + 1, 1) - 9 * 3_600_000;
  return { start: new Date(start), end: new Date(end) };
}

/**
 * The monthly quota near its end (warning, critical) or spent, with the day it runs out at this
 * month's pace so far (null: not before the month ends). No limit: nothing to watch.
 */
export function quotaRule(
  limit: number | null,
  used: number,
  now: Date,
  t: Pick<DetectionThresholds, 'quota_warning_percent' | 'quota_critical_percent'>,
): Finding | null {
  if (limit === null) return null;
  const percent = limit === 0 ? 100 : (used / limit) * 100;
  if (percent < t.quota_warning_percent) return null;
  const { start, end } = quotaMonth(now);
  const pacePerMs = used / Math.max(now.getTime() - start.getTime(), 1);
  const runsOutAt = used >= limit ? now : new Date(now.getTime() + (limit - used) / Math.max(pacePerMs, 1e-12));
  const forecast = runsOutAt < end ? new Date(Math.floor(runsOutAt.getTime() / DAY_MS) * DAY_MS) : null;
  return {
    severity: percent >= t.quota_critical_percent ? 'critical' : 'warning',
    figures: {
      limit,
      used,
      used_percent: round1(percent),
      spent: used >= limit ? 1 : 0,
      runs_out_on: forecast ? runsOutAt.toISOString() : null,
    },
  };
}

/** A quota-spent 429 in the last two hours: spent, whatever LINE's figures say. */
export const spentByRefusal = (refusals: readonly number[]): Finding | null =>
  sum(refusals) > 0 ? { severity: 'critical', figures: { spent: 1, refusals: sum(refusals) } } : null;

/**
 * The quota incident from LINE's figures and the recent quota-spent refusals. No reading of LINE's
 * figures (LINE failed or refused): no verdict, whatever the refusals say, so the incident stays as it is.
 */
export function quotaVerdict(
  reading: LineReading<{ limit: number | null; used: number }>,
  refusals: readonly number[],
  now: Date,
  t: Pick<DetectionThresholds, 'quota_warning_percent' | 'quota_critical_percent'>,
): Verdict {
  return verdictOver(reading, ({ limit, used }) => {
    const finding = quotaRule(limit, used, now, t);
    const refused = spentByRefusal(refusals);
    if (refused) return [{ ...refused, figures: { ...finding?.figures, ...refused.figures } }];
    return finding ? [finding] : [];
  });
}

export const quotaDetector: Detector = {
  kind: 'quota',
  title: '月間メッセージ数の上限',
  metric: 'sends_ok',
  callsLine: true,
  async check({ ctx, scope, now, thresholds, series }) {
    const client = await channelLineClient(ctx, scope);
    if (!client) return null;
    const reading = await readLine(() => client.messageQuota());
    return quotaVerdict(reading, await series('quota_refused', 2), now, thresholds);
  },
};
