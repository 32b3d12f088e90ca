import type { AppContext } from '../../platform/context.ts';
import { processChannelEvents } from './process.ts';
import { channelsWithStaleEventsUnscoped } from './repository.ts';
import { enqueueProcessing } from './service.ts';

/** Events still waiting this long had their job lost (or the process died after the 200). */
const STALE_AFTER_MS = 30_000;

export const processWebhookEventsJob = (ctx: AppContext) => async (payload: { lineAccountId: number }) =>
  processChannelEvents(ctx, payload.lineAccountId);

/** Re-enqueues processing for channels with waiting events; also run once when a worker starts. */
export async function sweepWebhookEvents(ctx: AppContext, olderThanMs = STALE_AFTER_MS): Promise<void> {
  const channels = await channelsWithStaleEventsUnscoped(ctx.database.db, new Date(Date.now() - olderThanMs));
  for (const lineAccountId of channels) await enqueueProcessing(ctx, lineAccountId);
}

/** The webhooks module's job: process the channel's stored events (one waits per channel at most). */
declare module '../../platform/queue.ts' {
  interface JobPayloads {
    'webhook.process': { lineAccountId: number };
  }
}
