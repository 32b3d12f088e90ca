import { adminOnly, type IsolationModule } from '../../test/isolation.ts';

const planBody = {
  name: 'probe',
  monthly_price_yen: 1000,
  max_channels: 1,
  max_staff_users: 1,
  max_monthly_messages: 1000,
  rich_menu_rules: true,
  forms: true,
  inflow_routes: true,
};

export const isolation: IsolationModule = {
  routes: () => ({
    'GET /api/admin/oem_plans': adminOnly(() => '/admin/oem_plans'),
    'GET /api/admin/oem_plans/:id': adminOnly(() => '/admin/oem_plans/1'),
    'POST /api/admin/oem_plans': adminOnly(
      () => '/admin/oem_plans',
      () => planBody,
    ),
    'PUT /api/admin/oem_plans/:id': adminOnly(
      () => '/admin/oem_plans/1',
      () => planBody,
    ),
    'DELETE /api/admin/oem_plans/:id': adminOnly(() => '/admin/oem_plans/1'),
  }),
};
