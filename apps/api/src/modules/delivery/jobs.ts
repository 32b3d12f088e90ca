import type { AppContext } from '../../platform/context.ts';
import { DEFAULT_DELIVERY_POLICY, sendDelivery, sweepDeliveries, type DeliveryPolicy } from './service.ts';

const SEND_WORKERS = 4;
const SWEEP_INTERVAL_MS = 30_000;

/** Sends one delivery per job, and sweeps every 30 s for due and stranded deliveries. */
export async function registerDeliveryJobs(
  ctx: AppContext,
  policy: DeliveryPolicy = DEFAULT_DELIVERY_POLICY,
): Promise<void> {
  // Each worker runs its jobs one after the other, fetching a batch at a time (pg-boss waits
  // its polling interval between fetches); several workers keep requests to LINE in flight.
  for (let i = 0; i < SEND_WORKERS; i++) {
    await ctx.queue.work(
      'delivery.send',
      async ({ deliveryId }) => {
        // Shutting down: the row stays queued and the sweeper hands it to another worker.
        if (!ctx.queue.stopping()) await sendDelivery(ctx, deliveryId, policy);
      },
      { batchSize: 10 },
    );
  }
  ctx.queue.every(SWEEP_INTERVAL_MS, async () => {
    await sweepDeliveries(ctx, policy);
  });
}
