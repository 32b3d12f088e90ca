import type { AppContext } from '../../platform/context.ts';
import { followDates } from './service.ts';

/** How often the worker applies the contracts' date rules (ending, ended, renewed). */
const FOLLOW_DATES_EVERY_MS = 10 * 60_000;

export function registerContractJobs(ctx: AppContext): void {
  ctx.queue.every(FOLLOW_DATES_EVERY_MS, () => followDates(ctx));
}
