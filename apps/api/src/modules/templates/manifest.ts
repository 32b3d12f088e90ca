import type { ModuleManifest } from '../../platform/module.ts';
import { templateRoutes } from './routes.ts';
import { templateTaps } from './taps.ts';
import { templateSubscriptions } from './subscriptions.ts';

/** Message templates, teppan templates, test sends, the scores of template actions, and how their taps read in the talk. */
export const manifest: ModuleManifest = {
  name: 'templates',
  routes: templateRoutes,
  subscribe: templateSubscriptions,
  contributes: [templateTaps],
  isolation: async () => (await import('./isolation.ts')).isolation,
};
