import type { Tenant } from '../../test/factory.ts';
import { oemAdminRoute, type IsolationModule } from '../../test/isolation.ts';

const accountBody = () => ({ name: 'probe', status: 'suspended' });
/** Naming B's OEM: an OEM admin acting on another OEM. */
const inOemOf = (b: Tenant) => `oem_id=${b.agency.oemId}`;

export const isolation: IsolationModule = {
  routes: () => ({
    'GET /api/admin/accounts': oemAdminRoute(() => '/admin/accounts', {
      answers: [200],
      absentIds: (b) => [b.account.id],
    }),
    'GET /api/admin/accounts/:id': oemAdminRoute((b) => `/admin/accounts/${b.account.id}`),
    'POST /api/admin/accounts': oemAdminRoute((b) => `/admin/accounts?${inOemOf(b)}`, {
      body: () => ({ ...accountBody(), owner_name: 'probe', owner_email: 'probe@example.jp' }),
    }),
    'PUT /api/admin/accounts/:id': oemAdminRoute((b) => `/admin/accounts/${b.account.id}`, { body: accountBody }),
    'POST /api/admin/accounts/:id/owner_invitation': oemAdminRoute(
      (b) => `/admin/accounts/${b.account.id}/owner_invitation`,
    ),
  }),
};
