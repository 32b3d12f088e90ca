import type { ModuleManifest } from '../../platform/module.ts';
import { friendPlanRoutes } from './routes.ts';

/** A friend's plans: enrolments, timeline, starting and stopping. */
export const manifest: ModuleManifest = {
  name: 'friend-plans',
  routes: friendPlanRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
