import type { ModuleManifest } from '../../platform/module.ts';
import { inquiryRoutes } from './routes.ts';

/** Support inquiries: stored with the channel and the caller, e-mailed to the OEM's support address. */
export const manifest: ModuleManifest = {
  name: 'inquiries',
  routes: inquiryRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
