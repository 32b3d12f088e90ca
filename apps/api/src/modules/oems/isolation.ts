import type { Tenant } from '../../test/factory.ts';
import { notTenant, oemAdminRoute, platformOnly, type IsolationModule } from '../../test/isolation.ts';

const oemBody = () => ({
  name: 'hijack',
  service_name: 'hijack',
  domains: ['hijack.example'],
  favicon_url: '/favicon.svg',
  primary_color: '#000000',
  header_color: '#000000',
  sider_color: '#000000',
});
const oemOf = (b: Tenant) => `/admin/oems/${b.agency.oemId}`;
const accountOf = (b: Tenant) => `/admin/oem_account?oem_id=${b.agency.oemId}`;

export const isolation: IsolationModule = {
  routes: () => ({
    'GET /api/admin/oems': platformOnly(() => '/admin/oems'),
    'GET /api/admin/oems/:id': platformOnly(oemOf),
    'POST /api/admin/oems': platformOnly(() => '/admin/oems', oemBody),
    'PUT /api/admin/oems/:id': platformOnly(oemOf, oemBody),
    'DELETE /api/admin/oems/:id': platformOnly(oemOf),
    'POST /api/admin/oems/images': platformOnly(() => '/admin/oems/images'),
    'GET /api/admin/oem_account': oemAdminRoute(accountOf),
    'PUT /api/admin/oem_account': oemAdminRoute(accountOf, { body: () => ({ company_name: 'hijack' }) }),
    'GET /api/public/oem_landing': notTenant('public landing by host name'),
  }),
};
