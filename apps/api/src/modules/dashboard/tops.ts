import { outboxConsumer } from '../../platform/events.ts';
import { channelScope } from '../../platform/principal.ts';
import { DASHBOARD_TOPS } from './registry.ts';
import { addToTop, deliverySource } from './repository.ts';

/**
 * Counts each accepted delivery's recipients for the item it belongs to (a plan), when a module
 * claims its source, in the hour it is consumed (seconds after LINE accepted it).
 */
export const dashboardTopsConsumer = outboxConsumer({
  name: 'dashboard.tops',
  event: 'message.delivered',
  async handle(e, on, ctx) {
    const scope = channelScope(e.lineAccountId);
    const delivery = await deliverySource(on.tx, scope, e.deliveryId);
    if (!delivery || delivery.sourceId === null) return;
    const source = ctx.registries.all(DASHBOARD_TOPS).find((s) => s.deliveries?.source === delivery.source);
    if (!source?.deliveries) return;
    const item = await source.deliveries.itemOf(on.tx, scope, delivery.sourceId);
    if (item === null) return;
    await addToTop(on.tx, scope, source.kind, item, ctx.clock.now(), delivery.recipients);
  },
});
