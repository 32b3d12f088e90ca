import type { ModuleManifest } from '../../platform/module.ts';
import { CHANNEL_CUTOVER_QUEUES, registerChannelCutoverJobs } from './jobs.ts';
import { channelCutoverRoutes } from './routes.ts';

/**
 * Clean cutover (takeovers, arriving side): the account owner clears the previous tool's rich menus
 * from a channel on LINE (every per-user menu and the default); our own menus are linked again after.
 */
export const manifest: ModuleManifest = {
  name: 'channel-cutovers',
  routes: channelCutoverRoutes,
  jobs: CHANNEL_CUTOVER_QUEUES,
  work: registerChannelCutoverJobs,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
