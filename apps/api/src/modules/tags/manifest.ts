import type { ModuleManifest } from '../../platform/module.ts';
import { tagRoutes } from './routes.ts';

/** Tags (タグ) of a channel. */
export const manifest: ModuleManifest = {
  name: 'tags',
  routes: tagRoutes,
};
