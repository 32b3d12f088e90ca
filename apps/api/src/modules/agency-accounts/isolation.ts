import { NOT_FOUND, probes, type IsolationModule } from '../../test/isolation.ts';

const accountBody = { name: 'probe', time_zone: 'Asia/Tokyo', oem_plan_id: null };

/** Tenant A's agency user reaching for tenant B's client account (B's agency is another agency). */
export const isolation: IsolationModule = {
  routes: () => ({
    'GET /api/agency/accounts': probes((a, b) => [
      { path: '/agency/accounts', token: a.tokens.agency, answers: [200], absentIds: [b.account.id] },
    ]),
    'GET /api/agency/accounts/options': probes((a, b) => [
      { path: '/agency/accounts/options', token: a.tokens.agency, answers: [200], absentIds: [b.account.id] },
    ]),
    'GET /api/agency/plans': probes((a) => [{ path: '/agency/plans', token: a.tokens.agency, answers: [200] }]),
    'GET /api/agency/accounts/:id': probes((a, b) => [
      { path: `/agency/accounts/${b.account.id}`, token: a.tokens.agency, answers: NOT_FOUND },
    ]),
    'POST /api/agency/accounts': probes((a) => [
      {
        path: '/agency/accounts',
        token: a.tokens.agency,
        body: {
          ...accountBody,
          owner_name: 'probe',
          owner_email: `probe-${Math.random().toString(36).slice(2)}@test.example`,
        },
        answers: [201],
      },
    ]),
    'PUT /api/agency/accounts/:id': probes((a, b) => [
      { path: `/agency/accounts/${b.account.id}`, token: a.tokens.agency, body: accountBody, answers: NOT_FOUND },
    ]),
    'PUT /api/agency/accounts/:id/status': probes((a, b) => [
      {
        path: `/agency/accounts/${b.account.id}/status`,
        token: a.tokens.agency,
        body: { status: 'suspended' },
        answers: NOT_FOUND,
      },
    ]),
  }),
};
