import { adminOnly, notTenant, type IsolationModule } from '../../test/isolation.ts';

export const isolation: IsolationModule = {
  routes: () => ({
    'GET /api/admin/oem_privacy': adminOnly((b) => `/admin/oem_privacy?oem_id=${b.account.oemId}`),
    'PUT /api/admin/oem_privacy/:kind': adminOnly(
      (b) => `/admin/oem_privacy/terms?oem_id=${b.account.oemId}`,
      () => ({ body: 'hijack' }),
    ),
    'GET /api/admin/oem_privacy/:kind/versions': adminOnly(
      (b) => `/admin/oem_privacy/terms/versions?oem_id=${b.account.oemId}`,
    ),
    'GET /api/admin/oem_privacy/versions/:id': adminOnly(
      (b) => `/admin/oem_privacy/versions/1?oem_id=${b.account.oemId}`,
    ),
    'GET /api/public/oem_pages/:kind': notTenant('public privacy texts by host name'),
  }),
};
