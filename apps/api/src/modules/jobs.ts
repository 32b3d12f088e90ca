import type { AppContext } from '../platform/context.ts';
import { mailSender } from '../platform/mail.ts';
import { registerDeliveryJobs } from './delivery/jobs.ts';
import { passwordResetJob } from './passwords/jobs.ts';
import { registerPlanEngineJobs } from './plan-engine/jobs.ts';
import { processWebhookEventsJob, sweepWebhookEvents } from './webhooks/jobs.ts';

/** Job handlers run by the worker role. */
export async function registerJobs(ctx: AppContext): Promise<void> {
  await ctx.queue.work('mail.send', mailSender(ctx));
  await ctx.queue.work('password-reset.request', passwordResetJob(ctx));
  // Several channels' event jobs are fetched together; each processes all of its channel's events.
  await ctx.queue.work('webhook.process', processWebhookEventsJob(ctx), { batchSize: 10 });
  // At start, anything left unprocessed by a process that died after answering LINE.
  await sweepWebhookEvents(ctx, 0);
  ctx.queue.every(15_000, () => sweepWebhookEvents(ctx));
  await registerDeliveryJobs(ctx);
  registerPlanEngineJobs(ctx);
}
