import type { AppContext } from '../platform/context.ts';
import { mailSender } from '../platform/mail.ts';
import { passwordResetJob } from './passwords/jobs.ts';

/** Job handlers run by the worker role. */
export async function registerJobs(ctx: AppContext): Promise<void> {
  await ctx.queue.work('mail.send', mailSender(ctx));
  await ctx.queue.work('password-reset.request', passwordResetJob(ctx));
}
