import { channelLineClient } from '../line-client.ts';
import { webhookKeyOf } from '../repository.ts';
import type { Detector, Finding } from '../registry.ts';
import { readLine, verdictOver } from '../verdict.ts';

/**
 * LINE's webhook settings of the channel against this console's URL (which ends with the channel's
 * webhook key): pointing elsewhere or unset (another tool or a person changed it), or switched off.
 */
export function takeoverRule(info: { endpoint: string; active: boolean } | null, webhookKey: string): Finding | null {
  if (!info) return { severity: 'critical', figures: { state: 'unset', endpoint: null } };
  let ours = false;
  try {
    ours = new URL(info.endpoint).pathname.replace(/\/+$/, '').endsWith(`/webhooks/line/${webhookKey}`);
  } catch {
    ours = false;
  }
  if (!ours) return { severity: 'critical', figures: { state: 'elsewhere', endpoint: info.endpoint } };
  if (!info.active) return { severity: 'warning', figures: { state: 'inactive', endpoint: info.endpoint } };
  return null;
}

export const webhookTakeoverDetector: Detector = {
  kind: 'webhook_takeover',
  title: 'Webhook URLの変更',
  metric: 'webhook_events',
  callsLine: true,
  async check({ ctx, scope }) {
    const client = await channelLineClient(ctx, scope);
    const key = await webhookKeyOf(ctx.database.db, scope);
    if (!client || !key) return null;
    // LINE not answering tells nothing about its settings.
    return verdictOver(await readLine(() => client.webhookEndpoint()), (info) => {
      const finding = takeoverRule(info, key);
      return finding ? [finding] : [];
    });
  },
};
