import type { ModuleManifest } from '../../platform/module.ts';
import { talkRoutes } from './routes.ts';
import { talkMessages } from './service.ts';
import { talkSource } from './sources.ts';
import { talkSubscriptions } from './subscriptions.ts';

/**
 * One-to-one talks: conversations, history, sending, read state and the realtime socket. It offers
 * two registries (sources.ts): sources of talk entries, merged into the friend's talk, and tap
 * describers; its own source is the talk's messages (the friend's, staff's, follows and blocks).
 */
export const manifest: ModuleManifest = {
  name: 'talks',
  routes: talkRoutes,
  subscribe: talkSubscriptions,
  contributes: [talkSource(talkMessages)],
  isolation: async () => (await import('./isolation.ts')).isolation,
};
