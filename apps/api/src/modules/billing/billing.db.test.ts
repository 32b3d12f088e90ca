import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accountInfoApi,
  adminBillingApi,
  billingApi,
  NO_PENDING_PLAN_MESSAGE,
  PLAN_LOCKED_MESSAGE,
  READ_ONLY_MESSAGE,
  tagsApi,
} from '@linq/contract';
import { useTestApp } from '../../test/kit.ts';
import { agencyContracts } from '../agency-contracts/schema.ts';
import { accounts, oems } from '../tenants/schema.ts';
import { billingAccounts } from './schema.ts';
import { runBilling } from './service.ts';

const t = useTestApp({ tenants: 2, role: 'api' });

let owner: { token: string };
let light: { id: number };
let standard: { id: number };
let pro: { id: number };

const accountPlan = async () =>
  (await t.db.select().from(accounts).where(eq(accounts.id, t.tenant.account.id)))[0]?.oemPlanId;

beforeAll(async () => {
  t.ctx.clock.set(new Date('2026-04-10T03:00:00Z'));
  owner = { token: t.tenant.tokens.owner };
  const oemId = t.tenant.agency.oemId;
  await t.db
    .update(oems)
    .set({ companyName: '株式会社リンク', invoiceRegistrationNumber: 'T1234567890123' })
    .where(eq(oems.id, oemId));
  light = await t.factory.oemPlan(oemId, { name: 'ライト', monthlyPriceYen: 4980, maxChannels: 1, maxStaffUsers: 3 });
  standard = await t.factory.oemPlan(oemId, { name: 'スタンダード', monthlyPriceYen: 19800, maxChannels: 3 });
  pro = await t.factory.oemPlan(oemId, { name: 'プロ', monthlyPriceYen: 49800, maxChannels: 10 });
  await t.db
    .update(accounts)
    .set({ oemPlanId: standard.id, name: '株式会社カフェ' })
    .where(eq(accounts.id, t.tenant.account.id));
});

describe('payment plan', () => {
  it('shows the OEM’s plans side by side with the current one, the period from today', async () => {
    const view = (await t.call(billingApi.paymentPlan, {}, owner)).output.data;
    expect(view.plans.map((plan) => plan.name)).toEqual(['ライト', 'スタンダード', 'プロ']);
    expect(view.plans[1]!.price).toEqual({ excluding_tax: 19800, tax: 1980, including_tax: 21780 });
    expect(view).toMatchObject({
      current_plan_id: standard.id,
      pending: null,
      locked: false,
      period: { start: '2026-04-10', end: '2026-05-09' },
    });
  });

  it('refuses a downgrade the channels are over, with the limits named', async () => {
    const refused = await t.call(billingApi.changePlan, { body: { plan_id: light.id } }, owner);
    expect(refused.status).toBe(409);
    expect(refused.json.errors).toBe(
      '現在のご利用状況（チャネル2件／上限1件）が「ライト」の上限を超えているため、ダウングレードできません。減らしてから再度お試しください。',
    );
    expect(await accountPlan()).toBe(standard.id);
  });

  it('upgrades now; downgrades at the period end (pending, cancellable), applied when the worker rolls the period', async () => {
    const upgraded = await t.call(billingApi.changePlan, { body: { plan_id: pro.id } }, owner);
    expect(upgraded.output.data).toMatchObject({ applied: 'now', current_plan_id: pro.id, pending: null });
    expect(await accountPlan()).toBe(pro.id);

    const downgraded = await t.call(billingApi.changePlan, { body: { plan_id: standard.id } }, owner);
    expect(downgraded.output.data).toMatchObject({
      applied: 'period_end',
      current_plan_id: pro.id,
      pending: { plan_id: standard.id, name: 'スタンダード', applies_on: '2026-05-10' },
    });
    expect(await accountPlan()).toBe(pro.id);
    const cancelled = await t.call(billingApi.cancelPending, {}, owner);
    expect(cancelled.output.data.pending).toBeNull();
    const again = await t.call(billingApi.cancelPending, {}, owner);
    expect(again.json.errors).toBe(NO_PENDING_PLAN_MESSAGE);

    await t.call(billingApi.changePlan, { body: { plan_id: standard.id } }, owner);
    t.ctx.clock.set(new Date('2026-05-09T14:00:00Z')); // 23:00 in Japan: still the period's last day
    await runBilling(t.ctx);
    expect(await accountPlan()).toBe(pro.id);
    t.ctx.clock.set(new Date('2026-05-09T15:30:00Z')); // 00:30 on 5/10 in Japan
    await runBilling(t.ctx);
    expect(await accountPlan()).toBe(standard.id);
    const view = (await t.call(billingApi.paymentPlan, {}, owner)).output.data;
    expect(view).toMatchObject({ pending: null, period: { start: '2026-05-10', end: '2026-06-09' } });
  });

  it('is locked while an agency contract is live: the server refuses too', async () => {
    const [contract] = await t.db
      .insert(agencyContracts)
      .values({
        agencyId: t.tenant.agency.id,
        accountId: t.tenant.account.id,
        oemPlanId: standard.id,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        status: 'active',
      })
      .returning();
    expect((await t.call(billingApi.paymentPlan, {}, owner)).output.data.locked).toBe(true);
    const refused = await t.call(billingApi.changePlan, { body: { plan_id: pro.id } }, owner);
    expect(refused.status).toBe(403);
    expect(refused.json.errors).toBe(PLAN_LOCKED_MESSAGE);
    await t.db.update(agencyContracts).set({ status: 'ended' }).where(eq(agencyContracts.id, contract!.id));
  });

  it('refuses another OEM’s plan and the current one', async () => {
    const foreign = await t.factory.oemPlan(t.other.agency.oemId);
    expect((await t.call(billingApi.changePlan, { body: { plan_id: foreign.id } }, owner)).status).toBe(422);
    expect((await t.call(billingApi.changePlan, { body: { plan_id: standard.id } }, owner)).status).toBe(409);
  });
});

describe('invoices (bank transfer)', () => {
  it('issues each period’s invoice once, at the plan of the period, as a qualified invoice PDF', async () => {
    await runBilling(t.ctx);
    await runBilling(t.ctx);
    const overview = (await t.call(billingApi.overview, {}, owner)).output.data;
    expect(overview).toMatchObject({ method: 'invoice', status: 'active', card: null, plan: { id: standard.id } });
    // April's (issued by the worker's first pass, on the Pro plan) and May's, newest first.
    expect(overview.invoices).toHaveLength(2);
    const [invoice, april] = overview.invoices;
    expect(april).toMatchObject({ period: { start: '2026-04-10', end: '2026-05-09' }, total_yen: 54780 });
    expect(invoice).toMatchObject({
      period: { start: '2026-05-10', end: '2026-06-09' },
      issued_on: '2026-05-10',
      due_on: '2026-05-24',
      status: 'open',
      total_yen: 21780,
    });
    expect(overview.next_invoice).toEqual({
      issued_on: '2026-06-10',
      subtotal_yen: 19800,
      tax_yen: 1980,
      total_yen: 21780,
    });

    const pdf = await t.request({
      method: 'GET',
      path: `/account/payment/invoices/${invoice!.id}/pdf`,
      token: owner.token,
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`${invoice!.number}.pdf`);
    expect(pdf.text.startsWith('%PDF-')).toBe(true);
    // The Japanese font is embedded (a subset of Noto Sans JP), not left to the reader.
    expect(pdf.text).toMatch(/NotoSansJP/);

    const foreign = await t.request({
      method: 'GET',
      path: `/account/payment/invoices/${invoice!.id}/pdf`,
      token: t.other.tokens.owner,
    });
    expect(foreign.status).toBe(404);
  });

  it('an unpaid invoice past its due date: past due with a grace period, then read-only, and a payment recovers it', async () => {
    const [may, april] = (await t.call(billingApi.overview, {}, owner)).output.data.invoices;
    t.ctx.clock.set(new Date('2026-05-25T01:00:00Z'));
    await runBilling(t.ctx);
    const pastDue = (await t.call(billingApi.standing, {}, t.staff)).output.data;
    expect(pastDue).toEqual({ status: 'past_due', grace_until: '2026-06-01T01:00:00.000Z' });
    // Still working during the grace period.
    const tag = await t.send(tagsApi.create, { body: { name: '猶予中' } }, t.staff);
    expect(tag.status).toBe(201);

    t.ctx.clock.set(new Date('2026-06-01T01:00:00Z'));
    await runBilling(t.ctx);
    expect((await t.call(billingApi.standing, {}, owner)).output.data.status).toBe('read_only');
    const refusedStaff = await t.send(tagsApi.create, { body: { name: '閲覧のみ' } }, t.staff);
    expect(refusedStaff.status).toBe(403);
    expect(refusedStaff.json.errors).toBe(READ_ONLY_MESSAGE);
    const refusedOwner = await t.send(accountInfoApi.update, { body: {} }, owner);
    expect(refusedOwner.status).toBe(403);
    expect(refusedOwner.json.errors).toBe(READ_ONLY_MESSAGE);
    // Reading works, the payment screens too, and the other tenant is untouched.
    expect((await t.call(accountInfoApi.get, {}, owner)).status).toBe(200);
    expect((await t.call(billingApi.overview, {}, owner)).output.data.status).toBe('read_only');
    expect(
      (
        await t.send(
          tagsApi.create,
          { body: { name: '他社' } },
          { token: t.other.tokens.staff, lineAccountId: t.other.channels[0]!.id },
        )
      ).status,
    ).toBe(201);

    const markPaid = (invoiceId: number) =>
      t.call(
        adminBillingApi.markPaid,
        { params: { id: t.tenant.account.id, invoiceId }, query: {} },
        { token: t.tenant.tokens.oemAdmin },
      );
    // One of two overdue invoices paid: still read-only; both: active again.
    expect((await markPaid(april!.id)).status).toBe(200);
    expect((await t.call(billingApi.standing, {}, owner)).output.data.status).toBe('read_only');
    expect((await markPaid(may!.id)).status).toBe(200);
    expect((await t.call(billingApi.standing, {}, owner)).output.data).toEqual({ status: 'active', grace_until: null });
    const overview = (await t.call(billingApi.overview, {}, owner)).output.data;
    expect(overview.invoices.map((invoice) => invoice.status)).toEqual(['paid', 'paid']);
    expect((await t.send(tagsApi.create, { body: { name: '復帰' } }, t.staff)).status).toBe(201);
  });

  it('another OEM’s admin cannot mark the invoice paid', async () => {
    const invoiceId = (await t.call(billingApi.overview, {}, owner)).output.data.invoices[0]!.id;
    const refused = await t.call(
      adminBillingApi.markPaid,
      { params: { id: t.tenant.account.id, invoiceId }, query: {} },
      { token: t.other.tokens.oemAdmin },
    );
    expect(refused.status).toBe(404);
    const [row] = await t.db.select().from(billingAccounts).where(eq(billingAccounts.accountId, t.tenant.account.id));
    expect(row?.status).toBe('active');
  });
});
