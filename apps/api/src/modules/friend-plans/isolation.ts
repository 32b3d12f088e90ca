import type { Tenant } from '../../test/factory.ts';
import { NOT_FOUND, probes, type IsolationModule } from '../../test/isolation.ts';
import { fixturesOf } from '../labels/isolation.ts';
import { planEnrolments } from '../plans/schema.ts';
import { createPlan, simplePlan } from '../plans/test-support.ts';

/** Per tenant's first channel: a plan and an enrolment of the label fixtures' friend in it (created below). */
const fixtures = new Map<number, { plan: number; enrolment: number }>();
const planIn = (tenant: Tenant) => fixtures.get(tenant.channels[0]!.id)!.plan;
const enrolmentIn = (tenant: Tenant) => fixtures.get(tenant.channels[0]!.id)!.enrolment;

/**
 * A friend's plans: A's staff with A's channel in the header reaching for B's friend, B's
 * enrolment or B's plan (404, also with A's own friend); with B's channel in the header, 403.
 */
export const isolation: IsolationModule = {
  async setup(t, tenants) {
    for (const tenant of tenants) {
      const lineAccountId = tenant.channels[0]!.id;
      const plan = await createPlan(
        t,
        { token: tenant.tokens.staff, lineAccountId },
        simplePlan('scenario', 'isolation'),
      );
      const [enrolment] = await t.runtime.ctx.database.db
        .insert(planEnrolments)
        .values({ lineAccountId, planId: plan.plan.id!, friendId: fixturesOf(tenant).friend, currentBoxId: 'box-0' })
        .returning();
      fixtures.set(lineAccountId, { plan: plan.plan.id!, enrolment: enrolment!.id });
    }
  },
  routes: () => {
    const asA = (a: Tenant) => ({ token: a.tokens.staff, lineAccountId: a.channels[0]!.id });
    const inB = (a: Tenant, b: Tenant) => ({ token: a.tokens.staff, lineAccountId: b.channels[0]!.id, answers: [403] });
    const plansOf = (tenant: Tenant) => `/service/friends/${fixturesOf(tenant).friend}/plans`;
    const sendPlanOf = (tenant: Tenant) => `/service/friends/${fixturesOf(tenant).friend}/send_plan`;
    const stopOf = (friendOf: Tenant, enrolmentOf: Tenant) => `${plansOf(friendOf)}/${enrolmentIn(enrolmentOf)}/stop`;
    return {
      'GET /api/service/friends/:id/plans': probes((a, b) => [
        { path: plansOf(b), ...asA(a), answers: NOT_FOUND },
        { path: plansOf(a), ...inB(a, b) },
      ]),
      'POST /api/service/friends/:id/send_plan': probes((a, b) => [
        { path: sendPlanOf(b), ...asA(a), body: { plan_id: planIn(a) }, answers: NOT_FOUND },
        { path: sendPlanOf(a), ...asA(a), body: { plan_id: planIn(b) }, answers: NOT_FOUND },
        { path: sendPlanOf(a), ...inB(a, b), body: { plan_id: planIn(a) } },
      ]),
      'POST /api/service/friends/:id/plans/:enrolmentId/stop': probes((a, b) => [
        { path: stopOf(b, b), ...asA(a), answers: NOT_FOUND },
        { path: stopOf(a, b), ...asA(a), answers: NOT_FOUND },
        { path: stopOf(a, a), ...inB(a, b) },
      ]),
    };
  },
};
