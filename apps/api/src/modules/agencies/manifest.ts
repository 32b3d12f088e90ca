import type { ModuleManifest } from '../../platform/module.ts';
import { agencyRoutes } from './routes.ts';

/** Agencies (admin area): the OEM's resellers, their invited users and accounts; suspend. */
export const manifest: ModuleManifest = {
  name: 'agencies',
  routes: agencyRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
