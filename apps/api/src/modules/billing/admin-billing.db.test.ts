import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminBillingApi, billingApi } from '@linq/contract';
import { useTestApp } from '../../test/kit.ts';
import { accounts } from '../tenants/schema.ts';
import { runBilling } from './service.ts';

const t = useTestApp({ tenants: 2, role: 'api' });

const admin = () => ({ token: t.tenant.tokens.oemAdmin });
const accountBilling = (token = t.tenant.tokens.oemAdmin) =>
  t.call(adminBillingApi.accountBilling, { params: { id: t.tenant.account.id }, query: {} }, { token });

beforeAll(async () => {
  t.ctx.clock.set(new Date('2026-04-10T03:00:00Z'));
  const plan = await t.factory.oemPlan(t.tenant.agency.oemId, { name: 'スタンダード', monthlyPriceYen: 19800 });
  await t.db.update(accounts).set({ oemPlanId: plan.id }).where(eq(accounts.id, t.tenant.account.id));
  // April's invoice (due 4/24), then May's (due 5/24): April's is past due by then.
  await runBilling(t.ctx);
  t.ctx.clock.set(new Date('2026-05-10T03:00:00Z'));
  await runBilling(t.ctx);
});

describe("the admin's view of an account's billing", () => {
  it('shows the payment method, the standing, the plan and the invoices, newest first', async () => {
    const view = (await accountBilling()).output.data;
    expect(view).toMatchObject({
      method: 'invoice',
      status: 'past_due',
      grace_until: '2026-05-17T03:00:00.000Z',
      plan: { name: 'スタンダード' },
    });
    expect(view.invoices.map((invoice) => [invoice.period.start, invoice.status, invoice.total_yen])).toEqual([
      ['2026-05-10', 'open', 21780],
      ['2026-04-10', 'past_due', 21780],
    ]);
    // The owner's own history shows the same invoices.
    const own = (await t.call(billingApi.overview, {}, { token: t.tenant.tokens.owner })).output.data;
    expect(own.invoices).toEqual(view.invoices);
  });

  it('downloads an invoice as the qualified invoice PDF', async () => {
    const [invoice] = (await accountBilling()).output.data.invoices;
    const pdf = await t.request({
      method: 'GET',
      path: `/admin/accounts/${t.tenant.account.id}/invoices/${invoice!.id}/pdf`,
      token: t.tenant.tokens.oemAdmin,
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`${invoice!.number}.pdf`);
    expect(pdf.text.startsWith('%PDF-')).toBe(true);
  });

  it('marks the overdue invoice paid: the account recovers from read-only', async () => {
    t.ctx.clock.set(new Date('2026-05-18T03:00:00Z'));
    await runBilling(t.ctx);
    expect((await accountBilling()).output.data.status).toBe('read_only');
    const april = (await accountBilling()).output.data.invoices[1]!;
    const marked = await t.call(
      adminBillingApi.markPaid,
      { params: { id: t.tenant.account.id, invoiceId: april.id }, query: {} },
      admin(),
    );
    expect(marked.status).toBe(200);
    const view = (await accountBilling()).output.data;
    expect(view).toMatchObject({ status: 'active', grace_until: null });
    expect(view.invoices.map((invoice) => invoice.status)).toEqual(['open', 'paid']);
  });

  it("is not found for another OEM's admin: the billing, the PDF and marking paid", async () => {
    const foreignToken = t.other.tokens.oemAdmin;
    expect((await accountBilling(foreignToken)).status).toBe(404);
    const [may] = (await accountBilling()).output.data.invoices;
    const pdf = await t.request({
      method: 'GET',
      path: `/admin/accounts/${t.tenant.account.id}/invoices/${may!.id}/pdf`,
      token: foreignToken,
    });
    expect(pdf.status).toBe(404);
    const refused = await t.call(
      adminBillingApi.markPaid,
      { params: { id: t.tenant.account.id, invoiceId: may!.id }, query: {} },
      { token: foreignToken },
    );
    expect(refused.status).toBe(404);
    expect((await accountBilling()).output.data.invoices[0]!.status).toBe('open');
    // Another account's invoice named under this account is not found either.
    const otherAccountPdf = await t.request({
      method: 'GET',
      path: `/admin/accounts/${t.other.account.id}/invoices/${may!.id}/pdf`,
      token: foreignToken,
    });
    expect(otherAccountPdf.status).toBe(404);
  });
});
