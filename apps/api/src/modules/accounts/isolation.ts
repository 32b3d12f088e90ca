import { adminOnly, type IsolationModule } from '../../test/isolation.ts';

const accountBody = { name: 'probe', status: 'suspended' };

export const isolation: IsolationModule = {
  routes: () => ({
    'GET /api/admin/accounts': adminOnly(() => '/admin/accounts'),
    'GET /api/admin/accounts/:id': adminOnly((b) => `/admin/accounts/${b.account.id}`),
    'POST /api/admin/accounts': adminOnly(
      () => '/admin/accounts',
      () => ({ ...accountBody, owner_name: 'probe', owner_email: 'probe@example.jp' }),
    ),
    'PUT /api/admin/accounts/:id': adminOnly(
      (b) => `/admin/accounts/${b.account.id}`,
      () => accountBody,
    ),
    'POST /api/admin/accounts/:id/owner_invitation': adminOnly(
      (b) => `/admin/accounts/${b.account.id}/owner_invitation`,
    ),
  }),
};
