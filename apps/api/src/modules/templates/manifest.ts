import type { ModuleManifest } from '../../platform/module.ts';
import { templateRoutes } from './routes.ts';
import { templateSubscriptions } from './subscriptions.ts';

/** Message templates, teppan templates, test sends, and the scores of template actions. */
export const manifest: ModuleManifest = {
  name: 'templates',
  routes: templateRoutes,
  subscribe: templateSubscriptions,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
