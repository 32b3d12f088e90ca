import type { ModuleManifest } from '../../platform/module.ts';
import { addressRoutes } from './routes.ts';

/** Japanese addresses: a postal code's prefecture, city and town, from Japan Post's data shipped with the project. */
export const manifest: ModuleManifest = {
  name: 'addresses',
  routes: addressRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
