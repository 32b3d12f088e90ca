import type { ModuleManifest } from '../../platform/module.ts';
import { adminRoutes } from './routes.ts';

/** Admins (admin area): the OEM's administrators, invited, edited and disabled; never the last one. */
export const manifest: ModuleManifest = {
  name: 'admins',
  routes: adminRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
