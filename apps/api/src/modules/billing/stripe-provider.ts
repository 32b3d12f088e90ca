import Stripe from 'stripe';
import { taxedPrice } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { CardProvider, CheckoutResult } from './provider.ts';
import type { BillingRow, PlanRow } from './repository.ts';

/*
 * Card payment through Stripe's official SDK: a Checkout Session in subscription mode for card entry,
 * the billing portal for card changes, one subscription per account at its plan's price (tax
 * included), and a plan change as a subscription update. The SDK reaches real Stripe, or the local
 * stand-in when host, port and protocol say so.
 */

export interface StripeSettings {
  secretKey: string;
  publishableKey: string | null;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

export function stripeClient(settings: StripeSettings): Stripe {
  return new Stripe(settings.secretKey, {
    ...(settings.host ? { host: settings.host } : {}),
    ...(settings.port ? { port: settings.port } : {}),
    ...(settings.protocol ? { protocol: settings.protocol } : {}),
    maxNetworkRetries: 1,
  });
}

/** The plan's monthly price (tax included, in yen) at Stripe: found by its lookup key, else created. */
async function priceOf(stripe: Stripe, plan: PlanRow): Promise<string> {
  const amount = taxedPrice(plan.monthlyPriceYen).including_tax;
  const lookupKey = `linq_plan_${plan.id}_${amount}`;
  const found = await stripe.prices.list({ lookup_keys: [lookupKey], limit: 1 });
  if (found.data[0]) return found.data[0].id;
  const price = await stripe.prices.create({
    currency: 'jpy',
    unit_amount: amount,
    recurring: { interval: 'month' },
    product_data: { name: plan.name },
    lookup_key: lookupKey,
    metadata: { oem_plan_id: String(plan.id) },
  });
  return price.id;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

export function stripeProvider(settings: StripeSettings): CardProvider & { stripe: Stripe } {
  const stripe = stripeClient(settings);

  async function card(customerId: string) {
    const methods = await stripe.paymentMethods.list({ customer: customerId, type: 'card', limit: 1 });
    const found = methods.data[0]?.card;
    return found ? { brand: found.brand, last4: found.last4 } : null;
  }

  return {
    method: 'card',
    stripe,
    publishableKey: settings.publishableKey,
    async billPeriod() {
      // The subscription bills itself; its invoices arrive through the webhooks.
    },
    async planChanged(_ctx: AppContext, billing: BillingRow, plan: PlanRow) {
      if (!billing.providerSubscriptionId) return;
      const subscription = await stripe.subscriptions.retrieve(billing.providerSubscriptionId);
      const item = subscription.items.data[0];
      if (!item) return;
      await stripe.subscriptions.update(subscription.id, {
        items: [{ id: item.id, price: await priceOf(stripe, plan) }],
        proration_behavior: 'create_prorations',
      });
    },
    async createCustomer(accountId: number, name: string) {
      const customer = await stripe.customers.create({ name, metadata: { account_id: String(accountId) } });
      return customer.id;
    },
    async checkoutUrl({ accountId, customerId, plan, successUrl, cancelUrl }) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: await priceOf(stripe, plan), quantity: 1 }],
        success_url: successUrl,
        cancel_url: cancelUrl,
        client_reference_id: String(accountId),
        customer: customerId,
        metadata: { account_id: String(accountId) },
        subscription_data: { metadata: { account_id: String(accountId) } },
        locale: 'ja',
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without its URL');
      return session.url;
    },
    async completedCheckout(sessionId: string, accountId: number): Promise<CheckoutResult | null> {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      // A session of another account is as unknown here as an incomplete one.
      if (session.status !== 'complete' || session.client_reference_id !== String(accountId)) return null;
      const customerId = idOf(session.customer);
      const subscriptionId = idOf(session.subscription);
      if (!customerId || !subscriptionId) return null;
      return { customerId, subscriptionId, card: await card(customerId) };
    },
    async portalUrl(customerId: string, returnUrl: string) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return session.url;
    },
    card,
  };
}
