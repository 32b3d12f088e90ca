import { probes, type IsolationModule } from '../../test/isolation.ts';

export const isolation: IsolationModule = {
  routes: () => ({
    // No id to name: the owner reads and writes their own account only; other sessions are turned away.
    'GET /api/account/info': probes((a) => [
      { path: '/account/info', token: a.tokens.owner, answers: [200] },
      { path: '/account/info', token: a.tokens.staff, answers: [401] },
      { path: '/account/info', token: a.tokens.agency, answers: [401] },
    ]),
    'PUT /api/account/info': probes((a) => [
      { path: '/account/info', token: a.tokens.staff, body: {}, answers: [401] },
      { path: '/account/info', token: a.tokens.agency, body: {}, answers: [401] },
    ]),
    'GET /api/account/info/time_zone_preview': probes((a) => [
      { path: '/account/info/time_zone_preview', token: a.tokens.owner, answers: [200] },
      { path: '/account/info/time_zone_preview', token: a.tokens.staff, answers: [401] },
    ]),
  }),
};
