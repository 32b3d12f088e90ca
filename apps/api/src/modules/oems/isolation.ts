import type { Tenant } from '../../test/factory.ts';
import { adminOnly, notTenant, type IsolationModule } from '../../test/isolation.ts';

const oemBody = () => ({
  name: 'hijack',
  service_name: 'hijack',
  domains: ['hijack.example'],
  favicon_url: '/favicon.svg',
  primary_color: '#000000',
  header_color: '#000000',
  sider_color: '#000000',
});
const oemOf = (b: Tenant) => `/admin/oems/${b.account.oemId}`;

export const isolation: IsolationModule = {
  routes: () => ({
    'GET /api/admin/oems': adminOnly(() => '/admin/oems'),
    'GET /api/admin/oems/:id': adminOnly(oemOf),
    'POST /api/admin/oems': adminOnly(() => '/admin/oems', oemBody),
    'PUT /api/admin/oems/:id': adminOnly(oemOf, oemBody),
    'DELETE /api/admin/oems/:id': adminOnly(oemOf),
    'POST /api/admin/oems/images': adminOnly(() => '/admin/oems/images'),
    'GET /api/admin/oem_account': adminOnly((b) => `/admin/oem_account?oem_id=${b.account.oemId}`),
    'PUT /api/admin/oem_account': adminOnly(
      (b) => `/admin/oem_account?oem_id=${b.account.oemId}`,
      () => ({
        company_name: 'hijack',
      }),
    ),
    'GET /api/public/oem_landing': notTenant('public landing by host name'),
  }),
};
