import { DETECTOR_KINDS, type DetectorKind, type Incident } from '@linq/contract';
import type { TFunction } from 'i18next';
import type { AbnormalDetectionStrings } from '../../../app/i18n/parts/abnormal-detection.ts';

type WhatKey = keyof AbnormalDetectionStrings['abnormalDetection']['what'];
const TAKEOVER_KEYS: Partial<Record<string, WhatKey>> = {
  elsewhere: 'webhook_takeover_elsewhere',
  unset: 'webhook_takeover_unset',
  inactive: 'webhook_takeover_inactive',
};

/** A detector's name key: the console's own by kind, a later feature's as "other". */
export const detectorKey = (detector: string): DetectorKind | 'other' =>
  (DETECTOR_KINDS as readonly string[]).includes(detector) ? (detector as DetectorKind) : 'other';

/**
 * What happened, in words, from the incident's figures (one sentence per line). `when` formats an
 * instant in the account's time zone.
 */
export function describeIncident(incident: Incident, t: TFunction, when: (iso: string) => string): string[] {
  const f = incident.figures;
  const text = (key: WhatKey, values: Record<string, unknown> = f): string =>
    t(`abnormalDetection.what.${key}`, values);
  const kind = detectorKey(incident.detector);
  switch (kind) {
    case 'delivery_failure_rate':
      return [
        text('delivery_failure_rate'),
        ...(f.top_reason ? [text('delivery_failure_reason', { reason: f.top_reason, count: f.top_reason_count })] : []),
      ];
    case 'block_spike':
      return [
        text('block_spike'),
        ...(f.plan
          ? [
              text('block_spike_cause', {
                plan: f.plan,
                sent_at: typeof f.plan_sent_at === 'string' ? when(f.plan_sent_at) : '',
                recipients: f.plan_recipients,
                blocked: f.plan_blocked,
                rate: f.plan_block_rate_percent,
                usual: f.usual_block_rate_percent,
              }),
            ]
          : []),
      ];
    case 'quota':
      return [
        ...(typeof f.limit === 'number' ? [text('quota')] : []),
        ...(typeof f.runs_out_on === 'string' && f.spent !== 1
          ? [text('quota_runs_out', { date: when(f.runs_out_on).slice(0, 10) })]
          : []),
        ...(f.spent === 1 ? [text('quota_spent')] : []),
      ];
    case 'webhook_takeover':
      return [text(TAKEOVER_KEYS[String(f.state)] ?? 'other')];
    case 'credentials_invalid': {
      // The token refused, the account suspended, or both.
      const suspended =
        typeof f.suspended_since === 'string'
          ? [text('credentials_suspended', { since: when(f.suspended_since) })]
          : [];
      const refused = f.invalid_since || Number(f.refusals) > 0 || suspended.length === 0;
      return [...(refused ? [text('credentials_invalid')] : []), ...suspended];
    }
    default:
      return [text(kind)];
  }
}
