import type { AppContext } from '../../platform/context.ts';
import { runDueSends } from './scheduler.ts';

/** How often idle schedulers look for due sends (the lag from due to handed over is at most about this). */
export const PLAN_SCHEDULER_INTERVAL_MS = 500;
/**
 * Scheduler loops per worker. A batch spends most of its time waiting on the database, so a
 * second loop claiming its own rows keeps the database busy meanwhile; several workers add theirs.
 */
export const PLAN_SCHEDULER_LOOPS = 2;

/** The plan schedulers of the worker: each runs until nothing is due; every tick brings them back up to their number. */
export function registerPlanEngineJobs(ctx: AppContext): void {
  let running = 0;
  const loop = async () => {
    running += 1;
    try {
      await runDueSends(ctx);
    } finally {
      running -= 1;
    }
  };
  ctx.queue.every(PLAN_SCHEDULER_INTERVAL_MS, async () => {
    await Promise.all(Array.from({ length: PLAN_SCHEDULER_LOOPS - running }, loop));
  });
}
