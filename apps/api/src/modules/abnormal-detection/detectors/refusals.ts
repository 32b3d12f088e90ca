import { sum, type Detector, type Finding } from '../registry.ts';

/** The last two hourly buckets: "the last hour" whatever the minute. */
const RECENT_HOURS = 2;

/** At least `min` occurrences recently. */
export function countRule(recent: readonly number[], min: number): Finding | null {
  const count = sum(recent);
  return count >= min ? { severity: 'warning', figures: { count, threshold: min } } : null;
}

/** Requests to the webhook URL without a valid signature: forged webhooks, or a rotated secret not updated here. */
export const signatureFailuresDetector: Detector = {
  kind: 'signature_failures',
  title: 'Webhook署名の検証失敗',
  metric: 'signature_failures',
  async check({ thresholds, series }) {
    const finding = countRule(await series('signature_failures', RECENT_HOURS), thresholds.signature_failures_min);
    return finding ? [finding] : [];
  },
};

/** LINE answering 429 for its rate limits (a spent monthly quota is the quota detector's). */
export const rateLimitedDetector: Detector = {
  kind: 'rate_limited',
  title: 'LINEのレート制限',
  metric: 'rate_limited',
  async check({ thresholds, series }) {
    const finding = countRule(await series('rate_limited', RECENT_HOURS), thresholds.rate_limited_min);
    return finding ? [finding] : [];
  },
};
