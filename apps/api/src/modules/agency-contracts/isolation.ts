import type { Tenant } from '../../test/factory.ts';
import { INVALID, NOT_FOUND, probes, type IsolationModule } from '../../test/isolation.ts';
import { agencyContracts } from './schema.ts';

/** Per tenant's agency: a draft contract of its account on a plan of its OEM (made below). */
const contracts = new Map<number, { id: number; planId: number }>();
const contractOf = (tenant: Tenant) => contracts.get(tenant.agency.id)!;

const body = (a: Tenant, overrides: Record<string, unknown> = {}) => ({
  account_id: a.account.id,
  oem_plan_id: contractOf(a).planId,
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  monthly_fee_yen: 1000,
  ...overrides,
});

export const isolation: IsolationModule = {
  async setup(t, tenants) {
    for (const tenant of tenants) {
      const plan = await t.factory.oemPlan(tenant.agency.oemId);
      const [row] = await t.runtime.ctx.database.db
        .insert(agencyContracts)
        .values({
          agencyId: tenant.agency.id,
          accountId: tenant.account.id,
          oemPlanId: plan.id,
          startDate: '2026-01-01',
          endDate: '2026-12-31',
          notes: `isolation ${tenant.agency.name}`,
        })
        .returning({ id: agencyContracts.id });
      contracts.set(tenant.agency.id, { id: row!.id, planId: plan.id });
    }
  },
  routes: () => ({
    'GET /api/agency/contracts': probes((a, b) => [
      { path: '/agency/contracts', token: a.tokens.agency, answers: [200], absentIds: [contractOf(b).id] },
      {
        path: '/agency/contracts',
        token: a.tokens.agency,
        query: { account_id: b.account.id },
        answers: [200],
        absentIds: [contractOf(b).id],
      },
    ]),
    'GET /api/agency/contracts/export': probes((a, b) => [
      { path: '/agency/contracts/export', token: a.tokens.agency, answers: [200], absentText: [b.agency.name] },
    ]),
    'GET /api/agency/contracts/:id': probes((a, b) => [
      { path: `/agency/contracts/${contractOf(b).id}`, token: a.tokens.agency, answers: NOT_FOUND },
    ]),
    'POST /api/agency/contracts': probes((a, b) => [
      {
        path: '/agency/contracts',
        token: a.tokens.agency,
        body: body(a, { account_id: b.account.id }),
        answers: INVALID,
      },
      {
        path: '/agency/contracts',
        token: a.tokens.agency,
        body: body(a, { oem_plan_id: contractOf(b).planId }),
        answers: INVALID,
      },
    ]),
    'PUT /api/agency/contracts/:id': probes((a, b) => [
      { path: `/agency/contracts/${contractOf(b).id}`, token: a.tokens.agency, body: body(a), answers: NOT_FOUND },
    ]),
    'POST /api/agency/contracts/:id/status': probes((a, b) => [
      {
        path: `/agency/contracts/${contractOf(b).id}/status`,
        token: a.tokens.agency,
        body: { status: 'active' },
        answers: NOT_FOUND,
      },
    ]),
  }),
};
