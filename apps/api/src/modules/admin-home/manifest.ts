import type { ModuleManifest } from '../../platform/module.ts';
import { adminHomeRoutes } from './routes.ts';

/** The admin home (/admin): the acting OEM's figures, accounts near their plan limits, anomalies and inquiries. */
export const manifest: ModuleManifest = {
  name: 'admin-home',
  routes: adminHomeRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
