import type { Tenant } from '../../test/factory.ts';
import { platformOnly, type IsolationModule } from '../../test/isolation.ts';

const adminChannelBody = (b: Tenant) => ({
  name: 'hijack',
  account_id: b.account.id,
  status: 'active',
  channel_id: '1234567890',
  channel_secret: '0123456789abcdef0123456789abcdef',
  channel_access_token: 'probe-token',
  simulated: false,
});

export const isolation: IsolationModule = {
  routes: () => ({
    'GET /api/admin/line_accounts': platformOnly(() => '/admin/line_accounts'),
    'GET /api/admin/line_accounts/:id': platformOnly((b) => `/admin/line_accounts/${b.channels[0]!.id}`),
    'POST /api/admin/line_accounts': platformOnly(() => '/admin/line_accounts', adminChannelBody),
    'PUT /api/admin/line_accounts/:id': platformOnly(
      (b) => `/admin/line_accounts/${b.channels[0]!.id}`,
      adminChannelBody,
    ),
    'DELETE /api/admin/line_accounts/:id': platformOnly((b) => `/admin/line_accounts/${b.channels[1]!.id}`),
    'POST /api/admin/line_accounts/:id/connection_test': platformOnly(
      (b) => `/admin/line_accounts/${b.channels[0]!.id}/connection_test`,
    ),
    'GET /api/admin/accounts/options': platformOnly(() => '/admin/accounts/options'),
  }),
};
