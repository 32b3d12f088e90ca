import type { MetricName } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { outboxConsumer, type OutboxConsumer } from '../../platform/events.ts';
import { channelScope } from '../../platform/principal.ts';
import type { DeliveryRefusal } from '../delivery/events.ts';
import { addToBucket } from './repository.ts';

const REFUSAL_METRIC: Record<DeliveryRefusal, MetricName> = {
  rate_limited: 'rate_limited',
  quota_spent: 'quota_refused',
  unauthorized: 'unauthorized',
  unavailable: 'line_unavailable',
};

/** Events settled without a time of their own count in the hour they are consumed (seconds later). */
const now = (ctx: AppContext) => ctx.clock.now();

/** The facts the roll-ups count, each through the outbox (at least once, once by the receipt). */
export const metricConsumers: readonly OutboxConsumer[] = [
  outboxConsumer({
    name: 'metrics.follows',
    event: 'friend.followed',
    handle: (e, on) =>
      addToBucket(on.tx, channelScope(e.lineAccountId), 'follows', new Date(e.occurredAt), 1, e.kind),
  }),
  outboxConsumer({
    name: 'metrics.blocks',
    event: 'friend.blocked',
    handle: (e, on) => addToBucket(on.tx, channelScope(e.lineAccountId), 'blocks', new Date(e.occurredAt)),
  }),
  outboxConsumer({
    name: 'metrics.sends_ok',
    event: 'message.delivered',
    handle: (e, on, ctx) => addToBucket(on.tx, channelScope(e.lineAccountId), 'sends_ok', now(ctx)),
  }),
  outboxConsumer({
    name: 'metrics.sends_failed',
    event: 'message.failed',
    handle: (e, on, ctx) =>
      addToBucket(on.tx, channelScope(e.lineAccountId), 'sends_failed', now(ctx), 1, e.reason),
  }),
  outboxConsumer({
    name: 'metrics.refusals',
    event: 'delivery.refused',
    handle: (e, on) =>
      addToBucket(on.tx, channelScope(e.lineAccountId), REFUSAL_METRIC[e.refusal], new Date(e.at)),
  }),
  outboxConsumer({
    name: 'metrics.webhook_events',
    event: 'webhook.received',
    handle: (e, on) =>
      addToBucket(on.tx, channelScope(e.lineAccountId), 'webhook_events', new Date(e.at), e.events),
  }),
  outboxConsumer({
    name: 'metrics.signature_failures',
    event: 'webhook.signature_failed',
    handle: (e, on) => addToBucket(on.tx, channelScope(e.lineAccountId), 'signature_failures', new Date(e.at)),
  }),
];
