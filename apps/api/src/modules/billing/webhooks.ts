import type Stripe from 'stripe';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { accountScope } from '../../platform/principal.ts';
import { today } from '../agency-contracts/dates.ts';
import { cardProvider } from './card.ts';
import * as repo from './repository.ts';
import { recordProviderInvoice, settleStanding } from './service.ts';

const BAD_SIGNATURE_MESSAGE = '署名を確認できませんでした。';

const customerOf = (value: string | { id: string } | null): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * A Stripe webhook: verified on the exact bytes with the signing secret (400 otherwise), then applied
 * once per event id, in one transaction with the record of that id, so a redelivery changes nothing.
 */
export async function ingestStripeEvent(ctx: AppContext, rawBody: Buffer, signature: string | undefined) {
  const provider = await cardProvider(ctx);
  if (!provider?.webhookSecret || !signature) throw new AppError('bad_request', BAD_SIGNATURE_MESSAGE);
  let event: Stripe.Event;
  try {
    event = provider.stripe.webhooks.constructEvent(rawBody, signature, provider.webhookSecret);
  } catch {
    throw new AppError('bad_request', BAD_SIGNATURE_MESSAGE);
  }
  await ctx.database.db.transaction(async (tx) => {
    if (!(await repo.firstDelivery(tx, event.id, event.type))) return;
    switch (event.type) {
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const customerId = customerOf(invoice.customer);
        const accountId = customerId && (await repo.accountOfCustomerUnscoped(tx, customerId));
        if (!accountId || !invoice.id) return;
        const scope = accountScope(accountId);
        const day = (seconds: number) => today(new Date(seconds * 1000));
        const lines = invoice.lines.data.map((line) => ({
          amountYen: line.amount,
          proration: line.parent?.subscription_item_details?.proration ?? false,
          // Stripe's line period ends at the next period's first instant: our periods name their last day.
          period: { start: day(line.period.start), end: day(line.period.end - 1) },
        }));
        // The period billed is the plan's line's (prorations cover part of the one before).
        const planLine = invoice.lines.data.find((line) => !line.parent?.subscription_item_details?.proration);
        await recordProviderInvoice(ctx, tx, scope, {
          id: invoice.id,
          periodStart: day(planLine?.period.start ?? invoice.period_start),
          paid: event.type === 'invoice.paid',
          lines,
        });
        await settleStanding(ctx, tx, scope);
        return;
      }
      case 'checkout.session.completed': {
        // The owner may never come back to the console after paying: the card is recorded from here too.
        const session = event.data.object;
        const customerId = customerOf(session.customer);
        const accountId = customerId && (await repo.accountOfCustomerUnscoped(tx, customerId));
        const subscriptionId = customerOf(session.subscription);
        if (!accountId || !customerId || !subscriptionId) return;
        const card = await provider.card(customerId);
        await repo.update(tx, accountScope(accountId), {
          method: 'card',
          providerSubscriptionId: subscriptionId,
          cardBrand: card?.brand ?? null,
          cardLast4: card?.last4 ?? null,
        });
        return;
      }
      case 'customer.subscription.updated': {
        const subscription = event.data.object;
        const customerId = customerOf(subscription.customer);
        const accountId = customerId && (await repo.accountOfCustomerUnscoped(tx, customerId));
        if (!accountId || !customerId) return;
        const card = await provider.card(customerId);
        await repo.update(tx, accountScope(accountId), {
          providerSubscriptionId: subscription.id,
          cardBrand: card?.brand ?? null,
          cardLast4: card?.last4 ?? null,
        });
        return;
      }
      case 'customer.subscription.deleted': {
        // The subscription ended: the account is billed by invoice again; its history stays.
        const customerId = customerOf(event.data.object.customer);
        const accountId = customerId && (await repo.accountOfCustomerUnscoped(tx, customerId));
        if (!accountId) return;
        await repo.update(tx, accountScope(accountId), {
          method: 'invoice',
          providerSubscriptionId: null,
          cardBrand: null,
          cardLast4: null,
        });
        return;
      }
      default:
        return;
    }
  });
}
