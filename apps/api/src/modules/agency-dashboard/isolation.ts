import { probes, type IsolationModule } from '../../test/isolation.ts';

/**
 * Tenant A's agency user reads its own dashboard (it takes no id; that it counts and names none of
 * another agency's accounts and channels is agency-dashboard.db.test.ts).
 */
export const isolation: IsolationModule = {
  routes: () => ({
    'GET /api/agency/dashboard': probes((a) => [{ path: '/agency/dashboard', token: a.tokens.agency, answers: [200] }]),
  }),
};
