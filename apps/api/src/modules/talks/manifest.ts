import type { ModuleManifest } from '../../platform/module.ts';
import { talkRoutes } from './routes.ts';

/** One-to-one talks: conversations, history, sending, read state and the realtime socket. */
export const manifest: ModuleManifest = {
  name: 'talks',
  routes: talkRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
