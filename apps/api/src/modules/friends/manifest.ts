import type { ModuleManifest } from '../../platform/module.ts';
import { scoreEffect } from './plan-plugins.ts';
import { friendRoutes } from './routes.ts';

/** Friends of a channel: list, detail, info fields, CSV export, and their follow state. */
export const manifest: ModuleManifest = {
  name: 'friends',
  routes: friendRoutes,
  contributes: [scoreEffect],
  isolation: async () => (await import('./isolation.ts')).isolation,
};
