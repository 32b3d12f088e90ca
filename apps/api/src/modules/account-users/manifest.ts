import type { ModuleManifest } from '../../platform/module.ts';
import { accountUserRoutes } from './routes.ts';

/** The account's staff users. */
export const manifest: ModuleManifest = {
  name: 'account-users',
  routes: accountUserRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
