import type { ModuleManifest } from '../../platform/module.ts';
import { staffAuthorityRoutes } from './routes.ts';

/** The account's staff authorities (permission sets). */
export const manifest: ModuleManifest = {
  name: 'staff-authorities',
  routes: staffAuthorityRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
