import type { ModuleManifest } from '../../platform/module.ts';
import { mailSender } from './service.ts';

/** Mail: the outbox of mails to send and the job that sends each (SMTP, or the log without one). */
export const manifest: ModuleManifest = {
  name: 'mail',
  jobs: [{ name: 'mail.send' }],
  async work(ctx) {
    await ctx.queue.work('mail.send', mailSender(ctx));
  },
};
