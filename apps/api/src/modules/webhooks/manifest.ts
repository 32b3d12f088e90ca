import type { ModuleManifest } from '../../platform/module.ts';
import { processWebhookEventsJob, sweepWebhookEvents } from './jobs.ts';
import { webhookRoutes } from './routes.ts';

/** LINE's webhooks: verified, stored before the answer, then processed per channel. */
export const manifest: ModuleManifest = {
  name: 'webhooks',
  rootRoutes: webhookRoutes,
  jobs: [{ name: 'webhook.process', policy: 'short' }],
  async work(ctx) {
    // Several channels' event jobs are fetched together; each processes all of its channel's events.
    await ctx.queue.work('webhook.process', processWebhookEventsJob(ctx), { batchSize: 10 });
    // At start, anything left unprocessed by a process that died after answering LINE.
    await sweepWebhookEvents(ctx, 0);
    ctx.queue.every(15_000, () => sweepWebhookEvents(ctx));
  },
  isolation: async () => (await import('./isolation.ts')).isolation,
};
