import type { ModuleManifest } from '../../platform/module.ts';
import { registerPlanEngineJobs } from './jobs.ts';
import { planEngineSubscriptions } from './subscriptions.ts';
import { planOptionTaps, planTalkSource } from './talk.ts';
import { bulkEnrolment, startPlanEffect } from './triggers.ts';

/**
 * The plan engine: enrolment by the registered triggers (one by one, or in bulk by a job), the
 * scheduler, taps, auto-replies and live editing. It offers two registries (registries.ts): trigger
 * kinds and effect kinds; it contributes the effect "start a scenario" itself, and to the talks its
 * sends (every box a friend was sent) and how a tap on a box's option reads (talk.ts).
 */
export const manifest: ModuleManifest = {
  name: 'plan-engine',
  work: registerPlanEngineJobs,
  subscribe: planEngineSubscriptions,
  consumers: [bulkEnrolment],
  contributes: [startPlanEffect, planTalkSource, planOptionTaps],
};
