import type { AppContext } from '../../platform/context.ts';
import { deliveryPolicy, sendDeliveries, sweepDeliveries, type DeliveryPolicy } from './service.ts';

const SEND_WORKERS = 4;
/**
 * Jobs a worker fetches at once. Their requests go out together, up to the channel's concurrency
 * (DELIVERY_MULTICAST_CONCURRENCY): a 100,000-friend send is 200 jobs, a fetch or so per worker.
 */
const SEND_BATCH = 50;

/** Sends deliveries a fetch at a time per worker, and sweeps for due waits and stranded deliveries. */
export async function registerDeliveryJobs(
  ctx: AppContext,
  policy: DeliveryPolicy = deliveryPolicy(ctx.config),
): Promise<void> {
  // Each worker claims the deliveries of a fetch together and sends them together (pg-boss waits its
  // polling interval between fetches that took less); several workers keep requests to LINE in flight.
  for (let i = 0; i < SEND_WORKERS; i++) {
    await ctx.queue.workBatch(
      'delivery.send',
      async (payloads) => {
        await sendDeliveries(
          ctx,
          payloads.map((p) => p.deliveryId),
          policy,
        );
      },
      { batchSize: SEND_BATCH },
    );
  }
  ctx.queue.every(policy.sweepIntervalMs, async () => {
    await sweepDeliveries(ctx, policy);
  });
}

/** The delivery module's job: send (or settle) one delivery. */
declare module '../../platform/queue.ts' {
  interface JobPayloads {
    'delivery.send': { deliveryId: number };
  }
}
