import type { ModuleManifest } from '../../platform/module.ts';
import { adminOemOptionRoutes } from './routes.ts';

/** The OEMs an admin may act on, for the admin header's OEM picker (read-only; OEM CRUD is the oems module). */
export const manifest: ModuleManifest = {
  name: 'admin-oem-options',
  routes: adminOemOptionRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
