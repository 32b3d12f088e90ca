import type { AppContext } from '../../platform/context.ts';
import { outboxConsumer, type EventTransaction, type OutboxConsumer } from '../../platform/events.ts';
import { channelScope } from '../../platform/principal.ts';
import type { JobQueue } from '../../platform/queue.ts';
import { checkAllChannels, checkChannel } from './check.ts';
import { recordSuspension } from './repository.ts';

declare module '../../platform/queue.ts' {
  interface JobPayloads {
    /** Run the channel's detectors now (after a fact that may raise an incident); `withLine`: those that call LINE too. */
    'abnormal-detection.check': { lineAccountId: number; withLine: boolean };
  }
}

export const DETECTION_QUEUES: readonly JobQueue[] = [{ name: 'abnormal-detection.check', policy: 'short' }];

/** The detectors that only read the roll-ups run every minute; those that call LINE every 15 minutes. */
const LOCAL_CHECK_MS = 60_000;
const LINE_CHECK_MS = 15 * 60_000;
/**
 * A check after an event waits this long so that the metrics module's consumer of the same event
 * has counted it. The queue runs on real time, not the engine's clock.
 */
const AFTER_EVENT_MS = 5_000;

export async function registerDetectionJobs(ctx: AppContext): Promise<void> {
  await ctx.queue.work('abnormal-detection.check', ({ lineAccountId, withLine }) =>
    checkChannel(ctx, channelScope(lineAccountId), { withLine }),
  );
  ctx.queue.every(LOCAL_CHECK_MS, () => checkAllChannels(ctx, { withLine: false }));
  let started = false;
  // Not at start: a worker restarting (or a test app starting) does not call LINE for every channel at once.
  ctx.queue.every(LINE_CHECK_MS, async () => {
    if (started) await checkAllChannels(ctx, { withLine: true });
    started = true;
  });
}

/** Enqueued once the consumer's transaction committed (the queue writes through its own connection). */
const checkSoon = async (on: EventTransaction, ctx: AppContext, lineAccountId: number, withLine = false) =>
  on.afterCommit(
    () =>
      ctx.queue.send(
        'abnormal-detection.check',
        { lineAccountId, withLine },
        { singletonKey: `${lineAccountId}-${withLine}`, startAfter: new Date(Date.now() + AFTER_EVENT_MS) },
      ),
    'abnormal-detection check',
  );

/** Facts after which the channel is checked at once rather than at the next scheduled check. */
export const detectionTriggers: readonly OutboxConsumer[] = [
  outboxConsumer({
    name: 'abnormal-detection.on_failed',
    event: 'message.failed',
    handle: (e, on, ctx) => checkSoon(on, ctx, e.lineAccountId),
  }),
  outboxConsumer({
    name: 'abnormal-detection.on_refused',
    event: 'delivery.refused',
    handle: (e, on, ctx) => checkSoon(on, ctx, e.lineAccountId, e.refusal === 'quota_spent'),
  }),
  outboxConsumer({
    name: 'abnormal-detection.on_signature_failed',
    event: 'webhook.signature_failed',
    handle: (e, on, ctx) => checkSoon(on, ctx, e.lineAccountId),
  }),
  outboxConsumer({
    name: 'abnormal-detection.on_bot_suspended',
    event: 'channel.bot_suspended',
    async handle(e, on, ctx) {
      await recordSuspension(on.tx, channelScope(e.lineAccountId), 'suspended', new Date(e.occurredAt));
      await checkSoon(on, ctx, e.lineAccountId);
    },
  }),
  outboxConsumer({
    name: 'abnormal-detection.on_bot_resumed',
    event: 'channel.bot_resumed',
    async handle(e, on, ctx) {
      await recordSuspension(on.tx, channelScope(e.lineAccountId), 'resumed', new Date(e.occurredAt));
      await checkSoon(on, ctx, e.lineAccountId);
    },
  }),
  outboxConsumer({
    name: 'abnormal-detection.on_blocked',
    event: 'friend.blocked',
    handle: (e, on, ctx) => checkSoon(on, ctx, e.lineAccountId),
  }),
];
