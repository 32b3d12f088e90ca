import { NOT_FOUND, probes, type IsolationModule } from '../../test/isolation.ts';

export const isolation: IsolationModule = {
  routes: () => ({
    'GET /api/account/line_accounts': probes((a, b) => [
      { path: '/account/line_accounts', token: a.tokens.owner, answers: [200], absentIds: b.channels.map((c) => c.id) },
      { path: '/account/line_accounts', token: a.tokens.staff, answers: [200], absentIds: b.channels.map((c) => c.id) },
    ]),
    'GET /api/account/line_accounts/:id': probes((a, b) => [
      { path: `/account/line_accounts/${b.channels[0]!.id}`, token: a.tokens.owner, answers: NOT_FOUND },
      { path: `/account/line_accounts/${b.channels[0]!.id}`, token: a.tokens.staff, answers: NOT_FOUND },
    ]),
    'PUT /api/account/line_accounts/:id': probes((a, b) => [
      {
        path: `/account/line_accounts/${b.channels[0]!.id}`,
        token: a.tokens.owner,
        body: { name: 'x' },
        answers: NOT_FOUND,
      },
      {
        path: `/account/line_accounts/${b.channels[0]!.id}`,
        token: a.tokens.staff,
        body: { name: 'x' },
        answers: NOT_FOUND,
      },
    ]),
  }),
};
