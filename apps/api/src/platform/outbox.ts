import type { AppContext } from './context.ts';
import type { Database } from './db.ts';
import type { DomainEventBus, OutboxConsumer } from './events.ts';
import * as repo from './outbox-repository.ts';
import type { Queue } from './queue.ts';

/*
 * The outbox's relay and consumers. A fact with outbox consumers is written to `outbox_events` in the
 * transaction that publishes it (events.ts), so it exists exactly when the fact committed. The relay
 * hands each event to every consumer's job queue (`outbox.<consumer>`, the event's id only) and marks
 * it dispatched; a relay that dies in between leaves the event to be handed again, so a consumer may
 * receive an event twice: its handler runs in a transaction that records a receipt first, and a
 * second delivery finds the receipt and does nothing.
 */

/** Events a relay takes at once. */
const RELAY_BATCH = 500;
/** How long a relay holds the events it took before another may take them over. */
const RELAY_HOLD_MS = 30_000;
/** How often each worker's relay looks, besides at once after a local commit wrote to the outbox. */
export const RELAY_INTERVAL_MS = 1_000;
/** Dispatched events are kept this long (far beyond any job's retries), then removed. */
const RETENTION_MS = 7 * 24 * 3600_000;
const RETENTION_SWEEP_MS = 3600_000;

export const consumerQueue = (consumer: Pick<OutboxConsumer, 'name'>) => `outbox.${consumer.name}` as const;

/**
 * Hands undispatched events to their consumers' queues until none is left; answers how many. Safe
 * to run in several workers at once: each takes its own events.
 */
export async function relayOutbox(database: Database, queue: Queue, bus: DomainEventBus): Promise<number> {
  const consumers = bus.consumers();
  let relayed = 0;
  for (;;) {
    const events = await repo.claimUndispatched(database.db, RELAY_BATCH, RELAY_HOLD_MS);
    if (events.length === 0) return relayed;
    for (const consumer of consumers) {
      const ids = events.filter((event) => event.name === consumer.event).map((event) => event.id);
      await queue.sendMany(
        consumerQueue(consumer),
        ids.map((eventId) => ({ eventId })),
      );
    }
    await repo.markDispatched(
      database.db,
      events.map((event) => event.id),
    );
    relayed += events.length;
    if (events.length < RELAY_BATCH) return relayed;
  }
}

/** One delivery of an event to a consumer: handled once, in a transaction with its receipt. */
export async function consumeEvent(ctx: AppContext, consumer: OutboxConsumer, eventId: number): Promise<void> {
  await ctx.events.transaction(ctx.database.db, async (on) => {
    const event = await repo.findEvent(on.tx, eventId);
    // Gone: past its retention (a delivery that waited a week), nothing left to do.
    if (!event || event.name !== consumer.event) return;
    if (!(await repo.addReceipt(on.tx, eventId, consumer.name))) return;
    await consumer.handle(event.payload as never, on, ctx);
  });
}

/**
 * The worker's part: every consumer's handler, the relay (every second, and at once after a commit
 * of this process wrote to the outbox) and the retention sweep.
 */
export async function startOutbox(ctx: AppContext): Promise<void> {
  const { database, queue, events: bus, log } = ctx;
  for (const consumer of bus.consumers()) {
    await queue.work(consumerQueue(consumer), ({ eventId }) => consumeEvent(ctx, consumer, eventId), {
      batchSize: 10,
    });
  }
  let running: Promise<unknown> | null = null;
  let again = false;
  const relay = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = relayOutbox(database, queue, bus);
    try {
      await running;
    } finally {
      running = null;
    }
    if (again && !queue.stopping()) {
      again = false;
      await relay();
    }
  };
  bus.onOutboxWritten(() => {
    if (!queue.stopping()) relay().catch((error: unknown) => log.error({ err: error }, 'outbox relay failed'));
  });
  queue.every(RELAY_INTERVAL_MS, relay);
  queue.every(RETENTION_SWEEP_MS, () => repo.removeDispatchedBefore(database.db, new Date(Date.now() - RETENTION_MS)));
}
