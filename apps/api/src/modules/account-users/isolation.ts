import type { Tenant } from '../../test/factory.ts';
import { INVALID, NOT_FOUND, probes, type IsolationModule } from '../../test/isolation.ts';

const userBody = (a: Tenant, overrides: Record<string, unknown>) => ({
  name: 'probe',
  email: `probe-${Math.random().toString(36).slice(2)}@test.example`,
  password: 'probe-password-123',
  status: 'active',
  staff_authority_id: a.fullAuthority.id,
  line_account_ids: [a.channels[0]!.id],
  ...overrides,
});

export const isolation: IsolationModule = {
  routes: () => ({
    'GET /api/account/users': probes((a, b) => [
      { path: '/account/users', token: a.tokens.owner, answers: [200], absentIds: [b.staff.id, b.viewer.id] },
      {
        path: '/account/users',
        token: a.tokens.owner,
        query: { staff_authority_id: b.fullAuthority.id },
        answers: [200],
        absentIds: [b.staff.id],
      },
    ]),
    'GET /api/account/users/:id': probes((a, b) => [
      { path: `/account/users/${b.staff.id}`, token: a.tokens.owner, answers: NOT_FOUND },
    ]),
    'POST /api/account/users': probes((a, b) => [
      {
        path: '/account/users',
        token: a.tokens.owner,
        body: userBody(a, { staff_authority_id: b.fullAuthority.id }),
        answers: INVALID,
      },
      {
        path: '/account/users',
        token: a.tokens.owner,
        body: userBody(a, { line_account_ids: [b.channels[0]!.id] }),
        answers: INVALID,
      },
    ]),
    'PUT /api/account/users/:id': probes((a, b) => [
      {
        path: `/account/users/${b.staff.id}`,
        token: a.tokens.owner,
        body: userBody(a, { password: '' }),
        answers: NOT_FOUND,
      },
      {
        path: `/account/users/${a.viewer.id}`,
        token: a.tokens.owner,
        body: userBody(a, { password: '', staff_authority_id: b.fullAuthority.id }),
        answers: INVALID,
      },
      {
        path: `/account/users/${a.viewer.id}`,
        token: a.tokens.owner,
        body: userBody(a, { password: '', line_account_ids: [b.channels[1]!.id] }),
        answers: INVALID,
      },
    ]),
    'DELETE /api/account/users/:id': probes((a, b) => [
      { path: `/account/users/${b.viewer.id}`, token: a.tokens.owner, answers: NOT_FOUND },
    ]),
  }),
};
