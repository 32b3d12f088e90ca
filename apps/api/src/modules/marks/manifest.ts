import type { ModuleManifest } from '../../platform/module.ts';
import { markRoutes } from './routes.ts';

/** Marks (対応マーク) of a channel. */
export const manifest: ModuleManifest = {
  name: 'marks',
  routes: markRoutes,
};
