import type { ModuleManifest } from '../../platform/module.ts';
import { adminLineAccountRoutes } from './routes.ts';

/** Channels as platform admins manage them: credentials, webhook URL, connection test. */
export const manifest: ModuleManifest = {
  name: 'admin-line-accounts',
  routes: adminLineAccountRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
