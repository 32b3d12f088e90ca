import type { Tenant } from '../../test/factory.ts';
import { NOT_FOUND, oemAdminRoute, probes, type IsolationModule } from '../../test/isolation.ts';
import { billingInvoices } from './schema.ts';

/** Each tenant's invoice, for the PDF and mark-paid probes. */
const invoiceOf = new Map<number, number>();
const invoiceId = (tenant: Tenant) => invoiceOf.get(tenant.account.id)!;
const invoiceNumberOf = (tenant: Tenant) => `INV-ISOLATION-${tenant.account.id}-PROBE`;

export const isolation: IsolationModule = {
  async setup(t, tenants) {
    for (const tenant of tenants) {
      const [row] = await t.runtime.ctx.database.db
        .insert(billingInvoices)
        .values({
          accountId: tenant.account.id,
          number: invoiceNumberOf(tenant),
          method: 'invoice',
          periodStart: '2026-01-01',
          periodEnd: '2026-01-31',
          issuedOn: '2026-01-01',
          dueOn: '2026-01-15',
          items: [{ description: 'probe', quantity: 1, unitPriceYen: 1000, taxRate: 10 }],
          taxes: [{ rate: 10, baseYen: 1000, taxYen: 100 }],
          subtotalYen: 1000,
          taxYen: 100,
          totalYen: 1100,
          issuerName: 'probe',
          issuerRegistrationNumber: '',
          recipientName: `secret-${tenant.account.id}`,
        })
        .returning({ id: billingInvoices.id });
      invoiceOf.set(tenant.account.id, row!.id);
    }
  },
  routes: () => ({
    // No id to name: the owner reads and changes their own account's plan and payment only.
    'GET /api/account/payment_plan': probes((a) => [
      { path: '/account/payment_plan', token: a.tokens.owner, answers: [200] },
      { path: '/account/payment_plan', token: a.tokens.staff, answers: [401] },
      { path: '/account/payment_plan', token: a.tokens.agency, answers: [401] },
    ]),
    'POST /api/account/payment_plan': probes((a) => [
      { path: '/account/payment_plan', token: a.tokens.staff, body: { plan_id: 1 }, answers: [401] },
      { path: '/account/payment_plan', token: a.tokens.agency, body: { plan_id: 1 }, answers: [401] },
    ]),
    'DELETE /api/account/payment_plan/pending': probes((a) => [
      { path: '/account/payment_plan/pending', token: a.tokens.staff, answers: [401] },
      { path: '/account/payment_plan/pending', token: a.tokens.agency, answers: [401] },
    ]),
    'GET /api/account/payment': probes((a, b) => [
      { path: '/account/payment', token: a.tokens.owner, answers: [200], absentText: [invoiceNumberOf(b)] },
      { path: '/account/payment', token: a.tokens.staff, answers: [401] },
    ]),
    // B's invoice named by A's owner is a 404.
    'GET /api/account/payment/invoices/:id/pdf': probes((a, b) => [
      { path: `/account/payment/invoices/${invoiceId(b)}/pdf`, token: a.tokens.owner, answers: NOT_FOUND },
      { path: `/account/payment/invoices/${invoiceId(a)}/pdf`, token: a.tokens.staff, answers: [401] },
    ]),
    'POST /api/account/payment/checkout': probes((a) => [
      { path: '/account/payment/checkout', token: a.tokens.staff, answers: [401] },
      { path: '/account/payment/checkout', token: a.tokens.agency, answers: [401] },
    ]),
    'POST /api/account/payment/checkout/complete': probes((a) => [
      { path: '/account/payment/checkout/complete', token: a.tokens.staff, body: { session_id: 'x' }, answers: [401] },
    ]),
    'POST /api/account/payment/portal': probes((a) => [
      { path: '/account/payment/portal', token: a.tokens.staff, answers: [401] },
    ]),
    'GET /api/account/billing_standing': probes((a) => [
      { path: '/account/billing_standing', token: a.tokens.owner, answers: [200] },
      { path: '/account/billing_standing', token: a.tokens.staff, answers: [200] },
      { path: '/account/billing_standing', token: a.tokens.agency, answers: [401] },
    ]),
    // A's OEM admin naming B's account (or B's invoice under it) is a 404: B's OEM is not theirs.
    'GET /api/admin/accounts/:id/billing': oemAdminRoute((b) => `/admin/accounts/${b.account.id}/billing`),
    'GET /api/admin/accounts/:id/invoices/:invoiceId/pdf': oemAdminRoute(
      (b) => `/admin/accounts/${b.account.id}/invoices/${invoiceId(b)}/pdf`,
    ),
    'POST /api/admin/accounts/:id/invoices/:invoiceId/paid': oemAdminRoute(
      (b) => `/admin/accounts/${b.account.id}/invoices/${invoiceId(b)}/paid`,
    ),
    // Stripe's callback: an unsigned or wrongly signed event changes nothing anywhere.
    'POST /webhooks/stripe': probes(() => [
      {
        path: '/webhooks/stripe',
        outsideApi: true,
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        body: JSON.stringify({ id: 'evt_probe', type: 'invoice.paid' }),
        answers: [400],
      },
    ]),
  }),
};
