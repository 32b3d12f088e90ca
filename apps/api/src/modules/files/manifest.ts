import type { ModuleManifest } from '../../platform/module.ts';
import { fileRoutes, publicFileRoutes } from './routes.ts';

/** Stored files: uploads to send, images friends sent, served under /files. */
export const manifest: ModuleManifest = {
  name: 'files',
  routes: fileRoutes,
  rootRoutes: publicFileRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
