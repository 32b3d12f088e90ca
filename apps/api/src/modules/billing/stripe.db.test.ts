import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { billingApi, READ_ONLY_MESSAGE, tagsApi } from '@linq/contract';
import { signPayload, startStripeSimulator, type StripeSimulator } from '@linq/stripe-simulator';
import type { Config } from '../../config.ts';
import { useTestApp } from '../../test/kit.ts';
import { accounts } from '../tenants/schema.ts';
import { billingInvoices, billingProviderEvents } from './schema.ts';
import { runBilling } from './service.ts';

/*
 * Card payment against the local Stripe stand-in: the official SDK pointed at it by host, port and
 * protocol, its hosted checkout completed with Stripe's test card, its signed webhooks posted to this
 * server's /webhooks/stripe.
 */

const SECRET_KEY = 'sk_test_billing_db';
const WEBHOOK_SECRET = 'whsec_billing_db_test';
const DAY_MS = 86_400_000;
const config: Partial<Config> = {};
let sim: StripeSimulator;

// Registered before the app's own hooks: the app starts with the stand-in's address in its configuration.
beforeAll(async () => {
  sim = await startStripeSimulator({ secretKey: SECRET_KEY });
  Object.assign(config, {
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_billing_db',
    STRIPE_API_HOST: sim.sdkOptions.host,
    STRIPE_API_PORT: sim.sdkOptions.port,
    STRIPE_API_PROTOCOL: sim.sdkOptions.protocol,
  });
});
afterAll(async () => sim.stop());

const t = useTestApp({ tenants: 1, role: 'api', config });
const stripe = () => new Stripe(SECRET_KEY, sim.sdkOptions);

let owner: { token: string };
let standard: { id: number };
let pro: { id: number };
let subscriptionId: string;

const TEST_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

/** Posts an event's exact payload, signed with `secret`, to the webhook endpoint. */
const post = (payload: string, secret = WEBHOOK_SECRET) =>
  t.request({
    method: 'POST',
    path: '/webhooks/stripe',
    outsideApi: true,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signPayload(payload, secret, Math.floor(Date.now() / 1000)),
    },
    body: payload,
  });

const invoiceRows = () => t.db.select().from(billingInvoices).where(eq(billingInvoices.accountId, t.tenant.account.id));

beforeAll(async () => {
  const consoleUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  sim.addWebhookEndpoint({ url: `${consoleUrl}/webhooks/stripe`, secret: WEBHOOK_SECRET });
  owner = { token: t.tenant.tokens.owner };
  standard = await t.factory.oemPlan(t.tenant.agency.oemId, { name: 'スタンダード', monthlyPriceYen: 19800 });
  pro = await t.factory.oemPlan(t.tenant.agency.oemId, { name: 'プロ', monthlyPriceYen: 49800, maxChannels: 10 });
  await t.db.update(accounts).set({ oemPlanId: standard.id }).where(eq(accounts.id, t.tenant.account.id));
});

describe('card payment through the Stripe stand-in', () => {
  it('refuses an unsigned or wrongly signed webhook (400) and records nothing', async () => {
    const payload = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'invoice.paid', data: { object: {} } });
    expect((await post(payload, 'whsec_someone_else')).status).toBe(400);
    const unsigned = await t.request({
      method: 'POST',
      path: '/webhooks/stripe',
      outsideApi: true,
      headers: { 'content-type': 'application/json' },
      body: payload,
    });
    expect(unsigned.status).toBe(400);
    expect(await t.db.select().from(billingProviderEvents)).toEqual([]);
  });

  it('pays by card through the hosted checkout: card on file, the paid invoice in the history', async () => {
    const overview = (await t.call(billingApi.overview, {}, owner)).output.data;
    expect(overview).toMatchObject({ card_available: true, publishable_key: 'pk_test_billing_db', method: 'invoice' });
    const { url } = (await t.call(billingApi.checkout, {}, owner)).output.data;
    expect(url.startsWith(`${sim.url}/c/pay/`)).toBe(true);
    const sessionId = url.split('/').pop()!;
    sim.completeCheckout(sessionId, TEST_CARD);
    await sim.webhooks.idle();

    const done = (await t.call(billingApi.completeCheckout, { body: { session_id: sessionId } }, owner)).output.data;
    expect(done).toMatchObject({ method: 'card', card: { brand: 'visa', last4: '4242' }, status: 'active' });
    expect(done.invoices).toHaveLength(1);
    expect(done.invoices[0]).toMatchObject({ method: 'card', status: 'paid', total_yen: 21780 });
    subscriptionId = (await stripe().subscriptions.list({ limit: 1 })).data[0]!.id;

    const portal = (await t.call(billingApi.portal, {}, owner)).output.data;
    expect(portal.url.startsWith(`${sim.url}/p/session/`)).toBe(true);
  });

  it('an upgrade updates the subscription to the new plan’s price', async () => {
    await t.call(billingApi.changePlan, { body: { plan_id: pro.id } }, owner);
    const subscription = await stripe().subscriptions.retrieve(subscriptionId);
    expect(subscription.items.data[0]!.price.unit_amount).toBe(54780);
  });

  it('a failed payment: past due with a grace period, read-only after it, and the retried payment recovers; each event applied once', async () => {
    t.ctx.clock.set(new Date());
    sim.failNextPayment({ count: 1 });
    sim.renewNow(subscriptionId);
    await sim.webhooks.idle();
    const pastDue = (await t.call(billingApi.standing, {}, owner)).output.data;
    expect(pastDue.status).toBe('past_due');
    expect(Date.parse(pastDue.grace_until!)).toBe(t.ctx.clock.now().getTime() + 7 * DAY_MS);
    expect((await invoiceRows()).map((row) => row.status).sort()).toEqual(['paid', 'past_due']);

    t.ctx.clock.set(new Date(t.ctx.clock.now().getTime() + 8 * DAY_MS));
    await runBilling(t.ctx);
    expect((await t.call(billingApi.standing, {}, owner)).output.data.status).toBe('read_only');
    const refused = await t.send(tagsApi.create, { body: { name: '閲覧のみ' } }, t.staff);
    expect(refused.status).toBe(403);
    expect(refused.json.errors).toBe(READ_ONLY_MESSAGE);

    // Stripe retries the charge (3 days later on its clock): it goes through.
    sim.advance(3 * DAY_MS + 60_000);
    await sim.webhooks.idle();
    expect((await t.call(billingApi.standing, {}, owner)).output.data).toEqual({ status: 'active', grace_until: null });
    expect((await invoiceRows()).map((row) => row.status)).toEqual(['paid', 'paid']);
    expect((await t.send(tagsApi.create, { body: { name: '復帰' } }, t.staff)).status).toBe(201);

    // The renewal after the upgrade charged the new plan and the prorations: the invoice says exactly that.
    const renewal = (await stripe().invoices.list({ subscription: subscriptionId })).data.find(
      (invoice) => invoice.status === 'paid' && invoice.lines.data.some((line) => line.amount < 0),
    )!;
    const recorded = (await invoiceRows()).find((row) => row.providerInvoiceId === renewal.id)!;
    expect(recorded).toMatchObject({ pricesIncludeTax: true, totalYen: renewal.amount_paid });
    expect(recorded.items.map((item) => item.unitPriceYen).sort((a, b) => a - b)).toEqual(
      renewal.lines.data.map((line) => line.amount).sort((a, b) => a - b),
    );
    expect(recorded.items.map((item) => item.description).join('\n')).toMatch(/変更前プランの未利用分/);
    expect(recorded.taxYen).toBe(Math.floor((renewal.amount_paid * 10) / 110));

    // Redelivered events change nothing: the old failure does not make the account past due again,
    // and a second invoice.paid records no second invoice.
    const [failed] = sim.events('invoice.payment_failed');
    const paid = sim.events('invoice.paid');
    expect((await post(JSON.stringify(failed, null, 2))).status).toBe(200);
    for (const event of paid) expect((await post(JSON.stringify(event, null, 2))).status).toBe(200);
    expect((await t.call(billingApi.standing, {}, owner)).output.data.status).toBe('active');
    expect(await invoiceRows()).toHaveLength(2);
  });
});
