import type { ModuleManifest } from '../../platform/module.ts';
import { folderRoutes } from './routes.ts';

/** Folders of every folder type, in the service and admin areas. */
export const manifest: ModuleManifest = {
  name: 'folders',
  routes: folderRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
