import { probes, type IsolationModule } from '../../test/isolation.ts';

export const isolation: IsolationModule = {
  routes: () => ({
    // No id to name: the owner reads their own account's usage; other sessions are turned away.
    'GET /api/account/usage': probes((a) => [
      { path: '/account/usage', token: a.tokens.owner, answers: [200] },
      { path: '/account/usage', token: a.tokens.staff, answers: [401] },
      { path: '/account/usage', token: a.tokens.agency, answers: [401] },
    ]),
  }),
};
