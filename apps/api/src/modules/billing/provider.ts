import type { PaymentMethod } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { AccountScope } from '../../platform/principal.ts';
import type { BillingRow, PlanRow } from './repository.ts';

/**
 * How an account pays. `invoice`: bank transfer, a monthly invoice issued here, marked paid by an admin
 * (or past due after its due date). `card`: the card payment provider's subscription, which bills
 * itself and reports through its signed webhooks.
 */
export interface PaymentProvider {
  readonly method: PaymentMethod;
  /** The period began: bill it (the invoice provider issues its invoice; a subscription bills itself). */
  billPeriod(ctx: AppContext, scope: AccountScope, billing: BillingRow): Promise<void>;
  /** The account's plan changed now: a subscription follows it. */
  planChanged(ctx: AppContext, billing: BillingRow, plan: PlanRow): Promise<void>;
}

/** The card provider's hosted pages and what they leave behind. */
export interface CardProvider extends PaymentProvider {
  readonly publishableKey: string | null;
  /** A new customer at the provider for the account (made before checkout, so its webhooks name a known customer). */
  createCustomer(accountId: number, name: string): Promise<string>;
  /** A hosted checkout (subscription mode) for the plan: where to send the owner. */
  checkoutUrl(input: {
    accountId: number;
    customerId: string;
    plan: PlanRow;
    successUrl: string;
    cancelUrl: string;
  }): Promise<string>;
  /** A finished checkout's customer, subscription and card; null while it is not complete. */
  completedCheckout(sessionId: string, accountId: number): Promise<CheckoutResult | null>;
  /** The provider's portal, where the owner changes the card. */
  portalUrl(customerId: string, returnUrl: string): Promise<string>;
  /** The card on the customer's subscription, as the provider tells it. */
  card(customerId: string): Promise<{ brand: string; last4: string } | null>;
}

export interface CheckoutResult {
  customerId: string;
  subscriptionId: string;
  card: { brand: string; last4: string } | null;
}
