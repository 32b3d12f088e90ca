import type { ModuleManifest } from '../../platform/module.ts';
import { oemRoutes } from './routes.ts';

/** OEMs (white-label brands) as platform admins manage them, the OEM's own account details, its public landing. */
export const manifest: ModuleManifest = {
  name: 'oems',
  routes: oemRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
