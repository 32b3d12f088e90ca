import { oemAdminRoute, type IsolationModule } from '../../test/isolation.ts';

export const isolation: IsolationModule = {
  routes: () => ({
    // Acting on B's OEM is a 404; A's own home holds A's figures only (admin-home.db.test.ts).
    'GET /api/admin/home': oemAdminRoute((b) => `/admin/home?oem_id=${b.agency.oemId}`),
  }),
};
