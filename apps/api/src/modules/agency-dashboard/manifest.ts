import type { ModuleManifest } from '../../platform/module.ts';
import { agencyDashboardRoutes } from './routes.ts';

/** The agency dashboard: clients, contracts ending soon, recurring revenue, client channels with anomalies. */
export const manifest: ModuleManifest = {
  name: 'agency-dashboard',
  routes: agencyDashboardRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
