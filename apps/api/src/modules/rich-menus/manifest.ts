import type { ModuleManifest } from '../../platform/module.ts';
import { richMenuEffect } from './effect.ts';
import { RICH_MENU_QUEUES, registerRichMenuJobs } from './jobs.ts';
import { richMenuRootRoutes, richMenuRoutes } from './routes.ts';
import { richMenuFriendPage, richMenuSubscriptions, richMenuTaps } from './taps.ts';

/** Rich menus: the editor's menus, who sees which (default, rules, personal), publishing to LINE, taps. */
export const manifest: ModuleManifest = {
  name: 'rich-menus',
  routes: richMenuRoutes,
  rootRoutes: richMenuRootRoutes,
  jobs: RICH_MENU_QUEUES,
  work: registerRichMenuJobs,
  subscribe: richMenuSubscriptions,
  contributes: [richMenuEffect, richMenuTaps, richMenuFriendPage],
  isolation: async () => (await import('./isolation.ts')).isolation,
};
