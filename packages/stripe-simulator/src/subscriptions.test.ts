import type Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { monthlyPrice, startHarness, subscribe, types, type Harness } from './test-support.ts';

const DAY = 86_400_000;

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.stop();
});

/** Forgets what was received so far, once every delivery under way has finished. */
async function clearReceived() {
  await h.sim.webhooks.idle();
  h.received.length = 0;
}

describe('subscription changes', () => {
  it('changes the price with always_invoice: a proration invoice is charged and updated carries previous_attributes', async () => {
    const basic = await monthlyPrice(h.stripe, 3000, 'ベーシック');
    const pro = await monthlyPrice(h.stripe, 9000, 'プロ');
    const { subscription, customer } = await subscribe(h, basic);
    await clearReceived();
    h.sim.advance(15 * DAY);
    const updated = await h.stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0]!.id, price: pro.id }],
      proration_behavior: 'always_invoice',
      expand: ['latest_invoice'],
    });
    await h.sim.webhooks.idle();
    expect(updated.items.data[0]!.price.id).toBe(pro.id);
    expect(updated.items.data[0]!.id).toBe(subscription.items.data[0]!.id);
    const invoice = updated.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ billing_reason: 'subscription_update', status: 'paid', customer });
    const [credit, charge] = invoice.lines.data;
    expect(credit!.amount).toBeLessThan(0);
    expect(charge!.amount).toBeGreaterThan(0);
    expect(credit!.parent?.subscription_item_details?.proration).toBe(true);
    expect(invoice.total).toBe(credit!.amount + charge!.amount);
    // About half the month is left: about half the 6,000 yen difference.
    expect(invoice.total).toBeGreaterThan(2000);
    expect(invoice.total).toBeLessThan(4000);
    const event = h.received.find((r) => r.event.type === 'customer.subscription.updated')!
      .event as Stripe.CustomerSubscriptionUpdatedEvent;
    expect(event.data.object.items.data[0]!.price.id).toBe(pro.id);
    expect(event.data.previous_attributes).toHaveProperty('items');
    expect(types(h)).toContain('invoice.paid');
  });

  it('create_prorations adds the prorated lines to the next renewal invoice; none changes only the price', async () => {
    const basic = await monthlyPrice(h.stripe, 3000);
    const pro = await monthlyPrice(h.stripe, 9000);
    const { subscription, customer } = await subscribe(h, basic);
    const itemId = subscription.items.data[0]!.id;
    h.sim.advance(10 * DAY);
    await h.stripe.subscriptions.update(subscription.id, { items: [{ id: itemId, price: pro.id }] });
    expect((await h.stripe.invoices.list({ customer })).data).toHaveLength(1);
    h.sim.advance(25 * DAY);
    await h.sim.webhooks.idle();
    const invoices = await h.stripe.invoices.list({ customer });
    expect(invoices.data).toHaveLength(2);
    const renewal = invoices.data[0]!;
    expect(renewal.billing_reason).toBe('subscription_cycle');
    expect(renewal.lines.data).toHaveLength(3);
    expect(renewal.lines.data.at(-1)!.amount).toBe(9000);

    const back = await h.stripe.subscriptions.update(subscription.id, {
      items: [{ id: itemId, price: basic.id }],
      proration_behavior: 'none',
    });
    expect(back.items.data[0]!.price.unit_amount).toBe(3000);
    expect((await h.stripe.invoices.list({ customer })).data).toHaveLength(2);
  });

  it('cancel_at_period_end ends the subscription at the period end; cancel ends it now', async () => {
    const price = await monthlyPrice(h.stripe, 3000);
    const a = await subscribe(h, price);
    const end = a.subscription.items.data[0]!.current_period_end;
    const pending = await h.stripe.subscriptions.update(a.subscription.id, { cancel_at_period_end: true });
    expect(pending).toMatchObject({ status: 'active', cancel_at_period_end: true, cancel_at: end });
    await clearReceived();
    h.sim.advance(40 * DAY);
    await h.sim.webhooks.idle();
    const ended = await h.stripe.subscriptions.retrieve(a.subscription.id);
    expect(ended).toMatchObject({ status: 'canceled', ended_at: end });
    expect(types(h)).toEqual(['customer.subscription.deleted']);
    expect((await h.stripe.invoices.list({ customer: a.customer })).data).toHaveLength(1);

    const b = await subscribe(h, price);
    const canceled = await h.stripe.subscriptions.cancel(b.subscription.id);
    expect(canceled.status).toBe('canceled');
    await expect(
      h.stripe.subscriptions.update(b.subscription.id, { metadata: { a: 'b' }, cancel_at_period_end: true }),
    ).rejects.toThrow(/canceled subscription/);
  });
});

describe('renewals', () => {
  it('renews monthly with a paid invoice, each period a month after the last', async () => {
    const price = await monthlyPrice(h.stripe, 4000);
    const { subscription, customer } = await subscribe(h, price);
    const firstEnd = subscription.items.data[0]!.current_period_end;
    await clearReceived();
    h.sim.advance(62 * DAY);
    await h.sim.webhooks.idle();
    const invoices = await h.stripe.invoices.list({ customer });
    expect(invoices.data.map((i) => [i.billing_reason, i.status, i.amount_paid])).toEqual([
      ['subscription_cycle', 'paid', 4000],
      ['subscription_cycle', 'paid', 4000],
      ['subscription_create', 'paid', 4000],
    ]);
    expect(invoices.data[1]!.created).toBe(firstEnd);
    const now = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(now.items.data[0]!.current_period_start).toBe(invoices.data[0]!.created);
    expect(types(h).filter((t) => t === 'invoice.paid')).toHaveLength(2);
  });

  it('a failed renewal: payment_failed, past_due, then the retry succeeds and the subscription is active again', async () => {
    const price = await monthlyPrice(h.stripe, 4000);
    const { subscription, customer } = await subscribe(h, price);
    await clearReceived();
    h.sim.failNextPayment({ customer });
    const invoice = h.sim.renewNow(subscription.id);
    await h.sim.webhooks.idle();
    expect(invoice['status']).toBe('open');
    const failed = h.received.find((r) => r.event.type === 'invoice.payment_failed')!
      .event as Stripe.InvoicePaymentFailedEvent;
    expect(failed.data.object).toMatchObject({ id: invoice.id, attempt_count: 1, status: 'open' });
    expect(failed.data.object.next_payment_attempt).toBe(failed.data.object.created + 3 * 86400);
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    const updated = h.received.find(
      (r) => r.event.type === 'customer.subscription.updated' && r.event.data.object.status === 'past_due',
    );
    expect(updated?.event.data.previous_attributes).toMatchObject({ status: 'active' });

    await clearReceived();
    h.sim.advance(3 * DAY);
    await h.sim.webhooks.idle();
    expect((await h.stripe.invoices.retrieve(invoice.id)).status).toBe('paid');
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    expect(types(h)).toEqual(['invoice.paid', 'invoice.payment_succeeded', 'customer.subscription.updated']);
  });

  it('cancels the subscription after the last retry fails (Stripe’s default)', async () => {
    const price = await monthlyPrice(h.stripe, 4000);
    const { subscription, customer } = await subscribe(h, price);
    h.sim.failNextPayment({ customer, count: 4, declineCode: 'insufficient_funds' });
    await clearReceived();
    h.sim.renewNow(subscription.id);
    h.sim.advance(16 * DAY);
    await h.sim.webhooks.idle();
    expect(types(h).filter((t) => t === 'invoice.payment_failed')).toHaveLength(4);
    expect(types(h).at(-1)).toBe('customer.subscription.deleted');
    const sub = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(sub).toMatchObject({ status: 'canceled', cancellation_details: { reason: 'payment_failed' } });
  });

  it('the portal replaces the card and pays the open invoice', async () => {
    const price = await monthlyPrice(h.stripe, 4000);
    const { subscription, customer } = await subscribe(h, price);
    h.sim.failNextPayment({ customer });
    const invoice = h.sim.renewNow(subscription.id);
    const portal = await h.stripe.billingPortal.sessions.create({ customer, return_url: 'http://127.0.0.1:9/back' });
    expect(portal).toMatchObject({ object: 'billing_portal.session', customer });
    expect(portal.id).toMatch(/^bps_/);
    expect(await (await fetch(portal.url)).text()).toContain('visa •••• 4242');
    const res = await fetch(portal.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        action: 'card',
        cardNumber: '5555555555554444',
        expiry: '01/31',
        cvc: '321',
      }).toString(),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('mastercard •••• 4444');
    expect((await h.stripe.invoices.retrieve(invoice.id)).status).toBe('paid');
    const sub = await h.stripe.subscriptions.retrieve(subscription.id, { expand: ['default_payment_method'] });
    expect(sub.status).toBe('active');
    expect((sub.default_payment_method as Stripe.PaymentMethod).card?.last4).toBe('4444');

    // A card that saves but cannot be charged (4000000000000341): the next renewal fails.
    await fetch(portal.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        action: 'card',
        cardNumber: '4000000000000341',
        expiry: '01/31',
        cvc: '321',
      }).toString(),
    });
    expect(h.sim.renewNow(subscription.id)['status']).toBe('open');
  });
});

describe('webhook retries', () => {
  it('retries a non-2xx answer after the back-off on the simulator clock, with a fresh signature', async () => {
    h.failNext.push(500, 503);
    const price = await monthlyPrice(h.stripe, 1000);
    await subscribe(h, price);
    const first = h.sim.deliveries().filter((d) => d.type === 'customer.created');
    expect(first.map((d) => [d.attempt, d.status, d.ok])).toEqual([[1, 500, false]]);
    expect(types(h)).not.toContain('customer.created');
    h.sim.advance(3_600_000);
    await h.sim.webhooks.idle();
    expect(
      h.sim
        .deliveries()
        .filter((d) => d.type === 'customer.created')
        .map((d) => d.ok),
    ).toEqual([false, true]);
    expect(types(h)).toContain('payment_method.attached');
    expect(types(h)).toContain('customer.created');
    expect(h.sim.events('customer.created')[0]!['pending_webhooks']).toBe(0);
  });
});
