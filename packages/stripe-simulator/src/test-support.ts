/** Test helpers: a simulator, an SDK client pointed at it, and a webhook receiver verifying signatures. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { startStripeSimulator, type StripeSimulator, type StripeSimulatorOptions } from './index.ts';

export const SECRET_KEY = 'sk_test_simulator';
export const WEBHOOK_SECRET = 'whsec_test_secret';

export interface Received {
  event: Stripe.Event;
  raw: string;
}

export interface Harness {
  sim: StripeSimulator;
  stripe: Stripe;
  received: Received[];
  /** Answers the receiver gives next, before it falls back to 200. */
  failNext: number[];
  stop(): Promise<void>;
}

export async function startHarness(options: StripeSimulatorOptions = {}): Promise<Harness> {
  const received: Received[] = [];
  const failNext: number[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = failNext.shift();
      if (status) {
        res.writeHead(status).end();
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      try {
        const event = Stripe.webhooks.constructEvent(raw, String(req.headers['stripe-signature']), WEBHOOK_SECRET);
        received.push({ event, raw });
        res.writeHead(200).end('{"received":true}');
      } catch {
        res.writeHead(400).end('bad signature');
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;
  const sim = await startStripeSimulator({
    secretKey: SECRET_KEY,
    webhookEndpoints: [{ url: `http://127.0.0.1:${port}/webhooks/stripe`, secret: WEBHOOK_SECRET }],
    ...options,
  });
  const stripe = new Stripe(SECRET_KEY, { ...sim.sdkOptions, maxNetworkRetries: 0 });
  return {
    sim,
    stripe,
    received,
    failNext,
    async stop() {
      await sim.stop();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    },
  };
}

/** A monthly JPY price of a new product. */
export async function monthlyPrice(stripe: Stripe, amount: number, name = 'スタンダード'): Promise<Stripe.Price> {
  return stripe.prices.create({
    currency: 'jpy',
    unit_amount: amount,
    recurring: { interval: 'month' },
    product_data: { name },
  });
}

/** Submits the hosted checkout page's form as a browser does. */
export async function submitCheckout(
  url: string,
  card: { cardNumber: string; expiry?: string; cvc?: string; email?: string },
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ expiry: '12/34', cvc: '123', ...card }).toString(),
    redirect: 'manual',
  });
}

/** A subscribed customer: checkout completed with the card, webhooks settled. */
export async function subscribe(
  h: Harness,
  price: Stripe.Price,
  card = '4242424242424242',
): Promise<{ session: Stripe.Checkout.Session; subscription: Stripe.Subscription; customer: string }> {
  const session = await h.stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: price.id, quantity: 1 }],
    success_url: 'http://127.0.0.1:9/done?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://127.0.0.1:9/cancel',
    customer_email: 'owner@example.jp',
    metadata: { accountId: 'acc_1' },
  });
  const res = await submitCheckout(session.url!, { cardNumber: card });
  if (res.status !== 303) throw new Error(`checkout answered ${res.status}`);
  await h.sim.webhooks.idle();
  const done = await h.stripe.checkout.sessions.retrieve(session.id);
  const subscription = await h.stripe.subscriptions.retrieve(done.subscription as string);
  return { session: done, subscription, customer: done.customer as string };
}

export function types(h: Harness): string[] {
  return h.received.map((r) => r.event.type);
}
