import type { ModuleManifest } from '../../platform/module.ts';
import { brandingRoutes } from './routes.ts';

/** Branding: the OEM of a host (service name, favicon, theme) for every page. */
export const manifest: ModuleManifest = {
  name: 'branding',
  routes: brandingRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
