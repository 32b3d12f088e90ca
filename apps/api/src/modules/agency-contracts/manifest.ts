import type { ModuleManifest } from '../../platform/module.ts';
import { registerContractJobs } from './jobs.ts';
import { agencyContractRoutes } from './routes.ts';

/** Contracts (agency area): client accounts' contracts, their transitions and date rules, history and CSV. */
export const manifest: ModuleManifest = {
  name: 'agency-contracts',
  routes: agencyContractRoutes,
  work: registerContractJobs,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
