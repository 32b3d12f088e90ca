import { adminOnly, type IsolationModule } from '../../test/isolation.ts';

const adminBody = { name: 'probe', email: 'probe@example.jp' };

export const isolation: IsolationModule = {
  routes: () => ({
    'GET /api/admin/admins': adminOnly(() => '/admin/admins'),
    'GET /api/admin/admins/:id': adminOnly(() => '/admin/admins/1'),
    'POST /api/admin/admins': adminOnly(
      () => '/admin/admins',
      () => adminBody,
    ),
    'PUT /api/admin/admins/:id': adminOnly(
      () => '/admin/admins/1',
      () => ({ ...adminBody, status: 'disabled' }),
    ),
  }),
};
