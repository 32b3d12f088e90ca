import type { ModuleManifest } from '../../platform/module.ts';
import { inflowRouteLeaf } from './audience-leaf.ts';
import { inflowConversionOrigin } from './conversion-origin.ts';
import { inflowDashboardTop, inflowDashboardTopConsumer } from './dashboard-top.ts';
import { inflowAttributedTrigger } from './plan-plugins.ts';
import { inflowRoutes } from './routes.ts';
import { followed } from './visit.ts';

/** Inflow routes (流入経路): URLs and QR codes, LINE Login attribution, actions on friend add, figures. */
export const manifest: ModuleManifest = {
  name: 'inflows',
  routes: inflowRoutes,
  subscribe: (ctx) => {
    ctx.events.subscribe('friend.followed', (event, on) => followed(ctx, on, event));
  },
  consumers: [inflowDashboardTopConsumer],
  contributes: [inflowRouteLeaf, inflowAttributedTrigger, inflowConversionOrigin, inflowDashboardTop],
  isolation: async () => (await import('./isolation.ts')).isolation,
};
