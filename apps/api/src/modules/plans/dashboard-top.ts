import { and, eq, inArray } from 'drizzle-orm';
import { dashboardTop } from '../dashboard/registry.ts';
import { planSends } from '../plan-engine/schema.ts';
import { plans } from './schema.ts';

/** The dashboard's top plans of the period: a plan delivery's source is its first plan send. */
export const planDashboardTop = dashboardTop({
  kind: 'plans',
  deliverySource: 'plan',
  async itemOf(db, { lineAccountId }, sourceId) {
    const [row] = await db
      .select({ planId: planSends.planId })
      .from(planSends)
      .where(and(eq(planSends.id, sourceId), eq(planSends.lineAccountId, lineAccountId)));
    return row?.planId ?? null;
  },
  async labels(db, { lineAccountId }, ids) {
    const rows = await db
      .select({ id: plans.id, name: plans.name })
      .from(plans)
      .where(and(eq(plans.lineAccountId, lineAccountId), inArray(plans.id, ids)));
    return new Map(rows.map((r) => [r.id, r.name]));
  },
});
