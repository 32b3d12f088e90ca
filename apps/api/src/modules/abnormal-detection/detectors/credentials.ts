import { channelForSending } from '../../delivery/repository.ts';
import { sum, type Detector, type Finding } from '../registry.ts';

/** LINE refuses the channel's access token: known invalid since a time, or 401s recently. */
export function credentialsRule(invalidSince: Date | null, recent401: number): Finding | null {
  if (!invalidSince && recent401 === 0) return null;
  return {
    severity: 'critical',
    figures: { invalid_since: invalidSince ? invalidSince.toISOString() : null, refusals: recent401 },
  };
}

export const credentialsDetector: Detector = {
  kind: 'credentials_invalid',
  title: 'チャネルアクセストークンの無効',
  metric: 'unauthorized',
  async check({ ctx, scope, series }) {
    const channel = await channelForSending(ctx.database.db, scope);
    const finding = credentialsRule(channel?.credentialsInvalidSince ?? null, sum(await series('unauthorized', 2)));
    return finding ? [finding] : [];
  },
};
