import { outboxConsumer } from '../../platform/events.ts';
import { channelScope } from '../../platform/principal.ts';
import { countTopItem, dashboardTop } from '../dashboard/registry.ts';
import { routeNames } from './repository.ts';

/** The dashboard's top inflow routes of the period: the friends each brought, as its route list counts them. */
export const inflowDashboardTop = dashboardTop({ kind: 'inflows', labels: routeNames });

/** A friend added or added again through a route counts for it in the hour it is consumed (seconds after). */
export const inflowDashboardTopConsumer = outboxConsumer({
  name: 'inflows.dashboard_top',
  event: 'inflow.attributed',
  async handle(e, on, ctx) {
    if (e.kind !== 'new' && e.kind !== 're_add') return;
    await countTopItem(on.tx, channelScope(e.lineAccountId), 'inflows', e.routeId, ctx.clock.now());
  },
});
