import type { DetectionThresholds } from '@linq/contract';
import type { Detector, Finding } from '../registry.ts';

const WEEK_HOURS = 168;
/** Weeks of history that say which hours of the week normally receive events. */
export const SILENCE_HISTORY_WEEKS = 4;

/**
 * Webhook silence: the last `webhook_silence_hours` complete hours had no events, while in at least
 * `silence_hours` of them (up to 2) the channel had events in at least 3 of the same hours of the 4
 * weeks before. `hourly`: (4 weeks + 1 week) of hours, oldest first, the current hour last (not
 * judged: it is not over).
 */
export function webhookSilenceRule(
  hourly: readonly number[],
  t: Pick<DetectionThresholds, 'webhook_silence_hours'>,
): Finding | null {
  const current = hourly.length - 1;
  const window = Array.from({ length: t.webhook_silence_hours }, (_, i) => current - 1 - i);
  if (window.some((hour) => hour - SILENCE_HISTORY_WEEKS * WEEK_HOURS < 0)) return null;
  if (window.some((hour) => hourly[hour]! > 0)) return null;
  const usualOf = (hour: number) =>
    Array.from({ length: SILENCE_HISTORY_WEEKS }, (_, week) => hourly[hour - (week + 1) * WEEK_HOURS]!);
  const normallyBusy = window.filter((hour) => usualOf(hour).filter((count) => count > 0).length >= 3);
  if (normallyBusy.length < Math.min(2, t.webhook_silence_hours)) return null;
  const usual = normallyBusy.reduce((total, hour) => total + usualOf(hour).reduce((a, b) => a + b, 0), 0);
  return {
    severity: 'warning',
    figures: {
      silent_hours: t.webhook_silence_hours,
      usual_events: Math.round(usual / SILENCE_HISTORY_WEEKS),
    },
  };
}

export const webhookSilenceDetector: Detector = {
  kind: 'webhook_silence',
  title: 'Webhookの途絶',
  metric: 'webhook_events',
  async check({ thresholds, series }) {
    const finding = webhookSilenceRule(
      await series('webhook_events', (SILENCE_HISTORY_WEEKS + 1) * WEEK_HOURS),
      thresholds,
    );
    return finding ? [finding] : [];
  },
};
