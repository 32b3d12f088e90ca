import type { ModuleManifest } from '../../platform/module.ts';
import { sessionRoutes } from './routes.ts';

/** Sessions of the four roles: login, logout, the current session, and who a token is. */
export const manifest: ModuleManifest = {
  name: 'sessions',
  routes: sessionRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
