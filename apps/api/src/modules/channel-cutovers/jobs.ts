import type { AppContext } from '../../platform/context.ts';
import { run } from './service.ts';

declare module '../../platform/queue.ts' {
  interface JobPayloads {
    'channel-cutovers.run': { accountId: number; cutoverId: number };
  }
}

export const CHANNEL_CUTOVER_QUEUES = [{ name: 'channel-cutovers.run' }] as const;

export async function registerChannelCutoverJobs(ctx: AppContext): Promise<void> {
  await ctx.queue.work('channel-cutovers.run', (payload) => run(ctx, payload));
}
