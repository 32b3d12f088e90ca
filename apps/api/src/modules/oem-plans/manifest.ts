import type { ModuleManifest } from '../../platform/module.ts';
import { oemPlanRoutes } from './routes.ts';

/** OEM plans: what an OEM sells its accounts (price and limits), active or retired. */
export const manifest: ModuleManifest = {
  name: 'oem-plans',
  routes: oemPlanRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
