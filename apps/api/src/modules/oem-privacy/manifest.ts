import type { ModuleManifest } from '../../platform/module.ts';
import { oemPrivacyRoutes } from './routes.ts';

/** The OEM's privacy policy and terms of use, versioned, and their public pages by host. */
export const manifest: ModuleManifest = {
  name: 'oem-privacy',
  routes: oemPrivacyRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
