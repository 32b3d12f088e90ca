import type { ModuleManifest } from '../../platform/module.ts';
import { deliveryRoutes } from './routes.ts';
import { registerDeliveryJobs } from './jobs.ts';
import { deliveryConsumers } from './consumers.ts';

/** Delivery of messages to LINE: requests, retries, waits and their reasons. */
export const manifest: ModuleManifest = {
  name: 'delivery',
  routes: deliveryRoutes,
  jobs: [{ name: 'delivery.send' }],
  work: (ctx) => registerDeliveryJobs(ctx),
  consumers: deliveryConsumers,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
