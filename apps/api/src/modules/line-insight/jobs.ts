import type { AppContext } from '../../platform/context.ts';
import { readAllChannels } from './service.ts';

/**
 * LINE counts a day some time after it ends (until then it answers `unready`): the worker asks every
 * hour for yesterday and the days still pending, so a day's figures arrive on the first run after
 * LINE counted them. Days are read off the one clock (`ctx.clock`).
 */
const READ_EVERY_MS = 60 * 60_000;

export function registerLineInsightJobs(ctx: AppContext): void {
  ctx.queue.every(READ_EVERY_MS, () => readAllChannels(ctx));
}
