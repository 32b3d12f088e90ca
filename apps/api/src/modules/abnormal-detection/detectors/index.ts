import { contribution } from '../../../platform/registry.ts';
import { DETECTORS } from '../registry.ts';
import { blockSpikeDetector } from './block-spike.ts';
import { credentialsDetector } from './credentials.ts';
import { failureRateDetector } from './failure-rate.ts';
import { quotaDetector } from './quota.ts';
import { rateLimitedDetector, signatureFailuresDetector } from './refusals.ts';
import { planStoppedDetector, schedulerLagDetector } from './scheduler-lag.ts';
import { webhookSilenceDetector } from './webhook-silence.ts';
import { webhookTakeoverDetector } from './webhook-takeover.ts';

/** The console's own detectors, contributed like any feature's. */
export const builtInDetectors = [
  failureRateDetector,
  blockSpikeDetector,
  webhookSilenceDetector,
  signatureFailuresDetector,
  quotaDetector,
  rateLimitedDetector,
  webhookTakeoverDetector,
  schedulerLagDetector,
  planStoppedDetector,
  credentialsDetector,
].map((detector) => contribution(DETECTORS, detector));
