import type { ModuleManifest } from '../../platform/module.ts';
import { agencyAccountRoutes } from './routes.ts';

/** Client accounts (agency area): the agency's own accounts, created with an invited owner, suspended, resumed. */
export const manifest: ModuleManifest = {
  name: 'agency-accounts',
  routes: agencyAccountRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
