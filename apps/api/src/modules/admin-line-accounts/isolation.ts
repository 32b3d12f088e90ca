import type { Tenant } from '../../test/factory.ts';
import { INVALID, oemAdminRoute, type IsolationModule } from '../../test/isolation.ts';

const adminChannelBody = (b: Tenant) => ({
  name: 'hijack',
  account_id: b.account.id,
  status: 'active',
  channel_id: '1234567890',
  channel_secret: '0123456789abcdef0123456789abcdef',
  channel_access_token: 'probe-token',
  simulated: false,
});

// Each tenant is its own OEM: A's OEM admin reaches none of B's channels or accounts.
export const isolation: IsolationModule = {
  routes: () => ({
    'GET /api/admin/line_accounts': oemAdminRoute(() => '/admin/line_accounts', {
      answers: [200],
      absentIds: (b) => b.channels.map((c) => c.id),
    }),
    'GET /api/admin/line_accounts/:id': oemAdminRoute((b) => `/admin/line_accounts/${b.channels[0]!.id}`),
    'POST /api/admin/line_accounts': oemAdminRoute(() => '/admin/line_accounts', {
      body: adminChannelBody,
      answers: INVALID,
    }),
    'PUT /api/admin/line_accounts/:id': oemAdminRoute((b) => `/admin/line_accounts/${b.channels[0]!.id}`, {
      body: adminChannelBody,
    }),
    'DELETE /api/admin/line_accounts/:id': oemAdminRoute((b) => `/admin/line_accounts/${b.channels[1]!.id}`),
    'POST /api/admin/line_accounts/:id/connection_test': oemAdminRoute(
      (b) => `/admin/line_accounts/${b.channels[0]!.id}/connection_test`,
    ),
    'GET /api/admin/accounts/options': oemAdminRoute(() => '/admin/accounts/options', {
      answers: [200],
      absentIds: (b) => [b.account.id],
    }),
  }),
};
