import type { ModuleManifest } from '../../platform/module.ts';
import { registerLineInsightJobs } from './jobs.ts';
import { lineInsightRoutes } from './routes.ts';

/** LINE's own figures of each channel (followers, deliveries per day), read by the worker for the dashboard. */
export const manifest: ModuleManifest = {
  name: 'line-insight',
  routes: lineInsightRoutes,
  work: registerLineInsightJobs,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
