import type { ModuleManifest } from '../../platform/module.ts';
import { CHANNEL_EXPORT_QUEUES, registerChannelExportJobs } from './jobs.ts';
import { channelExportRoutes } from './routes.ts';

/**
 * Full channel export (takeovers, leaving side): the account owner asks for a ZIP of a channel's
 * data (CSV and JSON with a README), the worker builds it into file storage, the owner downloads it
 * until it expires.
 */
export const manifest: ModuleManifest = {
  name: 'channel-exports',
  routes: channelExportRoutes,
  jobs: CHANNEL_EXPORT_QUEUES,
  work: registerChannelExportJobs,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
