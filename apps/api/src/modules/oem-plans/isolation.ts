import type { Tenant } from '../../test/factory.ts';
import { oemAdminRoute, type IsolationModule } from '../../test/isolation.ts';
import { oemPlans } from '../tenants/schema.ts';

const planBody = () => ({
  name: 'probe',
  monthly_price_yen: 1000,
  max_channels: 1,
  max_staff_users: 1,
  max_monthly_messages: 1000,
  rich_menu_rules: true,
  forms: true,
  inflow_routes: true,
});

/** Per tenant's OEM: a plan (made below). */
const planFixtures = new Map<number, number>();
const planOf = (tenant: Tenant) => planFixtures.get(tenant.agency.oemId)!;
/** Naming B's OEM: an OEM admin acting on another OEM. */
const inOemOf = (b: Tenant) => `oem_id=${b.agency.oemId}`;

export const isolation: IsolationModule = {
  async setup(t, tenants) {
    for (const tenant of tenants) {
      const [row] = await t.runtime.ctx.database.db
        .insert(oemPlans)
        .values({
          oemId: tenant.agency.oemId,
          name: 'isolation',
          monthlyPriceYen: 1000,
          maxChannels: 1,
          maxStaffUsers: 1,
          maxMonthlyMessages: 1000,
        })
        .returning({ id: oemPlans.id });
      planFixtures.set(tenant.agency.oemId, row!.id);
    }
  },
  routes: () => ({
    'GET /api/admin/oem_plans': oemAdminRoute(() => '/admin/oem_plans', {
      answers: [200],
      absentIds: (b) => [planOf(b)],
    }),
    'GET /api/admin/oem_plans/:id': oemAdminRoute((b) => `/admin/oem_plans/${planOf(b)}`),
    'POST /api/admin/oem_plans': oemAdminRoute((b) => `/admin/oem_plans?${inOemOf(b)}`, { body: planBody }),
    'PUT /api/admin/oem_plans/:id': oemAdminRoute((b) => `/admin/oem_plans/${planOf(b)}`, { body: planBody }),
    'DELETE /api/admin/oem_plans/:id': oemAdminRoute((b) => `/admin/oem_plans/${planOf(b)}`),
  }),
};
