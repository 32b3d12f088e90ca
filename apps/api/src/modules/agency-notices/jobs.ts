import type { AppContext } from '../../platform/context.ts';
import { sendDue } from './service.ts';

/** How often the worker sends the notices due by the clock (and finishes any whose e-mails were cut short). */
const SEND_DUE_EVERY_MS = 30_000;

export function registerNoticeJobs(ctx: AppContext): void {
  ctx.queue.every(SEND_DUE_EVERY_MS, () => sendDue(ctx));
}
