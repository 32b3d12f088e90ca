import type { AppContext } from '../../platform/context.ts';
import { runBilling } from './service.ts';

/** How often the worker rolls periods, bills them and follows unpaid invoices. */
const BILLING_EVERY_MS = 10 * 60_000;

export function registerBillingJobs(ctx: AppContext): void {
  ctx.queue.every(BILLING_EVERY_MS, () => runBilling(ctx));
}
