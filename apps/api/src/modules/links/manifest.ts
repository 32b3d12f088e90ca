import type { ModuleManifest } from '../../platform/module.ts';
import { linkRoutes } from './routes.ts';
import { linkOpenings } from './talk.ts';

/** Tracked links: per-friend redirect tokens, their openings and scores. */
export const manifest: ModuleManifest = {
  name: 'links',
  routes: linkRoutes,
  contributes: [linkOpenings],
  isolation: async () => (await import('./isolation.ts')).isolation,
};
