import type { ModuleManifest } from '../../platform/module.ts';
import { tutorialRoutes } from './routes.ts';

/** Screens whose tutorial a user dismissed. */
export const manifest: ModuleManifest = {
  name: 'tutorials',
  routes: tutorialRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
