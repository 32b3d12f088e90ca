import type { Tenant } from '../../test/factory.ts';
import { NOT_FOUND, probes, type IsolationModule } from '../../test/isolation.ts';
import { createPlan, simplePlan } from '../plans/test-support.ts';

/** Per tenant's first channel: a plan to analyse (created below). */
const planIds = new Map<number, number>();
const planOf = (tenant: Tenant) => planIds.get(tenant.channels[0]!.id)!;

/**
 * Plan analysis: A's staff with A's channel in the header reaching for B's plan (404, absent from
 * the list); with B's channel in the header, 403.
 */
export const isolation: IsolationModule = {
  async setup(t, tenants) {
    for (const tenant of tenants) {
      const lineAccountId = tenant.channels[0]!.id;
      const plan = await createPlan(t, { token: tenant.tokens.staff, lineAccountId }, simplePlan('scenario', '分析'));
      planIds.set(lineAccountId, plan.plan.id!);
    }
  },
  routes: () => {
    const base = '/service/plan_analysis';
    const asA = (a: Tenant) => ({ token: a.tokens.staff, lineAccountId: a.channels[0]!.id });
    const inB = (a: Tenant, b: Tenant) => ({ token: a.tokens.staff, lineAccountId: b.channels[0]!.id, answers: [403] });
    return {
      'GET /api/service/plan_analysis': probes((a, b) => [
        { path: base, ...asA(a), answers: [200], absentIds: [planOf(b)] },
        { path: base, ...inB(a, b) },
      ]),
      'GET /api/service/plan_analysis/:id': probes((a, b) => [
        { path: `${base}/${planOf(b)}`, ...asA(a), answers: NOT_FOUND },
        { path: `${base}/${planOf(a)}`, ...inB(a, b) },
      ]),
    };
  },
};
