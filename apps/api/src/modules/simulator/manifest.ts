import type { ModuleManifest } from '../../platform/module.ts';
import { simulatorRoutes } from './routes.ts';

/** The LINE simulator in the console: the phone panel, virtual friends, the demo time warp and rehearsal. */
export const manifest: ModuleManifest = {
  name: 'simulator',
  routes: simulatorRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
