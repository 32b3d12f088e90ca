import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { monthlyPrice, SECRET_KEY, startHarness, subscribe, type Harness } from './test-support.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.stop();
});

async function raw(path: string, init: RequestInit & { key?: string } = {}) {
  const res = await fetch(`${h.sim.url}${path}`, {
    ...init,
    headers: {
      ...(init.key !== '' ? { authorization: `Bearer ${init.key ?? SECRET_KEY}` } : {}),
      'content-type': 'application/x-www-form-urlencoded',
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  return {
    status: res.status,
    headers: res.headers,
    json: (await res.json()) as { error?: Record<string, string> } & Record<string, unknown>,
  };
}

describe('errors as Stripe answers them', () => {
  it('refuses a missing, wrong or publishable key with 401', async () => {
    expect((await raw('/v1/customers', { key: '' })).status).toBe(401);
    expect((await raw('/v1/customers', { key: 'pk_test_x' })).json.error?.['message']).toMatch(/publishable API key/);
    const bad = new Stripe('sk_test_wrong', { ...h.sim.sdkOptions, maxNetworkRetries: 0 });
    await expect(bad.customers.create({ email: 'a@example.jp' })).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });

  it('answers a missing object with 404 resource_missing and the param', async () => {
    const error = await h.stripe.customers.retrieve('cus_nothere').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'id',
      message: "No such customer: 'cus_nothere'",
    });
  });

  it('refuses unknown and missing parameters and unknown URLs with 400 / 404', async () => {
    const unknown = await raw('/v1/customers', { method: 'POST', body: 'emial=a%40example.jp' });
    expect(unknown).toMatchObject({
      status: 400,
      json: { error: { type: 'invalid_request_error', message: 'Received unknown parameter: emial', param: 'emial' } },
    });
    await expect(h.stripe.prices.create({ currency: 'jpy', product_data: { name: 'x' } })).rejects.toMatchObject({
      statusCode: 400,
      code: 'parameter_missing',
      param: 'unit_amount',
    });
    const price = await monthlyPrice(h.stripe, 100);
    const oneTime = await h.stripe.prices.create({
      currency: 'jpy',
      unit_amount: 100,
      product: price.product as string,
    });
    await expect(
      h.stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: oneTime.id, quantity: 1 }],
        success_url: 'http://x',
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'line_items[0][price]' });
    const missing = await raw('/v1/nothing');
    expect(missing.status).toBe(404);
    expect(missing.json.error?.['message']).toMatch(/^Unrecognized request URL \(GET: \/v1\/nothing\)/);
  });

  it('replays an idempotent request and refuses the key with other parameters', async () => {
    const first = await h.stripe.customers.create({ email: 'a@example.jp' }, { idempotencyKey: 'key-1' });
    const again = await h.stripe.customers.create({ email: 'a@example.jp' }, { idempotencyKey: 'key-1' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    await expect(
      h.stripe.customers.create({ email: 'b@example.jp' }, { idempotencyKey: 'key-1' }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });
});

describe('customers and payment methods', () => {
  it('creates, retrieves and updates a customer; metadata merges and an empty value removes a key', async () => {
    const c = await h.stripe.customers.create({
      email: 'a@example.jp',
      name: '株式会社テスト',
      metadata: { a: '1', b: '2' },
    });
    expect(c).toMatchObject({ object: 'customer', email: 'a@example.jp', name: '株式会社テスト', livemode: false });
    const u = await h.stripe.customers.update(c.id, { email: 'new@example.jp', metadata: { a: '', c: '3' } });
    expect(u.metadata).toEqual({ b: '2', c: '3' });
    expect((await h.stripe.customers.retrieve(c.id)) as Stripe.Customer).toMatchObject({ email: 'new@example.jp' });
    expect((await h.stripe.customers.list({ email: 'new@example.jp' })).data.map((x) => x.id)).toEqual([c.id]);
  });

  it('retrieves the card of a subscription with brand, last4 and expiry', async () => {
    const { customer, subscription } = await subscribe(h, await monthlyPrice(h.stripe, 100), '3566002020360505');
    const pm = await h.stripe.paymentMethods.retrieve(subscription.default_payment_method as string);
    expect(pm).toMatchObject({
      object: 'payment_method',
      type: 'card',
      customer,
      card: { brand: 'jcb', last4: '0505' },
    });
    expect(pm.id).toMatch(/^pm_/);
  });
});

describe('control API', () => {
  it('advances the clock, renews, fails the next payment and lists what was sent', async () => {
    const { subscription } = await subscribe(h, await monthlyPrice(h.stripe, 100));
    const post = (path: string, body: unknown = {}) =>
      fetch(`${h.sim.url}${path}`, { method: 'POST', body: JSON.stringify(body) }).then(
        (r) => r.json() as Promise<Record<string, unknown>>,
      );
    const before = h.sim.now();
    const { now } = await post('/_sim/clock/advance', { days: 1 });
    expect(now).toBeGreaterThanOrEqual(before + 86_400_000);
    await post('/_sim/payments/fail-next', { declineCode: 'insufficient_funds' });
    const invoice = await post(`/_sim/subscriptions/${subscription.id}/renew`);
    expect(invoice).toMatchObject({ object: 'invoice', status: 'open', billing_reason: 'subscription_cycle' });
    const deliveries = (await (
      await fetch(`${h.sim.url}/_sim/webhooks/deliveries?type=invoice.payment_failed`)
    ).json()) as unknown[];
    expect(deliveries).toHaveLength(1);
    const events = (await (await fetch(`${h.sim.url}/_sim/events?type=invoice.payment_failed`)).json()) as {
      id: string;
    }[];
    expect((await h.stripe.events.retrieve(events[0]!.id)).type).toBe('invoice.payment_failed');
  });
});
