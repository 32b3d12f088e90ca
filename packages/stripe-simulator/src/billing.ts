/**
 * The simulated Stripe account: its objects (stored in Stripe's JSON shape, API version
 * 2026-10-28), the subscription life cycle (first invoice, monthly renewals, prorations, failed
 * payments with retries, cancellation) and the events it emits.
 */
import { type CardDetails, cardError, checkCard } from './cards.ts';
import { invalidRequest, noSuch, StripeApiError } from './errors.ts';
import type { FormObject, FormValue } from './form.ts';
import { invoicePrefix, newId } from './ids.ts';
import { boundary } from './time.ts';

export const API_VERSION = '2026-10-28.endive';

/** A stored object: Stripe's JSON for it. The declared fields are the ones the simulator reads. */
export interface StripeObject {
  id: string;
  object: string;
  created: number;
  [field: string]: unknown;
}

export type Metadata = Record<string, string>;

export interface ChargeFailureRule {
  /** Only this customer's next charges; any customer's when absent. */
  customer?: string;
  /** How many charges fail (default 1). */
  count: number;
  declineCode: string;
}

export interface BillingOptions {
  /** Days after a failed charge when Stripe retries it; after the last, `afterFinalFailure`. */
  paymentRetryDays: number[];
  afterFinalFailure: 'cancel' | 'unpaid' | 'past_due';
  accountName: string;
  baseUrl: () => string;
  /** Simulator time in ms. */
  now: () => number;
  emit: (type: string, object: StripeObject, previous?: Record<string, unknown>) => void;
}

export interface SessionItems {
  items: { price: string; quantity: number }[];
  subscriptionMetadata: Metadata;
  subscriptionDescription: string | null;
}

/** What a tester types on the hosted checkout or portal page. */
export interface CardInput {
  number: string;
  /** `MM/YY` or `MM/YYYY`. */
  expiry: string;
  cvc: string;
  name?: string;
  email?: string;
}

interface SubscriptionState {
  anchor: number;
  interval: string;
  intervalCount: number;
  /** The current period is [boundary(n), boundary(n + 1)). */
  period: number;
  /** Proration lines waiting for the next invoice (`proration_behavior=create_prorations`). */
  pendingLines: StripeObject[];
}

const DECLINE_MESSAGES: Record<string, string> = {
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
};

function clone<T>(value: T): T {
  return structuredClone(value);
}

export function str(v: FormValue | undefined, param: string): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw invalidRequest(`Invalid string: ${JSON.stringify(v)}`, param);
  return v;
}

export function int(v: FormValue | undefined, param: string): number | undefined {
  const s = str(v, param);
  if (s === undefined || s === '') return undefined;
  if (!/^-?\d+$/.test(s)) throw invalidRequest(`Invalid integer: ${s}`, param);
  return Number(s);
}

export function bool(v: FormValue | undefined, param: string): boolean | undefined {
  const s = str(v, param);
  if (s === undefined || s === '') return undefined;
  if (s !== 'true' && s !== 'false') throw invalidRequest(`Invalid boolean: ${s}`, param);
  return s === 'true';
}

export function obj(v: FormValue | undefined, param: string): FormObject | undefined {
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw invalidRequest(`Invalid object`, param);
  return v;
}

export function arr(v: FormValue | undefined, param: string): FormValue[] | undefined {
  if (v === undefined || v === '') return undefined;
  if (Array.isArray(v)) return v;
  if (typeof v === 'object') return Object.values(v);
  throw invalidRequest(`Invalid array`, param);
}

/** Stripe's metadata update: keys merge, an empty value removes its key, `metadata=` clears all. */
export function applyMetadata(current: Metadata, v: FormValue | undefined): Metadata {
  if (v === undefined) return current;
  if (v === '') return {};
  const update = obj(v, 'metadata') ?? {};
  const next = { ...current };
  for (const [k, value] of Object.entries(update)) {
    if (typeof value !== 'string') throw invalidRequest('Invalid metadata value', `metadata[${k}]`);
    if (value === '') delete next[k];
    else next[k] = value;
  }
  return next;
}

export class Billing {
  readonly objects = new Map<string, StripeObject>();
  readonly cards = new Map<string, CardDetails>();
  readonly sessionItems = new Map<string, SessionItems>();
  private readonly subState = new Map<string, SubscriptionState>();
  private failures: ChargeFailureRule[] = [];
  /** While due work runs, the time it fell due (seconds), so its objects carry that time. */
  private at: number | null = null;

  constructor(private readonly options: BillingOptions) {}

  ts(): number {
    return this.at ?? Math.floor(this.options.now() / 1000);
  }

  put(o: StripeObject): StripeObject {
    this.objects.set(o.id, o);
    return o;
  }

  get(kind: string, object: string, id: string, param = 'id'): StripeObject {
    const o = this.objects.get(id);
    if (!o || o.object !== object) throw noSuch(kind, id, param);
    return o;
  }

  all(object: string): StripeObject[] {
    return [...this.objects.values()].filter((o) => o.object === object);
  }

  failNextCharges(rule: ChargeFailureRule): void {
    this.failures.push({ ...rule });
  }

  pendingFailures(): ChargeFailureRule[] {
    return this.failures.map((f) => ({ ...f }));
  }

  // --- customers and payment methods ------------------------------------------------------

  createCustomer(init: { email?: string | null; name?: string | null; metadata?: Metadata }): StripeObject {
    const customer = this.put({
      id: newId('cus'),
      object: 'customer',
      address: null,
      balance: 0,
      created: this.ts(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: null,
      discount: null,
      email: init.email ?? null,
      invoice_prefix: invoicePrefix(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: init.metadata ?? {},
      name: init.name ?? null,
      next_invoice_sequence: 1,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    });
    this.options.emit('customer.created', customer);
    return customer;
  }

  attachCard(customer: StripeObject, card: CardDetails, billing: { name?: string | null; email?: string | null }) {
    const pm = this.put({
      id: newId('pm'),
      object: 'payment_method',
      allow_redisplay: 'unspecified',
      billing_details: {
        address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
        email: billing.email ?? null,
        name: billing.name ?? null,
        phone: null,
        tax_id: null,
      },
      card: {
        brand: card.brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        country: 'US',
        display_brand: card.brand,
        exp_month: card.expMonth,
        exp_year: card.expYear,
        fingerprint: card.fingerprint,
        funding: 'credit',
        generated_from: null,
        last4: card.last4,
        networks: { available: [card.brand], preferred: null },
        regulated_status: 'unregulated',
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
      created: this.ts(),
      customer: customer.id,
      customer_account: null,
      livemode: false,
      metadata: {},
      type: 'card',
    });
    this.cards.set(pm.id, card);
    this.options.emit('payment_method.attached', pm);
    return pm;
  }

  /**
   * Whether a charge on this card fails now: the card's own behaviour (4000000000000341) or a
   * failure set through the control API. `consume` uses up a one-time failure.
   */
  chargeFailure(customerId: string, pmId: string | null, consume: boolean): StripeApiError | null {
    if (!pmId) {
      return invalidRequest(
        'This customer has no attached payment source or default payment method.',
        undefined,
        'resource_missing',
      );
    }
    const own = this.cards.get(pmId)?.chargeFailure;
    if (own) return cardError(own);
    const i = this.failures.findIndex((f) => !f.customer || f.customer === customerId);
    if (i < 0) return null;
    const rule = this.failures[i]!;
    if (consume) {
      rule.count -= 1;
      if (rule.count <= 0) this.failures.splice(i, 1);
    }
    return cardError({
      at: 'charge',
      code: rule.declineCode === 'expired_card' ? 'expired_card' : 'card_declined',
      declineCode: rule.declineCode,
      message: DECLINE_MESSAGES[rule.declineCode] ?? 'Your card was declined.',
    });
  }

  // --- subscriptions ------------------------------------------------------------------------

  private subscriptionItem(subId: string, price: StripeObject, quantity: number, start: number, end: number) {
    const recurring = price['recurring'] as { interval: string; interval_count: number };
    return {
      id: newId('si'),
      object: 'subscription_item',
      billing_thresholds: null,
      created: this.ts(),
      current_period_end: end,
      current_period_start: start,
      current_trial: null,
      discounts: [],
      metadata: {},
      plan: {
        id: price.id,
        object: 'plan',
        active: price['active'],
        amount: price['unit_amount'],
        amount_decimal: price['unit_amount_decimal'],
        billing_scheme: 'per_unit',
        created: price.created,
        currency: price['currency'],
        interval: recurring.interval,
        interval_count: recurring.interval_count,
        livemode: false,
        metadata: price['metadata'],
        meter: null,
        nickname: price['nickname'],
        product: price['product'],
        tiers_mode: null,
        transform_usage: null,
        trial_period_days: null,
        usage_type: 'licensed',
      },
      price: clone(price),
      quantity,
      subscription: subId,
      tax_rates: [],
    };
  }

  items(sub: StripeObject): StripeObject[] {
    return (sub['items'] as { data: StripeObject[] }).data;
  }

  private setItems(sub: StripeObject, data: StripeObject[]): void {
    sub['items'] = {
      object: 'list',
      data,
      has_more: false,
      total_count: data.length,
      url: `/v1/subscription_items?subscription=${sub.id}`,
    };
  }

  recurringPrice(priceId: string, param: string): StripeObject {
    const price = this.get('price', 'price', priceId, param);
    if (!price['recurring']) {
      throw invalidRequest(
        `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`,
        param,
      );
    }
    return price;
  }

  /** Creates an active subscription, charging its first invoice (already checked to succeed). */
  createSubscription(init: {
    customer: StripeObject;
    items: { price: StripeObject; quantity: number }[];
    paymentMethod: string;
    metadata: Metadata;
    description?: string | null;
  }): { subscription: StripeObject; invoice: StripeObject } {
    const now = this.ts();
    const first = init.items[0]!.price;
    const recurring = first['recurring'] as { interval: string; interval_count: number };
    const end = boundary(now, recurring.interval, recurring.interval_count, 1);
    const id = newId('sub');
    const sub = this.put({
      id,
      object: 'subscription',
      application: null,
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: now,
      billing_cycle_anchor_config: null,
      billing_mode: { flexible: null, type: 'classic' },
      billing_schedules: [],
      billing_thresholds: null,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: now,
      currency: first['currency'],
      customer: init.customer.id,
      customer_account: null,
      days_until_due: null,
      default_payment_method: init.paymentMethod,
      default_source: null,
      default_tax_rates: [],
      description: init.description ?? null,
      discounts: [],
      ended_at: null,
      invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
      latest_invoice: null,
      livemode: false,
      managed_payments: null,
      metadata: init.metadata,
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: {
        payment_method_options: null,
        payment_method_types: null,
        save_default_payment_method: 'off',
      },
      pending_invoice_item_interval: null,
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: now,
      status: 'active',
      test_clock: null,
      transfer_data: null,
      trial_end: null,
      trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
      trial_start: null,
    });
    this.setItems(
      sub,
      init.items.map((i) => this.subscriptionItem(id, i.price, i.quantity, now, end)),
    );
    this.subState.set(id, {
      anchor: now,
      interval: recurring.interval,
      intervalCount: recurring.interval_count,
      period: 0,
      pendingLines: [],
    });
    this.options.emit('customer.subscription.created', sub);
    const invoice = this.invoice(sub, 'subscription_create', this.periodLines(sub, now, end));
    return { subscription: sub, invoice };
  }

  private periodLines(sub: StripeObject, start: number, end: number): StripeObject[] {
    return this.items(sub).map((item) => {
      const price = item['price'] as StripeObject;
      const quantity = item['quantity'] as number;
      const product = this.objects.get(price['product'] as string);
      const unit = price['unit_amount'] as number;
      return this.line(sub, item, {
        amount: unit * quantity,
        quantity,
        description: `${quantity} × ${(product?.['name'] as string | undefined) ?? 'Subscription'}`,
        period: { start, end },
        proration: false,
      });
    });
  }

  private line(
    sub: StripeObject,
    item: StripeObject,
    l: {
      amount: number;
      quantity: number;
      description: string;
      period: { start: number; end: number };
      proration: boolean;
    },
  ): StripeObject {
    const price = item['price'] as StripeObject;
    return {
      id: newId('il'),
      object: 'line_item',
      created: this.ts(),
      amount: l.amount,
      currency: price['currency'],
      description: l.description,
      discount_amounts: [],
      discountable: !l.proration,
      discounts: [],
      invoice: null,
      livemode: false,
      metadata: {},
      parent: {
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration: l.proration,
          proration_details: l.proration ? { credited_items: null } : null,
          subscription: sub.id,
          subscription_item: item.id,
        },
        type: 'subscription_item_details',
      },
      period: l.period,
      pretax_credit_amounts: [],
      pricing: {
        price_details: { price: price.id, product: price['product'] },
        type: 'price_details',
        unit_amount_decimal: price['unit_amount_decimal'],
      },
      quantity: l.quantity,
      quantity_decimal: String(l.quantity),
      subscription: sub.id,
      subtotal: l.amount,
      taxes: [],
    };
  }

  /** Creates, finalizes and charges an invoice for the subscription (Stripe finalizes it about an hour later). */
  invoice(sub: StripeObject, reason: string, lines: StripeObject[]): StripeObject {
    const state = this.subState.get(sub.id);
    const all = [...(state?.pendingLines ?? []), ...lines];
    if (state) state.pendingLines = [];
    const customer = this.get('customer', 'customer', sub['customer'] as string);
    const total = all.reduce((sum, l) => sum + (l['amount'] as number), 0);
    const id = newId('in');
    for (const l of all) l['invoice'] = id;
    const now = this.ts();
    const periods = all.map((l) => l['period'] as { start: number; end: number });
    const invoice = this.put({
      id,
      object: 'invoice',
      account_country: 'JP',
      account_name: this.options.accountName,
      account_tax_ids: null,
      amount_due: Math.max(0, total),
      amount_overpaid: 0,
      amount_paid: 0,
      amount_remaining: Math.max(0, total),
      amount_shipping: 0,
      application: null,
      attempt_count: 0,
      attempted: false,
      auto_advance: true,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
      automatically_finalizes_at: null,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: now,
      currency: sub['currency'],
      custom_fields: null,
      customer: customer.id,
      customer_account: null,
      customer_address: null,
      customer_email: customer['email'],
      customer_name: customer['name'],
      customer_phone: null,
      customer_shipping: null,
      customer_tax_exempt: 'none',
      customer_tax_ids: [],
      default_payment_method: null,
      default_source: null,
      default_tax_rates: [],
      description: null,
      discounts: [],
      due_date: null,
      effective_at: null,
      ending_balance: null,
      footer: null,
      from_invoice: null,
      hosted_invoice_url: null,
      invoice_pdf: null,
      issuer: { type: 'self' },
      last_finalization_error: null,
      latest_revision: null,
      lines: { object: 'list', data: all, has_more: false, total_count: all.length, url: `/v1/invoices/${id}/lines` },
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: null,
      on_behalf_of: null,
      parent: {
        quote_details: null,
        subscription_details: { metadata: clone(sub['metadata']), subscription: sub.id },
        type: 'subscription_details',
      },
      payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
      period_end: periods.length ? Math.max(...periods.map((p) => p.end)) : now,
      period_start: periods.length ? Math.min(...periods.map((p) => p.start)) : now,
      post_payment_credit_notes_amount: 0,
      pre_payment_credit_notes_amount: 0,
      receipt_number: null,
      rendering: null,
      shipping_cost: null,
      shipping_details: null,
      starting_balance: 0,
      statement_descriptor: null,
      status: 'draft',
      status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      subtotal: total,
      subtotal_excluding_tax: total,
      test_clock: null,
      total,
      total_discount_amounts: [],
      total_excluding_tax: total,
      total_pretax_credit_amounts: [],
      total_taxes: [],
      webhooks_delivered_at: null,
    });
    sub['latest_invoice'] = id;
    this.options.emit('invoice.created', invoice);
    this.finalize(invoice, customer);
    this.pay(invoice);
    return invoice;
  }

  private finalize(invoice: StripeObject, customer: StripeObject): void {
    const seq = customer['next_invoice_sequence'] as number;
    customer['next_invoice_sequence'] = seq + 1;
    const base = this.options.baseUrl();
    invoice['number'] = `${customer['invoice_prefix'] as string}-${String(seq).padStart(4, '0')}`;
    invoice['status'] = 'open';
    invoice['effective_at'] = this.ts();
    invoice['hosted_invoice_url'] = `${base}/i/${invoice.id}`;
    invoice['invoice_pdf'] = `${base}/i/${invoice.id}/pdf`;
    (invoice['status_transitions'] as Record<string, unknown>)['finalized_at'] = this.ts();
    this.options.emit('invoice.finalized', invoice);
  }

  private subscriptionOf(invoice: StripeObject): StripeObject | undefined {
    const parent = invoice['parent'] as { subscription_details: { subscription: string } | null } | null;
    const id = parent?.subscription_details?.subscription;
    return id ? this.objects.get(id) : undefined;
  }

  /** The card an invoice is charged on: the subscription's default, else the customer's. */
  paymentMethodFor(customerId: string, sub?: StripeObject): string | null {
    const customer = this.objects.get(customerId);
    const fromCustomer = (customer?.['invoice_settings'] as { default_payment_method: string | null } | undefined)
      ?.default_payment_method;
    return (sub?.['default_payment_method'] as string | null | undefined) ?? fromCustomer ?? null;
  }

  /** Attempts to charge an open invoice; answers the card error when it fails. */
  pay(invoice: StripeObject): StripeApiError | null {
    if (invoice['status'] !== 'open') return null;
    const sub = this.subscriptionOf(invoice);
    const customerId = invoice['customer'] as string;
    const amount = invoice['amount_due'] as number;
    const failure = amount > 0 ? this.chargeFailure(customerId, this.paymentMethodFor(customerId, sub), true) : null;
    const now = this.ts();
    invoice['attempted'] = true;
    if (amount > 0) invoice['attempt_count'] = (invoice['attempt_count'] as number) + 1;
    if (!failure) {
      invoice['status'] = 'paid';
      invoice['amount_paid'] = amount;
      invoice['amount_remaining'] = 0;
      invoice['next_payment_attempt'] = null;
      (invoice['status_transitions'] as Record<string, unknown>)['paid_at'] = now;
      this.options.emit('invoice.paid', invoice);
      this.options.emit('invoice.payment_succeeded', invoice);
      if (sub && (sub['status'] === 'past_due' || sub['status'] === 'unpaid') && !this.hasOpenInvoice(sub)) {
        this.updateSubscription(sub, () => {
          sub['status'] = 'active';
        });
      }
      return null;
    }
    const attempt = invoice['attempt_count'] as number;
    const retryDays = this.options.paymentRetryDays[attempt - 1];
    invoice['next_payment_attempt'] = retryDays === undefined ? null : now + retryDays * 86_400;
    this.options.emit('invoice.payment_failed', invoice);
    if (sub && sub['status'] === 'active') {
      this.updateSubscription(sub, () => {
        sub['status'] = 'past_due';
      });
    }
    if (sub && retryDays === undefined && sub['status'] !== 'canceled') {
      if (this.options.afterFinalFailure === 'cancel') this.cancel(sub, 'payment_failed');
      else if (this.options.afterFinalFailure === 'unpaid') {
        this.updateSubscription(sub, () => {
          sub['status'] = 'unpaid';
        });
      }
    }
    return failure;
  }

  private hasOpenInvoice(sub: StripeObject): boolean {
    return this.all('invoice').some((i) => i['status'] === 'open' && this.subscriptionOf(i)?.id === sub.id);
  }

  /** Applies a change and emits `customer.subscription.updated` with the changed fields' old values. */
  updateSubscription(sub: StripeObject, change: () => void): void {
    const before = clone(sub);
    change();
    const previous: Record<string, unknown> = {};
    for (const key of new Set([...Object.keys(before), ...Object.keys(sub)])) {
      if (JSON.stringify(before[key]) !== JSON.stringify(sub[key])) previous[key] = before[key] ?? null;
    }
    if (Object.keys(previous).length) this.options.emit('customer.subscription.updated', sub, previous);
  }

  cancel(sub: StripeObject, reason: 'cancellation_requested' | 'payment_failed'): void {
    const now = this.ts();
    sub['status'] = 'canceled';
    sub['canceled_at'] = now;
    sub['ended_at'] = now;
    sub['cancellation_details'] = { comment: null, feedback: null, reason };
    const state = this.subState.get(sub.id);
    if (state) state.pendingLines = [];
    this.options.emit('customer.subscription.deleted', sub);
  }

  /**
   * Changes the subscription's items and prorates as `proration_behavior` says:
   * `create_prorations` (default) adds the prorated lines to the next invoice, `always_invoice`
   * invoices them now, `none` changes the price from the next period on.
   */
  changeItems(
    sub: StripeObject,
    changes: { id?: string; price?: StripeObject; quantity?: number; deleted?: boolean }[],
    proration: 'create_prorations' | 'always_invoice' | 'none',
    prorationDate: number,
  ): StripeObject[] {
    const state = this.subState.get(sub.id)!;
    const current = this.items(sub);
    const next = current.map((i) => clone(i));
    const prorations: StripeObject[] = [];
    const period = {
      start: boundary(state.anchor, state.interval, state.intervalCount, state.period),
      end: boundary(state.anchor, state.interval, state.intervalCount, state.period + 1),
    };
    const fraction = Math.max(0, Math.min(1, (period.end - prorationDate) / (period.end - period.start)));
    const remaining = { start: Math.max(period.start, prorationDate), end: period.end };
    const productName = (price: StripeObject) =>
      (this.objects.get(price['product'] as string)?.['name'] as string | undefined) ?? 'Subscription';
    const credit = (item: StripeObject) => {
      const price = item['price'] as StripeObject;
      const q = item['quantity'] as number;
      prorations.push(
        this.line(sub, item, {
          amount: -Math.round((price['unit_amount'] as number) * q * fraction),
          quantity: q,
          description: `Unused time on ${q} × ${productName(price)}`,
          period: remaining,
          proration: true,
        }),
      );
    };
    const charge = (item: StripeObject) => {
      const price = item['price'] as StripeObject;
      const q = item['quantity'] as number;
      prorations.push(
        this.line(sub, item, {
          amount: Math.round((price['unit_amount'] as number) * q * fraction),
          quantity: q,
          description: `Remaining time on ${q} × ${productName(price)}`,
          period: remaining,
          proration: true,
        }),
      );
    };
    for (const [index, c] of changes.entries()) {
      const param = `items[${index}]`;
      if (c.id) {
        const at = next.findIndex((i) => i.id === c.id);
        if (at < 0) throw noSuch('subscription item', c.id, `${param}[id]`);
        const old = next[at]!;
        if (c.deleted) {
          credit(old);
          next.splice(at, 1);
          continue;
        }
        const price = c.price ?? (old['price'] as StripeObject);
        const quantity = c.quantity ?? (old['quantity'] as number);
        if (price.id === (old['price'] as StripeObject).id && quantity === old['quantity']) continue;
        if (price['currency'] !== sub['currency']) {
          throw invalidRequest('The price currency must match the subscription currency.', `${param}[price]`);
        }
        credit(old);
        const replaced = this.subscriptionItem(sub.id, price, quantity, period.start, period.end);
        replaced.id = old.id;
        replaced.created = old.created;
        next[at] = replaced;
        charge(replaced);
      } else {
        if (!c.price) throw invalidRequest('You must specify a price for a new subscription item.', `${param}[price]`);
        const added = this.subscriptionItem(sub.id, c.price, c.quantity ?? 1, period.start, period.end);
        next.push(added);
        charge(added);
      }
    }
    if (next.length === 0) throw invalidRequest('A subscription must have at least one active item.', 'items');
    this.setItems(sub, next);
    if (proration === 'none') return [];
    return prorations;
  }

  /** Queues proration lines for the next invoice. */
  addPendingLines(sub: StripeObject, lines: StripeObject[]): void {
    this.subState.get(sub.id)?.pendingLines.push(...lines);
  }

  /** Resets the billing cycle to now (`billing_cycle_anchor=now`): the new period is invoiced at once. */
  resetCycle(sub: StripeObject): void {
    const state = this.subState.get(sub.id)!;
    const now = this.ts();
    state.anchor = now;
    state.period = 0;
    const end = boundary(now, state.interval, state.intervalCount, 1);
    sub['billing_cycle_anchor'] = now;
    for (const item of this.items(sub)) {
      item['current_period_start'] = now;
      item['current_period_end'] = end;
    }
  }

  cycleLines(sub: StripeObject): StripeObject[] {
    const item = this.items(sub)[0]!;
    return this.periodLines(sub, item['current_period_start'] as number, item['current_period_end'] as number);
  }

  periodEndOf(sub: StripeObject): number {
    return this.items(sub)[0]!['current_period_end'] as number;
  }

  // --- time ---------------------------------------------------------------------------------

  /** The next moment (seconds) some subscription renews or an invoice is retried, if by `untilSec`. */
  private nextDue(untilSec: number): { at: number; run: () => void } | null {
    let best: { at: number; run: () => void } | null = null;
    for (const sub of this.all('subscription')) {
      const status = sub['status'];
      if (status !== 'active' && status !== 'past_due') continue;
      const end = this.periodEndOf(sub);
      const cancelAt = sub['cancel_at'] as number | null;
      const at = cancelAt !== null && cancelAt < end ? cancelAt : end;
      if (at <= untilSec && (!best || at < best.at)) best = { at, run: () => this.renew(sub, at) };
    }
    for (const invoice of this.all('invoice')) {
      const at = invoice['next_payment_attempt'] as number | null;
      if (invoice['status'] === 'open' && at !== null && at <= untilSec && (!best || at < best.at)) {
        best = { at, run: () => this.pay(invoice) };
      }
    }
    return best;
  }

  /** Runs renewals and payment retries due by now, in time order, each at the time it fell due. */
  runDue(): void {
    const until = Math.floor(this.options.now() / 1000);
    for (let due = this.nextDue(until); due; due = this.nextDue(until)) {
      this.at = due.at;
      try {
        due.run();
      } finally {
        this.at = null;
      }
    }
  }

  private renew(sub: StripeObject, at: number): void {
    const cancelAt = sub['cancel_at'] as number | null;
    if (sub['cancel_at_period_end'] === true || (cancelAt !== null && cancelAt <= at)) {
      this.cancel(sub, 'cancellation_requested');
      return;
    }
    const state = this.subState.get(sub.id)!;
    this.updateSubscription(sub, () => {
      state.period += 1;
      const start = boundary(state.anchor, state.interval, state.intervalCount, state.period);
      const end = boundary(state.anchor, state.interval, state.intervalCount, state.period + 1);
      for (const item of this.items(sub)) {
        item['current_period_start'] = start;
        item['current_period_end'] = end;
      }
    });
    this.invoice(sub, 'subscription_cycle', this.cycleLines(sub));
  }

  /** The card check before a checkout or a portal change charges a customer. */
  assertChargeable(customerId: string, card: CardDetails): void {
    if (card.chargeFailure) throw cardError(card.chargeFailure);
    const failure = this.failures.find((f) => !f.customer || f.customer === customerId);
    if (failure) {
      const error = this.chargeFailure(customerId, 'pm_pending', true);
      if (error) throw error;
    }
  }

  expectCustomer(id: string, param: string): StripeObject {
    const c = this.objects.get(id);
    if (!c || c.object !== 'customer' || c['deleted'] === true) throw noSuch('customer', id, param);
    return c;
  }

  emitEvent(type: string, object: StripeObject): void {
    this.options.emit(type, object);
  }

  // --- hosted pages -------------------------------------------------------------------------

  /**
   * The hosted checkout page's submit: checks the card, charges the first invoice, and creates
   * the customer (when the session has none), its card, the subscription and the paid invoice.
   * A declined card throws its card error and changes nothing.
   */
  completeCheckout(sessionId: string, input: CardInput): StripeObject {
    const session = this.get('checkout session', 'checkout.session', sessionId);
    if (session['status'] !== 'open') {
      throw invalidRequest('This Checkout Session is no longer active.', undefined, 'checkout_session_inactive');
    }
    if ((session['expires_at'] as number) <= this.ts()) {
      this.expireSession(session);
      throw invalidRequest('This Checkout Session has expired.', undefined, 'checkout_session_inactive');
    }
    const email = input.email?.trim() || (session['customer_email'] as string | null) || null;
    if (!session['customer'] && !email) throw invalidRequest('Enter an e-mail address.', 'email');
    const card = checkCard(input, this.options.now());
    const existing = session['customer'] ? this.expectCustomer(session['customer'] as string, 'customer') : null;
    if ((session['amount_total'] as number) > 0) this.assertChargeable(existing?.id ?? '', card);
    const customer = existing ?? this.createCustomer({ email, name: input.name?.trim() || null });
    const pm = this.attachCard(customer, card, { name: input.name ?? null, email: customer['email'] as string | null });
    const saved = this.sessionItems.get(session.id)!;
    const { subscription, invoice } = this.createSubscription({
      customer,
      items: saved.items.map((i) => ({ price: this.get('price', 'price', i.price), quantity: i.quantity })),
      paymentMethod: pm.id,
      metadata: saved.subscriptionMetadata,
      description: saved.subscriptionDescription,
    });
    session['status'] = 'complete';
    session['payment_status'] = 'paid';
    session['customer'] = customer.id;
    session['subscription'] = subscription.id;
    session['invoice'] = invoice.id;
    session['customer_details'] = {
      address: null,
      business_name: null,
      email: customer['email'],
      individual_name: null,
      name: input.name?.trim() || null,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    };
    this.emitEvent('checkout.session.completed', session);
    return session;
  }

  expireSession(session: StripeObject): void {
    if (session['status'] !== 'open') return;
    session['status'] = 'expired';
    this.emitEvent('checkout.session.expired', session);
  }

  /**
   * The portal's card change: the new card becomes the customer's and its subscriptions'
   * default, and open invoices of past-due subscriptions are charged on it again.
   */
  replaceCard(customerId: string, input: CardInput): StripeObject {
    const customer = this.expectCustomer(customerId, 'customer');
    const card = checkCard(input, this.options.now());
    const pm = this.attachCard(customer, card, { name: input.name ?? null, email: customer['email'] as string | null });
    (customer['invoice_settings'] as Record<string, unknown>)['default_payment_method'] = pm.id;
    this.emitEvent('customer.updated', customer);
    for (const sub of this.all('subscription').filter((s) => s['customer'] === customer.id)) {
      if (sub['status'] === 'canceled') continue;
      this.updateSubscription(sub, () => {
        sub['default_payment_method'] = pm.id;
      });
    }
    for (const invoice of this.all('invoice')) {
      if (invoice['customer'] === customer.id && invoice['status'] === 'open') this.pay(invoice);
    }
    return pm;
  }

  /** The control API's "renew now": resets the cycle to now and invoices the new period at once. */
  renewNow(subId: string): StripeObject {
    const sub = this.get('subscription', 'subscription', subId);
    if (sub['status'] === 'canceled') throw invalidRequest('The subscription is canceled.', 'id');
    this.updateSubscription(sub, () => this.resetCycle(sub));
    return this.invoice(sub, 'subscription_cycle', this.cycleLines(sub));
  }
}
