import type { ModuleManifest } from '../../platform/module.ts';
import { dashboardRoutes } from './routes.ts';
import { dashboardTopsConsumer } from './tops.ts';

/** The channel's dashboard: figures from roll-ups and indexed counts, LINE's quota, the period's tops. */
export const manifest: ModuleManifest = {
  name: 'dashboard',
  routes: dashboardRoutes,
  consumers: [dashboardTopsConsumer],
  isolation: async () => (await import('./isolation.ts')).isolation,
};
