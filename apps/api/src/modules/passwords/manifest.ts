import type { ModuleManifest } from '../../platform/module.ts';
import { passwordResetJob } from './jobs.ts';
import { passwordRoutes } from './routes.ts';

/** Password recovery and change for staff and agency users. */
export const manifest: ModuleManifest = {
  name: 'passwords',
  routes: passwordRoutes,
  jobs: [{ name: 'password-reset.request' }],
  async work(ctx) {
    await ctx.queue.work('password-reset.request', passwordResetJob(ctx));
  },
  isolation: async () => (await import('./isolation.ts')).isolation,
};
