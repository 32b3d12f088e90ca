import type { ModuleManifest } from '../../platform/module.ts';
import { registerNoticeJobs } from './jobs.ts';
import { agencyNoticeRoutes } from './routes.ts';

/** Notices (agency area, /agency/send): an agency's notices to its client accounts, as news and e-mail. */
export const manifest: ModuleManifest = {
  name: 'agency-notices',
  routes: agencyNoticeRoutes,
  work: registerNoticeJobs,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
