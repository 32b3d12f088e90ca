import { channelForSending } from '../../delivery/repository.ts';
import { suspendedSince } from '../repository.ts';
import { sum, type Detector, type Finding } from '../registry.ts';

/**
 * LINE refuses the channel: its access token known invalid since a time or refused (401) recently,
 * or the account suspended (the `botSuspended` webhook event, until `botResumed`). Every figure is
 * always given, so an incident updated after one cause ended no longer shows it.
 */
export function credentialsRule(invalidSince: Date | null, recent401: number, suspended: Date | null): Finding | null {
  if (!invalidSince && recent401 === 0 && !suspended) return null;
  return {
    severity: 'critical',
    figures: {
      invalid_since: invalidSince ? invalidSince.toISOString() : null,
      refusals: recent401,
      suspended_since: suspended ? suspended.toISOString() : null,
    },
  };
}

export const credentialsDetector: Detector = {
  kind: 'credentials_invalid',
  title: 'チャネルアクセストークンの無効・アカウントの停止',
  metric: 'unauthorized',
  async check({ ctx, scope, series }) {
    const db = ctx.database.db;
    const channel = await channelForSending(db, scope);
    const finding = credentialsRule(
      channel?.credentialsInvalidSince ?? null,
      sum(await series('unauthorized', 2)),
      await suspendedSince(db, scope),
    );
    return finding ? [finding] : [];
  },
};
