import type { AppContext } from '../../platform/context.ts';
import { runDueSends } from './service.ts';

/** How often the scheduler looks for due sends (the lag from due to handed over is at most about this). */
export const PLAN_SCHEDULER_INTERVAL_MS = 1_000;

/** The plan scheduler of the worker: one run at a time in this process; several workers share the work by row locks. */
export function registerPlanEngineJobs(ctx: AppContext): void {
  let running = false;
  ctx.queue.every(PLAN_SCHEDULER_INTERVAL_MS, async () => {
    if (running) return;
    running = true;
    try {
      await runDueSends(ctx);
    } finally {
      running = false;
    }
  });
}
