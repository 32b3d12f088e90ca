import { notTenant, type IsolationModule } from '../../test/isolation.ts';

export const isolation: IsolationModule = {
  routes: () =>
    Object.fromEntries(
      ['admin', 'agency', 'account', 'service'].flatMap((role) => [
        [`POST /api/${role}/sessions`, notTenant('login: credentials only')],
        [`DELETE /api/${role}/sessions`, notTenant('ends the caller’s own session only')],
        [`GET /api/${role}/sessions/me`, notTenant('the caller’s own session only')],
      ]),
    ),
};
