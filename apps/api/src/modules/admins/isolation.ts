import type { Tenant } from '../../test/factory.ts';
import { oemAdminRoute, type IsolationModule } from '../../test/isolation.ts';

const adminBody = () => ({ name: 'probe', email: 'probe@example.jp' });
/** Naming B's OEM: an OEM admin acting on another OEM. */
const inOemOf = (b: Tenant) => `oem_id=${b.agency.oemId}`;

export const isolation: IsolationModule = {
  routes: () => ({
    'GET /api/admin/admins': oemAdminRoute(() => '/admin/admins', {
      answers: [200],
      absentIds: (b) => [b.oemAdmin.id],
    }),
    'GET /api/admin/admins/:id': oemAdminRoute((b) => `/admin/admins/${b.oemAdmin.id}`),
    'POST /api/admin/admins': oemAdminRoute((b) => `/admin/admins?${inOemOf(b)}`, { body: adminBody }),
    'PUT /api/admin/admins/:id': oemAdminRoute((b) => `/admin/admins/${b.oemAdmin.id}`, {
      body: () => ({ ...adminBody(), status: 'disabled' }),
    }),
  }),
};
