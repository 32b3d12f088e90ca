import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  monthlyPrice,
  startHarness,
  submitCheckout,
  subscribe,
  types,
  WEBHOOK_SECRET,
  type Harness,
} from './test-support.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.stop();
});

describe('checkout in subscription mode through the official SDK', () => {
  it('creates a JPY monthly price and lists it with its product expanded', async () => {
    const price = await monthlyPrice(h.stripe, 9800, 'プロ');
    expect(price).toMatchObject({
      object: 'price',
      currency: 'jpy',
      unit_amount: 9800,
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 1 },
    });
    expect(price.id).toMatch(/^price_/);
    expect(price.product).toMatch(/^prod_/);
    const list = await h.stripe.prices.list({ expand: ['data.product'], limit: 5 });
    expect(list.object).toBe('list');
    expect((list.data[0]!.product as Stripe.Product).name).toBe('プロ');
    expect((await h.stripe.prices.retrieve(price.id)).id).toBe(price.id);
  });

  it('completes through the hosted page with 4242: customer, card, active subscription, paid invoice, signed webhooks', async () => {
    const price = await monthlyPrice(h.stripe, 5000);
    const session = await h.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: 'https://console.example/account/payment?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://console.example/account/payment',
      customer_email: 'owner@example.jp',
      metadata: { accountId: 'acc_1' },
    });
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 5000,
    });
    expect(session.id).toMatch(/^cs_test_/);
    const page = await fetch(session.url!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('name="cardNumber"');
    expect(html).toContain('￥5,000');

    const res = await submitCheckout(session.url!, { cardNumber: '4242 4242 4242 4242' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`https://console.example/account/payment?session_id=${session.id}`);
    await h.sim.webhooks.idle();

    const done = await h.stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription', 'customer'] });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', metadata: { accountId: 'acc_1' } });
    const customer = done.customer as Stripe.Customer;
    expect(customer.email).toBe('owner@example.jp');
    const sub = done.subscription as Stripe.Subscription;
    expect(sub).toMatchObject({
      object: 'subscription',
      status: 'active',
      customer: customer.id,
      cancel_at_period_end: false,
    });
    const item = sub.items.data[0]!;
    expect(item.price.id).toBe(price.id);
    expect(item.current_period_end).toBeGreaterThan(item.current_period_start + 27 * 86400);

    const pm = await h.stripe.paymentMethods.retrieve(sub.default_payment_method as string);
    expect(pm.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 });

    const invoices = await h.stripe.invoices.list({ customer: customer.id });
    expect(invoices.data).toHaveLength(1);
    const invoice = invoices.data[0]!;
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 5000,
      currency: 'jpy',
      billing_reason: 'subscription_create',
    });
    expect(invoice.parent?.subscription_details?.subscription).toBe(sub.id);
    expect(done.invoice).toBe(invoice.id);
    expect(invoice.number).toMatch(/^[A-Z0-9]{8}-0001$/);
    const pdf = await fetch(invoice.invoice_pdf!);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await pdf.text()).startsWith('%PDF-1.4')).toBe(true);
    expect((await fetch(invoice.hosted_invoice_url!)).status).toBe(200);

    expect(types(h)).toEqual([
      'customer.created',
      'payment_method.attached',
      'customer.subscription.created',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
      'checkout.session.completed',
    ]);
    const completed = h.received.at(-1)!.event as Stripe.CheckoutSessionCompletedEvent;
    expect(completed.data.object.subscription).toBe(sub.id);
    expect(completed.id).toMatch(/^evt_/);
  });

  it('signs as Stripe does: constructEvent refuses a wrong secret or a changed body', async () => {
    await subscribe(h, await monthlyPrice(h.stripe, 1000));
    const delivery = h.received[0]!;
    const header = Stripe.webhooks.generateTestHeaderString({ payload: delivery.raw, secret: WEBHOOK_SECRET });
    expect(Stripe.webhooks.constructEvent(delivery.raw, header, WEBHOOK_SECRET).id).toBe(delivery.event.id);
    expect(() => Stripe.webhooks.constructEvent(delivery.raw, header, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => Stripe.webhooks.constructEvent(`${delivery.raw} `, header, WEBHOOK_SECRET)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(h.sim.deliveries().every((d) => d.ok && d.attempt === 1)).toBe(true);
  });

  it.each([
    ['4000000000000002', 'Your card was declined.'],
    ['4000000000009995', 'Your card has insufficient funds.'],
    ['4000000000000341', 'Your card was declined.'],
  ])('declines %s on the page, keeps the session open and creates nothing', async (card, message) => {
    const price = await monthlyPrice(h.stripe, 1000);
    const session = await h.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: 'http://127.0.0.1:9/ok',
      customer_email: 'a@example.jp',
    });
    const res = await submitCheckout(session.url!, { cardNumber: card });
    expect(res.status).toBe(402);
    expect(await res.text()).toContain(message);
    expect((await h.stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect((await h.stripe.subscriptions.list()).data).toHaveLength(0);
    expect(h.received).toHaveLength(0);
    // The same session then succeeds with a good card.
    expect((await submitCheckout(session.url!, { cardNumber: '4242424242424242' })).status).toBe(303);
  });

  it('checks for an existing customer and answers a completed session page as inactive', async () => {
    const customer = await h.stripe.customers.create({ email: 'c@example.jp', metadata: { accountId: 'x' } });
    expect(customer.id).toMatch(/^cus_/);
    const price = await monthlyPrice(h.stripe, 3000);
    const session = await h.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: price.id, quantity: 2 }],
      success_url: 'http://127.0.0.1:9/ok',
    });
    expect(session.amount_total).toBe(6000);
    expect(await (await fetch(session.url!)).text()).not.toContain('name="email"');
    expect((await submitCheckout(session.url!, { cardNumber: '5555555555554444' })).status).toBe(303);
    const done = await h.stripe.checkout.sessions.retrieve(session.id);
    expect(done.customer).toBe(customer.id);
    expect((await fetch(session.url!)).status).toBe(410);
    const items = await h.stripe.checkout.sessions.listLineItems(session.id);
    expect(items.data[0]).toMatchObject({ quantity: 2, amount_total: 6000 });
  });
});
