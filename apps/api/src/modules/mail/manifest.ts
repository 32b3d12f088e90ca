import type { ModuleManifest } from '../../platform/module.ts';
import { mailRoutes } from './routes.ts';
import { mailSender } from './service.ts';

/** Mail: the outbox of mails to send, the job that sends each (SMTP, or the log without one), the demo's outbox reader. */
export const manifest: ModuleManifest = {
  name: 'mail',
  routes: mailRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
  jobs: [{ name: 'mail.send' }],
  async work(ctx) {
    await ctx.queue.work('mail.send', mailSender(ctx));
  },
};
