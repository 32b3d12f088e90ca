import type { ModuleManifest } from '../../platform/module.ts';
import { metricConsumers } from './consumers.ts';

/** Roll-ups: hourly counts per channel of what the detectors and the dashboard read (series.ts). */
export const manifest: ModuleManifest = {
  name: 'metrics',
  consumers: metricConsumers,
};
