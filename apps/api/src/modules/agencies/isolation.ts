import type { Tenant } from '../../test/factory.ts';
import { oemAdminRoute, type IsolationModule } from '../../test/isolation.ts';

const agencyBody = () => ({ name: 'probe', status: 'suspended' });
/** Naming B's OEM: an OEM admin acting on another OEM. */
const inOemOf = (b: Tenant) => `oem_id=${b.agency.oemId}`;

export const isolation: IsolationModule = {
  routes: () => ({
    'GET /api/admin/agencies': oemAdminRoute(() => '/admin/agencies', {
      answers: [200],
      absentIds: (b) => [b.agency.id],
    }),
    'GET /api/admin/agencies/options': oemAdminRoute(() => '/admin/agencies/options', {
      answers: [200],
      absentIds: (b) => [b.agency.id],
    }),
    'GET /api/admin/agencies/:id': oemAdminRoute((b) => `/admin/agencies/${b.agency.id}`),
    'POST /api/admin/agencies': oemAdminRoute((b) => `/admin/agencies?${inOemOf(b)}`, { body: agencyBody }),
    'PUT /api/admin/agencies/:id': oemAdminRoute((b) => `/admin/agencies/${b.agency.id}`, { body: agencyBody }),
    'DELETE /api/admin/agencies/:id': oemAdminRoute((b) => `/admin/agencies/${b.agency.id}`),
    'POST /api/admin/agencies/:id/users': oemAdminRoute((b) => `/admin/agencies/${b.agency.id}/users`, {
      body: () => ({ name: 'probe', email: 'probe@example.jp' }),
    }),
    'PUT /api/admin/agencies/:id/users/:user_id': oemAdminRoute(
      (b) => `/admin/agencies/${b.agency.id}/users/${b.agencyUser.id}`,
      { body: () => ({ status: 'disabled' }) },
    ),
  }),
};
