import type { AppContext } from '../../platform/context.ts';
import { buildExport } from './build.ts';
import { expireOld } from './service.ts';

declare module '../../platform/queue.ts' {
  interface JobPayloads {
    'channel-exports.build': { accountId: number; exportId: number };
  }
}

export const CHANNEL_EXPORT_QUEUES = [{ name: 'channel-exports.build' }] as const;

/** How often expired exports are swept. */
const EXPIRE_EVERY_MS = 60 * 60_000;

export async function registerChannelExportJobs(ctx: AppContext): Promise<void> {
  await ctx.queue.work('channel-exports.build', (payload) => buildExport(ctx, payload));
  ctx.queue.every(EXPIRE_EVERY_MS, () => expireOld(ctx));
}
