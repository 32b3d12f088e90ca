import type { Tenant } from '../../test/factory.ts';
import { notTenant, oemAdminRoute, type IsolationModule } from '../../test/isolation.ts';
import { oemPageVersions } from './schema.ts';

/** Per tenant's OEM: a version of its terms (made below). */
const versionFixtures = new Map<number, number>();
const versionOf = (b: Tenant) => versionFixtures.get(b.agency.oemId)!;
const chosen = (b: Tenant) => `oem_id=${b.agency.oemId}`;

export const isolation: IsolationModule = {
  async setup(t, tenants) {
    for (const tenant of tenants) {
      const [row] = await t.runtime.ctx.database.db
        .insert(oemPageVersions)
        .values({ oemId: tenant.agency.oemId, kind: 'terms', version: 1, body: 'isolation', authorName: 'isolation' })
        .returning();
      versionFixtures.set(tenant.agency.oemId, row!.id);
    }
  },
  routes: () => ({
    'GET /api/admin/oem_privacy': oemAdminRoute((b) => `/admin/oem_privacy?${chosen(b)}`),
    'PUT /api/admin/oem_privacy/:kind': oemAdminRoute((b) => `/admin/oem_privacy/terms?${chosen(b)}`, {
      body: () => ({ body: 'hijack' }),
    }),
    'GET /api/admin/oem_privacy/:kind/versions': oemAdminRoute((b) => `/admin/oem_privacy/terms/versions?${chosen(b)}`),
    // B's version by its id, asked in A's own OEM.
    'GET /api/admin/oem_privacy/versions/:id': oemAdminRoute((b) => `/admin/oem_privacy/versions/${versionOf(b)}`),
    'GET /api/public/oem_pages/:kind': notTenant('public privacy texts by host name'),
  }),
};
