import type { ModuleManifest } from '../../platform/module.ts';
import { lineAccountRoutes } from './routes.ts';

/** The account's channels (line accounts) as staff and owners see them. */
export const manifest: ModuleManifest = {
  name: 'line-accounts',
  routes: lineAccountRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
