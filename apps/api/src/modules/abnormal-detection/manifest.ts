import type { ModuleManifest } from '../../platform/module.ts';
import { builtInDetectors } from './detectors/index.ts';
import { DETECTION_QUEUES, detectionTriggers, registerDetectionJobs } from './jobs.ts';
import { abnormalDetectionRoutes } from './routes.ts';

/** Abnormal detection: detectors over the roll-ups and LINE's state raise incidents staff handle. */
export const manifest: ModuleManifest = {
  name: 'abnormal-detection',
  routes: abnormalDetectionRoutes,
  jobs: DETECTION_QUEUES,
  work: registerDetectionJobs,
  consumers: detectionTriggers,
  contributes: builtInDetectors,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
