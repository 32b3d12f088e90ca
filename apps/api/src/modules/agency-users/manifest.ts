import type { ModuleManifest } from '../../platform/module.ts';
import { agencyUserRoutes } from './routes.ts';

/** Agency users (agency area, managers only): the agency's logins, invited, edited, disabled; never the last manager. */
export const manifest: ModuleManifest = {
  name: 'agency-users',
  routes: agencyUserRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
