import type { Tenant } from '../../test/factory.ts';
import { INVALID, NOT_FOUND, probes, type IsolationModule } from '../../test/isolation.ts';
import { agencyNotices } from './schema.ts';

/** Per tenant's agency: a notice scheduled far ahead, and a plan of its OEM (made below). */
const fixtures = new Map<number, { noticeId: number; planId: number }>();
const of = (tenant: Tenant) => fixtures.get(tenant.agency.id)!;

const body = (overrides: Record<string, unknown>) => ({
  title: 'probe',
  body: 'probe',
  send_at: '2099-01-01T00:00:00+09:00',
  audience: 'all',
  ...overrides,
});

export const isolation: IsolationModule = {
  async setup(t, tenants) {
    for (const tenant of tenants) {
      const plan = await t.factory.oemPlan(tenant.agency.oemId);
      const [row] = await t.runtime.ctx.database.db
        .insert(agencyNotices)
        .values({
          agencyId: tenant.agency.id,
          title: `isolation ${tenant.agency.name}`,
          body: 'isolation',
          audience: 'all',
          sendAt: new Date('2099-01-01T00:00:00Z'),
        })
        .returning({ id: agencyNotices.id });
      fixtures.set(tenant.agency.id, { noticeId: row!.id, planId: plan.id });
    }
  },
  routes: () => ({
    'GET /api/agency/notices': probes((a, b) => [
      { path: '/agency/notices', token: a.tokens.agency, answers: [200], absentIds: [of(b).noticeId] },
    ]),
    'GET /api/agency/notices/:id': probes((a, b) => [
      { path: `/agency/notices/${of(b).noticeId}`, token: a.tokens.agency, answers: NOT_FOUND },
    ]),
    'POST /api/agency/notices/preview': probes((a, b) => [
      {
        path: '/agency/notices/preview',
        token: a.tokens.agency,
        body: { audience: 'picked', account_ids: [b.account.id] },
        answers: INVALID,
      },
      {
        path: '/agency/notices/preview',
        token: a.tokens.agency,
        body: { audience: 'plan', oem_plan_id: of(b).planId },
        answers: INVALID,
      },
    ]),
    'POST /api/agency/notices': probes((a, b) => [
      {
        path: '/agency/notices',
        token: a.tokens.agency,
        body: body({ audience: 'picked', account_ids: [a.account.id, b.account.id] }),
        answers: INVALID,
      },
      {
        path: '/agency/notices',
        token: a.tokens.agency,
        body: body({ audience: 'plan', oem_plan_id: of(b).planId }),
        answers: INVALID,
      },
    ]),
    'POST /api/agency/notices/:id/cancel': probes((a, b) => [
      { path: `/agency/notices/${of(b).noticeId}/cancel`, token: a.tokens.agency, answers: NOT_FOUND },
    ]),
  }),
};
