import type { ModuleManifest } from '../../platform/module.ts';
import { conversionFriendPage, conversionReachedTrigger, conversionTalk } from './plugins.ts';
import { conversionRoutes } from './routes.ts';
import { CONVERSION_QUEUES, registerConversionJobs, webhookConsumer } from './webhook.ts';

/** Conversions: points in folders, hits by page and pixel, counts, exports, the signed webhook. */
export const manifest: ModuleManifest = {
  name: 'conversions',
  routes: conversionRoutes,
  jobs: CONVERSION_QUEUES,
  work: registerConversionJobs,
  consumers: [webhookConsumer],
  contributes: [conversionReachedTrigger, conversionTalk, conversionFriendPage],
  isolation: async () => (await import('./isolation.ts')).isolation,
};
