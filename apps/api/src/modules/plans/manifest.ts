import type { ModuleManifest } from '../../platform/module.ts';
import { friendAddedTrigger } from './triggers.ts';
import { planRoutes } from './routes.ts';
import { planLabelUses } from './label-uses-repository.ts';
import { planDashboardTop } from './dashboard-top.ts';

/** Plans: broadcasts, scenarios and auto-replies, their diagrams, settings, history and forecast. */
export const manifest: ModuleManifest = {
  name: 'plans',
  routes: planRoutes,
  contributes: [friendAddedTrigger, planLabelUses, planDashboardTop],
  isolation: async () => (await import('./isolation.ts')).isolation,
};
