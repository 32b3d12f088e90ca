import type { ModuleManifest } from '../../platform/module.ts';
import { planLimitRoutes } from './routes.ts';

/**
 * Plan limits: what an account's OEM plan allows (channels, staff users, monthly messages, features),
 * the checks the creating modules call, and the account's usage against them (GET /account/usage,
 * the admin account detail, the admin home's accounts near their limits). No plan: no limits.
 */
export const manifest: ModuleManifest = {
  name: 'plan-limits',
  routes: planLimitRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
