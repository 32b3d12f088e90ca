import type { DetectionThresholds } from '@linq/contract';
import { metricDetails } from '../../metrics/series.ts';
import { round1, sum, type Detector, type Finding } from '../registry.ts';

/** Failed deliveries over the window against all settled ones, once there are enough of them. */
export function failureRateRule(
  sent: number,
  failed: number,
  t: Pick<DetectionThresholds, 'failure_rate_percent' | 'failure_min_sends'>,
): Finding | null {
  const total = sent + failed;
  if (total < t.failure_min_sends) return null;
  const rate = (failed / total) * 100;
  if (rate < t.failure_rate_percent) return null;
  return {
    severity: rate >= 50 ? 'critical' : 'warning',
    figures: { failed, total, rate_percent: round1(rate), threshold_percent: t.failure_rate_percent },
  };
}

export const failureRateDetector: Detector = {
  kind: 'delivery_failure_rate',
  title: '配信失敗率の上昇',
  metric: 'sends_failed',
  async check({ ctx, scope, now, thresholds, series }) {
    const hours = thresholds.failure_window_hours;
    const finding = failureRateRule(sum(await series('sends_ok', hours)), sum(await series('sends_failed', hours)), thresholds);
    if (!finding) return [];
    const [top] = await metricDetails(ctx.database.db, scope, 'sends_failed', now, hours, 1);
    if (top) finding.figures = { ...finding.figures, top_reason: top.detail, top_reason_count: top.count };
    return [finding];
  },
};
