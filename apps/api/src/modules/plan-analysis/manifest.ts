import type { ModuleManifest } from '../../platform/module.ts';
import { planAnalysisRoutes } from './routes.ts';

/** Plan analysis: every plan's figures, per box and per option. */
export const manifest: ModuleManifest = {
  name: 'plan-analysis',
  routes: planAnalysisRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
