import { z } from 'zod';
import type { IncomingEvent } from './repository.ts';

/**
 * The parts of LINE's webhook body (webhook.yml CallbackRequest / Event) we rely on;
 * the rest of each event is kept as it came.
 */
const event = z.looseObject({
  type: z.string().min(1),
  timestamp: z.number().int(),
  mode: z.string(),
  webhookEventId: z.string().min(1).max(64),
  deliveryContext: z.object({ isRedelivery: z.boolean() }),
  source: z.looseObject({ type: z.string(), userId: z.string().optional() }).optional(),
});
export const callbackBody = z.object({ destination: z.string(), events: z.array(event) });

export function toIncomingEvents(body: z.infer<typeof callbackBody>): IncomingEvent[] {
  return body.events.map((e) => ({
    webhookEventId: e.webhookEventId,
    type: e.type,
    lineUserId: e.source?.userId ?? null,
    occurredAt: e.timestamp,
    isRedelivery: e.deliveryContext.isRedelivery,
    payload: e as Record<string, unknown>,
  }));
}

/** Facts of the webhooks module: kept in roll-ups by the metrics module, watched by abnormal detection. */
declare module '../../platform/events.ts' {
  interface DomainEvents {
    /** A signed webhook request stored `events` new events of the channel. */
    'webhook.received': { lineAccountId: number; events: number; at: Date };
    /** A request to the channel's webhook URL carried no valid signature (forged, or a rotated secret). */
    'webhook.signature_failed': { lineAccountId: number; at: Date };
    /** LINE suspended the channel's LINE Official Account (webhook.yml BotSuspendedEvent); `occurredAt` is LINE's time. */
    'channel.bot_suspended': { lineAccountId: number; webhookEventId: number; occurredAt: Date };
    /** LINE lifted the suspension (webhook.yml BotResumedEvent). */
    'channel.bot_resumed': { lineAccountId: number; webhookEventId: number; occurredAt: Date };
  }
}
