import { NOT_FOUND, probes, type IsolationModule } from '../../test/isolation.ts';

const probeEmail = () => `probe-${Math.random().toString(36).slice(2)}@test.example`;

/** Tenant A's agency manager reaching for tenant B's agency user: another agency's users are not found. */
export const isolation: IsolationModule = {
  routes: () => ({
    'GET /api/agency/users': probes((a, b) => [
      { path: '/agency/users', token: a.tokens.agency, answers: [200], absentIds: [b.agencyUser.id] },
    ]),
    'GET /api/agency/users/:id': probes((a, b) => [
      { path: `/agency/users/${b.agencyUser.id}`, token: a.tokens.agency, answers: NOT_FOUND },
    ]),
    'POST /api/agency/users': probes((a) => [
      {
        path: '/agency/users',
        token: a.tokens.agency,
        body: { name: 'probe', email: probeEmail(), role: 'member' },
        answers: [201],
      },
    ]),
    'PUT /api/agency/users/:id': probes((a, b) => [
      {
        path: `/agency/users/${b.agencyUser.id}`,
        token: a.tokens.agency,
        body: { name: 'probe', email: probeEmail(), role: 'member', status: 'disabled' },
        answers: NOT_FOUND,
      },
    ]),
  }),
};
