import type { ModuleManifest } from '../../platform/module.ts';
import { accountRoutes } from './routes.ts';

/** Accounts (admin area): the OEM's customer companies, their owner invite, plan and suspension. */
export const manifest: ModuleManifest = {
  name: 'accounts',
  routes: accountRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
