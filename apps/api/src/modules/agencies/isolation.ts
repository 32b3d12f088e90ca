import { adminOnly, type IsolationModule } from '../../test/isolation.ts';

const agencyBody = { name: 'probe', status: 'suspended' };

export const isolation: IsolationModule = {
  routes: () => ({
    'GET /api/admin/agencies': adminOnly(() => '/admin/agencies'),
    'GET /api/admin/agencies/options': adminOnly(() => '/admin/agencies/options'),
    'GET /api/admin/agencies/:id': adminOnly((b) => `/admin/agencies/${b.agency.id}`),
    'POST /api/admin/agencies': adminOnly(
      () => '/admin/agencies',
      () => agencyBody,
    ),
    'PUT /api/admin/agencies/:id': adminOnly(
      (b) => `/admin/agencies/${b.agency.id}`,
      () => agencyBody,
    ),
    'DELETE /api/admin/agencies/:id': adminOnly((b) => `/admin/agencies/${b.agency.id}`),
    'POST /api/admin/agencies/:id/users': adminOnly(
      (b) => `/admin/agencies/${b.agency.id}/users`,
      () => ({ name: 'probe', email: 'probe@example.jp' }),
    ),
    'PUT /api/admin/agencies/:id/users/:user_id': adminOnly(
      (b) => `/admin/agencies/${b.agency.id}/users/${b.agencyUser.id}`,
      () => ({ status: 'disabled' }),
    ),
  }),
};
