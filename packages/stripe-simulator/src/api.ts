/**
 * `/v1/...`: the Stripe API endpoints the console uses, with Stripe's request encoding,
 * answers, list envelopes, `expand[]` and error shapes.
 */
import { arr, bool, int, obj, str, applyMetadata, type StripeObject, type Billing } from './billing.ts';
import { invalidRequest, missingParam, noSuch, StripeApiError } from './errors.ts';
import type { FormObject, FormValue } from './form.ts';
import { newId } from './ids.ts';

export interface ApiContext {
  billing: Billing;
  baseUrl: string;
  params: FormObject;
  pathParams: string[];
}

type Handler = (ctx: ApiContext) => StripeObject | Record<string, unknown>;

interface Route {
  method: string;
  pattern: RegExp;
  /** Top-level parameters it takes besides `expand`; others answer "Received unknown parameter". */
  accepts: string[];
  handler: Handler;
}

const routes: Route[] = [];

function route(method: string, path: string, accepts: string[], handler: Handler): void {
  const pattern = new RegExp(`^${path.replace(/:[a-z]+/g, '([^/]+)')}$`);
  routes.push({ method, pattern, accepts, handler });
}

const LIST = ['limit', 'starting_after', 'ending_before'];

/** Stripe's list envelope, newest first, paged by `limit` (1..100, default 10) and cursors. */
function list(ctx: ApiContext, url: string, items: StripeObject[]): Record<string, unknown> {
  const sorted = [...items].reverse().sort((a, b) => b.created - a.created);
  const limit = int(ctx.params['limit'], 'limit') ?? 10;
  if (limit < 1 || limit > 100) throw invalidRequest('Invalid integer: limit must be between 1 and 100', 'limit');
  const after = str(ctx.params['starting_after'], 'starting_after');
  const before = str(ctx.params['ending_before'], 'ending_before');
  let start = 0;
  let end = sorted.length;
  if (after) {
    const i = sorted.findIndex((o) => o.id === after);
    if (i < 0) throw noSuch('object', after, 'starting_after');
    start = i + 1;
  }
  if (before) {
    const i = sorted.findIndex((o) => o.id === before);
    if (i < 0) throw noSuch('object', before, 'ending_before');
    end = i;
    start = Math.max(0, end - limit);
  }
  const data = sorted.slice(start, Math.min(end, start + limit));
  return { object: 'list', data, has_more: start + data.length < end || (before !== undefined && start > 0), url };
}

function required(params: FormObject, name: string): string {
  const v = str(params[name], name);
  if (v === undefined || v === '') throw missingParam(name);
  return v;
}

function metadataOf(params: FormObject, current: Record<string, string> = {}): Record<string, string> {
  return applyMetadata(current, params['metadata']);
}

// --- customers -----------------------------------------------------------------------------

const CUSTOMER_FIELDS = ['email', 'name', 'description', 'phone', 'metadata', 'preferred_locales', 'invoice_settings'];

function updateCustomer(c: StripeObject, p: FormObject, billing: Billing): void {
  for (const f of ['email', 'name', 'description', 'phone'] as const) {
    const v = str(p[f], f);
    if (v !== undefined) c[f] = v === '' ? null : v;
  }
  if (p['metadata'] !== undefined) c['metadata'] = metadataOf(p, c['metadata'] as Record<string, string>);
  const locales = arr(p['preferred_locales'], 'preferred_locales');
  if (locales) c['preferred_locales'] = locales.map((l) => str(l, 'preferred_locales'));
  const settings = obj(p['invoice_settings'], 'invoice_settings');
  const pm = settings ? str(settings['default_payment_method'], 'invoice_settings[default_payment_method]') : undefined;
  if (pm !== undefined) {
    if (pm !== '') {
      const method = billing.get('PaymentMethod', 'payment_method', pm, 'invoice_settings[default_payment_method]');
      if (method['customer'] !== c.id) {
        throw invalidRequest(
          `The customer does not have a payment method with the ID ${pm}. The payment method must be attached to the customer.`,
          'invoice_settings[default_payment_method]',
        );
      }
    }
    (c['invoice_settings'] as Record<string, unknown>)['default_payment_method'] = pm === '' ? null : pm;
  }
}

route('POST', '/v1/customers', CUSTOMER_FIELDS, ({ billing, params }) => {
  const c = billing.createCustomer({ metadata: metadataOf(params) });
  updateCustomer(c, params, billing);
  return c;
});
route('GET', '/v1/customers/:id', [], ({ billing, pathParams }) => {
  const c = billing.get('customer', 'customer', pathParams[0]!);
  return c['deleted'] === true ? { id: c.id, object: 'customer', deleted: true } : c;
});
route('POST', '/v1/customers/:id', CUSTOMER_FIELDS, ({ billing, params, pathParams }) => {
  const c = billing.expectCustomer(pathParams[0]!, 'id');
  updateCustomer(c, params, billing);
  return c;
});
route('GET', '/v1/customers', ['email', ...LIST], (ctx) => {
  const email = str(ctx.params['email'], 'email');
  const items = ctx.billing.all('customer').filter((c) => c['deleted'] !== true && (!email || c['email'] === email));
  return list(ctx, '/v1/customers', items);
});
route('GET', '/v1/customers/:id/payment_methods', ['type', ...LIST], (ctx) => {
  const c = ctx.billing.expectCustomer(ctx.pathParams[0]!, 'customer');
  const pms = ctx.billing.all('payment_method').filter((pm) => pm['customer'] === c.id);
  return list(ctx, `/v1/customers/${c.id}/payment_methods`, pms);
});

// --- products and prices -------------------------------------------------------------------

function createProduct(billing: Billing, p: FormObject, param = ''): StripeObject {
  const name = str(p['name'], `${param}name`);
  if (!name) throw missingParam(`${param}name`);
  const now = billing.ts();
  return billing.put({
    id: str(p['id'], 'id') || newId('prod'),
    object: 'product',
    active: bool(p['active'], 'active') ?? true,
    created: now,
    default_price: null,
    description: str(p['description'], 'description') ?? null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: metadataOf(p),
    name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: now,
    url: null,
  });
}

const PRODUCT_FIELDS = ['id', 'name', 'active', 'description', 'metadata'];
route('POST', '/v1/products', PRODUCT_FIELDS, ({ billing, params }) => {
  const id = str(params['id'], 'id');
  if (id && billing.objects.has(id)) {
    throw invalidRequest(`Product already exists.`, 'id', 'resource_already_exists');
  }
  return createProduct(billing, params);
});
route('GET', '/v1/products/:id', [], ({ billing, pathParams }) => billing.get('product', 'product', pathParams[0]!));
route('POST', '/v1/products/:id', ['name', 'active', 'description', 'metadata', 'default_price'], (ctx) => {
  const product = ctx.billing.get('product', 'product', ctx.pathParams[0]!);
  const p = ctx.params;
  const name = str(p['name'], 'name');
  if (name !== undefined) product['name'] = name;
  const active = bool(p['active'], 'active');
  if (active !== undefined) product['active'] = active;
  const description = str(p['description'], 'description');
  if (description !== undefined) product['description'] = description || null;
  const defaultPrice = str(p['default_price'], 'default_price');
  if (defaultPrice !== undefined) {
    product['default_price'] = defaultPrice
      ? ctx.billing.get('price', 'price', defaultPrice, 'default_price').id
      : null;
  }
  product['metadata'] = metadataOf(p, product['metadata'] as Record<string, string>);
  product['updated'] = ctx.billing.ts();
  return product;
});
route('GET', '/v1/products', ['active', 'ids', ...LIST], (ctx) => {
  const active = bool(ctx.params['active'], 'active');
  const ids = arr(ctx.params['ids'], 'ids');
  const items = ctx.billing
    .all('product')
    .filter((p) => (active === undefined || p['active'] === active) && (!ids || ids.includes(p.id)));
  return list(ctx, '/v1/products', items);
});

const CURRENCIES = new Set(['jpy', 'usd', 'eur', 'gbp', 'krw', 'twd', 'aud', 'cad', 'sgd', 'hkd']);

const PRICE_FIELDS = [
  'currency',
  'unit_amount',
  'unit_amount_decimal',
  'product',
  'product_data',
  'recurring',
  'nickname',
  'lookup_key',
  'metadata',
  'active',
  'tax_behavior',
  'transfer_lookup_key',
];
route('POST', '/v1/prices', PRICE_FIELDS, ({ billing, params }) => {
  const currency = required(params, 'currency').toLowerCase();
  if (!CURRENCIES.has(currency)) throw invalidRequest(`Invalid currency: ${currency}.`, 'currency');
  const unitAmount = int(params['unit_amount'], 'unit_amount');
  if (unitAmount === undefined) throw missingParam('unit_amount');
  if (unitAmount < 0) throw invalidRequest('This value must be greater than or equal to 0.', 'unit_amount');
  const productId = str(params['product'], 'product');
  const productData = obj(params['product_data'], 'product_data');
  if (!productId && !productData) throw missingParam('product');
  const product = productId
    ? billing.get('product', 'product', productId, 'product')
    : createProduct(billing, productData!, 'product_data[');
  const recurring = obj(params['recurring'], 'recurring');
  let recurringJson: Record<string, unknown> | null = null;
  if (recurring) {
    const interval = str(recurring['interval'], 'recurring[interval]');
    if (!interval) throw missingParam('recurring[interval]');
    if (!['day', 'week', 'month', 'year'].includes(interval)) {
      throw invalidRequest(
        `Invalid recurring[interval]: must be one of day, month, week, or year`,
        'recurring[interval]',
      );
    }
    recurringJson = {
      interval,
      interval_count: int(recurring['interval_count'], 'recurring[interval_count]') ?? 1,
      meter: null,
      trial_period_days: null,
      usage_type: 'licensed',
    };
  }
  const lookupKey = str(params['lookup_key'], 'lookup_key');
  if (lookupKey) {
    const taken = billing.all('price').find((p) => p['lookup_key'] === lookupKey);
    if (taken && params['transfer_lookup_key'] === 'true') taken['lookup_key'] = null;
    else if (taken) {
      throw invalidRequest(
        `A price (\`${taken.id}\`) already uses that lookup key.`,
        'lookup_key',
        'lookup_key_already_exists',
      );
    }
  }
  return billing.put({
    id: newId('price'),
    object: 'price',
    active: bool(params['active'], 'active') ?? true,
    billing_scheme: 'per_unit',
    created: billing.ts(),
    currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: lookupKey || null,
    metadata: metadataOf(params),
    nickname: str(params['nickname'], 'nickname') || null,
    product: product.id,
    recurring: recurringJson,
    tax_behavior: str(params['tax_behavior'], 'tax_behavior') ?? 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: recurringJson ? 'recurring' : 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  });
});
route('GET', '/v1/prices/:id', [], ({ billing, pathParams }) => billing.get('price', 'price', pathParams[0]!));
route('POST', '/v1/prices/:id', ['active', 'metadata', 'nickname', 'lookup_key'], ({ billing, params, pathParams }) => {
  const price = billing.get('price', 'price', pathParams[0]!);
  const active = bool(params['active'], 'active');
  if (active !== undefined) price['active'] = active;
  const nickname = str(params['nickname'], 'nickname');
  if (nickname !== undefined) price['nickname'] = nickname || null;
  const lookupKey = str(params['lookup_key'], 'lookup_key');
  if (lookupKey !== undefined) price['lookup_key'] = lookupKey || null;
  price['metadata'] = metadataOf(params, price['metadata'] as Record<string, string>);
  return price;
});
route('GET', '/v1/prices', ['active', 'product', 'type', 'currency', 'lookup_keys', 'recurring', ...LIST], (ctx) => {
  const p = ctx.params;
  const active = bool(p['active'], 'active');
  const product = str(p['product'], 'product');
  const type = str(p['type'], 'type');
  const currency = str(p['currency'], 'currency');
  const lookupKeys = arr(p['lookup_keys'], 'lookup_keys');
  const interval = obj(p['recurring'], 'recurring')?.['interval'];
  const items = ctx.billing
    .all('price')
    .filter(
      (x) =>
        (active === undefined || x['active'] === active) &&
        (!product || x['product'] === product) &&
        (!type || x['type'] === type) &&
        (!currency || x['currency'] === currency) &&
        (!lookupKeys || lookupKeys.includes(x['lookup_key'] as string)) &&
        (!interval || (x['recurring'] as { interval: string } | null)?.interval === interval),
    );
  return list(ctx, '/v1/prices', items);
});

// --- checkout sessions ---------------------------------------------------------------------

const SESSION_FIELDS = [
  'mode',
  'line_items',
  'success_url',
  'cancel_url',
  'customer',
  'customer_email',
  'client_reference_id',
  'metadata',
  'subscription_data',
  'locale',
  'payment_method_types',
  'allow_promotion_codes',
  'billing_address_collection',
  'expires_at',
  'ui_mode',
];

route('POST', '/v1/checkout/sessions', SESSION_FIELDS, ({ billing, params, baseUrl }) => {
  const mode = required(params, 'mode');
  if (mode !== 'subscription') {
    throw invalidRequest(`The simulator implements \`mode=subscription\` only (received ${mode}).`, 'mode');
  }
  const uiMode = str(params['ui_mode'], 'ui_mode') ?? 'hosted';
  if (uiMode !== 'hosted') throw invalidRequest('The simulator implements `ui_mode=hosted` only.', 'ui_mode');
  const successUrl = required(params, 'success_url');
  const lineItems = arr(params['line_items'], 'line_items');
  if (!lineItems?.length) {
    throw invalidRequest('`line_items` is required in `subscription` mode.', 'line_items');
  }
  let currency: string | null = null;
  let total = 0;
  const items = lineItems.map((li, i) => {
    const item = obj(li, `line_items[${i}]`) ?? {};
    const priceId = str(item['price'], `line_items[${i}][price]`);
    if (!priceId) throw missingParam(`line_items[${i}][price]`);
    const price = billing.recurringPrice(priceId, `line_items[${i}][price]`);
    if (!price['active']) {
      throw invalidRequest(`The price \`${priceId}\` is not active.`, `line_items[${i}][price]`);
    }
    const quantity = int(item['quantity'], `line_items[${i}][quantity]`) ?? 1;
    if (currency && price['currency'] !== currency) {
      throw invalidRequest('All prices must have the same currency.', `line_items[${i}][price]`);
    }
    currency = price['currency'] as string;
    total += (price['unit_amount'] as number) * quantity;
    return { price: price.id, quantity };
  });
  const customerId = str(params['customer'], 'customer');
  const customer = customerId ? billing.expectCustomer(customerId, 'customer') : null;
  const customerEmail = str(params['customer_email'], 'customer_email');
  if (customer && customerEmail) {
    throw invalidRequest('You may only specify one of these parameters: customer, customer_email.', 'customer_email');
  }
  const subscriptionData = obj(params['subscription_data'], 'subscription_data');
  const id = newId('cs');
  const now = billing.ts();
  const expiresAt = int(params['expires_at'], 'expires_at') ?? now + 24 * 3600;
  const session = billing.put({
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: bool(params['allow_promotion_codes'], 'allow_promotion_codes') ?? null,
    amount_subtotal: total,
    amount_total: total,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: str(params['billing_address_collection'], 'billing_address_collection') ?? null,
    cancel_url: str(params['cancel_url'], 'cancel_url') ?? null,
    client_reference_id: str(params['client_reference_id'], 'client_reference_id') ?? null,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: now,
    currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: customer?.id ?? null,
    customer_account: null,
    customer_creation: customer ? null : 'always',
    customer_details: customer ? { email: customer['email'] ?? null } : null,
    customer_email: customerEmail ?? null,
    discounts: [],
    expires_at: expiresAt,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: str(params['locale'], 'locale') ?? null,
    managed_payments: null,
    metadata: metadataOf(params),
    mode,
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: { card: { request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: `${baseUrl}/c/pay/${id}`,
    wallet_options: null,
  });
  billing.sessionItems.set(id, {
    items,
    subscriptionMetadata: applyMetadata({}, subscriptionData?.['metadata']),
    subscriptionDescription: str(subscriptionData?.['description'], 'subscription_data[description]') ?? null,
  });
  return session;
});
route('GET', '/v1/checkout/sessions/:id', [], ({ billing, pathParams }) =>
  billing.get('checkout session', 'checkout.session', pathParams[0]!),
);
route('GET', '/v1/checkout/sessions/:id/line_items', LIST, (ctx) => {
  const session = ctx.billing.get('checkout session', 'checkout.session', ctx.pathParams[0]!);
  const items = ctx.billing.sessionItems.get(session.id)?.items ?? [];
  const data = items.map((i, n) => {
    const price = ctx.billing.get('price', 'price', i.price);
    const amount = (price['unit_amount'] as number) * i.quantity;
    return {
      id: `li_${session.id.slice(8, 32)}${n}`,
      object: 'item',
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      created: session.created - n,
      currency: price['currency'],
      description: (ctx.billing.objects.get(price['product'] as string)?.['name'] as string | undefined) ?? null,
      price,
      quantity: i.quantity,
    };
  });
  return list(ctx, `/v1/checkout/sessions/${session.id}/line_items`, data);
});
route('POST', '/v1/checkout/sessions/:id/expire', [], ({ billing, pathParams }) => {
  const session = billing.get('checkout session', 'checkout.session', pathParams[0]!);
  if (session['status'] !== 'open') {
    throw invalidRequest(`Only Checkout Sessions with a status of \`open\` can be expired.`, undefined);
  }
  session['status'] = 'expired';
  billing.emitEvent('checkout.session.expired', session);
  return session;
});

// --- subscriptions -------------------------------------------------------------------------

const SUBSCRIPTION_FIELDS = [
  'items',
  'proration_behavior',
  'proration_date',
  'cancel_at_period_end',
  'cancel_at',
  'metadata',
  'default_payment_method',
  'description',
  'billing_cycle_anchor',
  'payment_behavior',
];

route('GET', '/v1/subscriptions/:id', [], ({ billing, pathParams }) =>
  billing.get('subscription', 'subscription', pathParams[0]!),
);
route('GET', '/v1/subscriptions', ['customer', 'price', 'status', ...LIST], (ctx) => {
  const customer = str(ctx.params['customer'], 'customer');
  const price = str(ctx.params['price'], 'price');
  const status = str(ctx.params['status'], 'status');
  const items = ctx.billing
    .all('subscription')
    .filter(
      (s) =>
        (!customer || s['customer'] === customer) &&
        (!price || ctx.billing.items(s).some((i) => (i['price'] as StripeObject).id === price)) &&
        (status === 'all' || (status ? s['status'] === status : s['status'] !== 'canceled')),
    );
  return list(ctx, '/v1/subscriptions', items);
});
route('POST', '/v1/subscriptions/:id', SUBSCRIPTION_FIELDS, ({ billing, params, pathParams }) => {
  const sub = billing.get('subscription', 'subscription', pathParams[0]!);
  if (sub['status'] === 'canceled') {
    throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.', undefined);
  }
  const proration = str(params['proration_behavior'], 'proration_behavior') ?? 'create_prorations';
  if (!['create_prorations', 'always_invoice', 'none'].includes(proration)) {
    throw invalidRequest(
      `Invalid proration_behavior: must be one of always_invoice, create_prorations, or none`,
      'proration_behavior',
    );
  }
  const paymentBehavior = str(params['payment_behavior'], 'payment_behavior') ?? 'allow_incomplete';
  const anchor = str(params['billing_cycle_anchor'], 'billing_cycle_anchor');
  if (anchor !== undefined && anchor !== 'now' && anchor !== 'unchanged') {
    throw invalidRequest('Invalid billing_cycle_anchor: must be one of now or unchanged', 'billing_cycle_anchor');
  }
  const pm = str(params['default_payment_method'], 'default_payment_method');
  if (pm) {
    const method = billing.get('PaymentMethod', 'payment_method', pm, 'default_payment_method');
    if (method['customer'] !== sub['customer']) {
      throw invalidRequest(
        `The customer does not have a payment method with the ID ${pm}. The payment method must be attached to the customer.`,
        'default_payment_method',
      );
    }
  }
  const changes = (arr(params['items'], 'items') ?? []).map((raw, i) => {
    const item = obj(raw, `items[${i}]`) ?? {};
    const priceId = str(item['price'], `items[${i}][price]`);
    return {
      ...(str(item['id'], `items[${i}][id]`) ? { id: str(item['id'], `items[${i}][id]`)! } : {}),
      ...(priceId ? { price: billing.recurringPrice(priceId, `items[${i}][price]`) } : {}),
      ...(int(item['quantity'], `items[${i}][quantity]`) !== undefined
        ? { quantity: int(item['quantity'], `items[${i}][quantity]`)! }
        : {}),
      ...(bool(item['deleted'], `items[${i}][deleted]`) ? { deleted: true } : {}),
    };
  });
  const prorationDate = int(params['proration_date'], 'proration_date') ?? billing.ts();
  const invoiceNow = proration === 'always_invoice' || anchor === 'now';
  if (invoiceNow && paymentBehavior === 'error_if_incomplete') {
    const failure = billing.chargeFailure(
      sub['customer'] as string,
      pm || billing.paymentMethodFor(sub['customer'] as string, sub),
      false,
    );
    if (failure) throw failure;
  }
  let prorations: StripeObject[] = [];
  billing.updateSubscription(sub, () => {
    if (changes.length) {
      prorations = billing.changeItems(
        sub,
        changes,
        proration as 'create_prorations' | 'always_invoice' | 'none',
        prorationDate,
      );
    }
    const cancelAtPeriodEnd = bool(params['cancel_at_period_end'], 'cancel_at_period_end');
    if (cancelAtPeriodEnd !== undefined) {
      sub['cancel_at_period_end'] = cancelAtPeriodEnd;
      sub['cancel_at'] = cancelAtPeriodEnd ? billing.periodEndOf(sub) : null;
      sub['canceled_at'] = cancelAtPeriodEnd ? billing.ts() : null;
      sub['cancellation_details'] = {
        comment: null,
        feedback: null,
        reason: cancelAtPeriodEnd ? 'cancellation_requested' : null,
      };
    }
    const cancelAt = params['cancel_at'];
    if (cancelAt !== undefined) {
      const at = cancelAt === '' ? null : int(cancelAt, 'cancel_at')!;
      sub['cancel_at'] = at;
      sub['cancel_at_period_end'] = false;
      sub['canceled_at'] = at === null ? null : billing.ts();
    }
    if (params['metadata'] !== undefined)
      sub['metadata'] = metadataOf(params, sub['metadata'] as Record<string, string>);
    const description = str(params['description'], 'description');
    if (description !== undefined) sub['description'] = description || null;
    if (pm !== undefined) sub['default_payment_method'] = pm || null;
    if (anchor === 'now') billing.resetCycle(sub);
  });
  if (anchor === 'now') {
    billing.invoice(sub, 'subscription_update', [...prorations, ...billing.cycleLines(sub)]);
  } else if (proration === 'always_invoice' && prorations.length) {
    billing.invoice(sub, 'subscription_update', prorations);
  } else if (prorations.length) {
    billing.addPendingLines(sub, prorations);
  }
  return sub;
});
route('DELETE', '/v1/subscriptions/:id', ['invoice_now', 'prorate', 'cancellation_details'], (ctx) => {
  const sub = ctx.billing.get('subscription', 'subscription', ctx.pathParams[0]!);
  if (sub['status'] === 'canceled') {
    throw invalidRequest(`No such subscription: '${sub.id}'`, 'id', 'resource_missing');
  }
  ctx.billing.cancel(sub, 'cancellation_requested');
  return sub;
});

// --- invoices ------------------------------------------------------------------------------

route('GET', '/v1/invoices/:id', [], ({ billing, pathParams }) => billing.get('invoice', 'invoice', pathParams[0]!));
route('GET', '/v1/invoices', ['customer', 'subscription', 'status', 'collection_method', 'created', ...LIST], (ctx) => {
  const customer = str(ctx.params['customer'], 'customer');
  const subscription = str(ctx.params['subscription'], 'subscription');
  const status = str(ctx.params['status'], 'status');
  const items = ctx.billing.all('invoice').filter((i) => {
    const parent = i['parent'] as { subscription_details: { subscription: string } | null } | null;
    return (
      (!customer || i['customer'] === customer) &&
      (!subscription || parent?.subscription_details?.subscription === subscription) &&
      (!status || i['status'] === status)
    );
  });
  return list(ctx, '/v1/invoices', items);
});
route('GET', '/v1/invoices/:id/lines', LIST, (ctx) => {
  const invoice = ctx.billing.get('invoice', 'invoice', ctx.pathParams[0]!);
  const lines = (invoice['lines'] as { data: StripeObject[] }).data;
  return list(ctx, `/v1/invoices/${invoice.id}/lines`, lines);
});
route('POST', '/v1/invoices/:id/pay', ['payment_method', 'paid_out_of_band'], ({ billing, params, pathParams }) => {
  const invoice = billing.get('invoice', 'invoice', pathParams[0]!);
  if (invoice['status'] !== 'open') throw invalidRequest('Invoice is already paid', undefined, 'invoice_not_open');
  if (bool(params['paid_out_of_band'], 'paid_out_of_band')) {
    invoice['amount_due'] = 0;
  }
  const failure = billing.pay(invoice);
  if (failure) throw failure;
  return invoice;
});
route('POST', '/v1/invoices/:id/void', [], ({ billing, pathParams }) => {
  const invoice = billing.get('invoice', 'invoice', pathParams[0]!);
  if (invoice['status'] !== 'open' && invoice['status'] !== 'uncollectible') {
    throw invalidRequest(`You can only void an open or uncollectible invoice.`, undefined, 'invoice_not_open');
  }
  invoice['status'] = 'void';
  invoice['next_payment_attempt'] = null;
  (invoice['status_transitions'] as Record<string, unknown>)['voided_at'] = billing.ts();
  billing.emitEvent('invoice.voided', invoice);
  return invoice;
});
route('POST', '/v1/invoices/:id/mark_uncollectible', [], ({ billing, pathParams }) => {
  const invoice = billing.get('invoice', 'invoice', pathParams[0]!);
  if (invoice['status'] !== 'open') {
    throw invalidRequest(`You can only mark an open invoice as uncollectible.`, undefined, 'invoice_not_open');
  }
  invoice['status'] = 'uncollectible';
  invoice['next_payment_attempt'] = null;
  (invoice['status_transitions'] as Record<string, unknown>)['marked_uncollectible_at'] = billing.ts();
  billing.emitEvent('invoice.marked_uncollectible', invoice);
  return invoice;
});

// --- billing portal, payment methods, events -----------------------------------------------

route('POST', '/v1/billing_portal/sessions', ['customer', 'return_url', 'locale', 'configuration'], (ctx) => {
  const customer = ctx.billing.expectCustomer(required(ctx.params, 'customer'), 'customer');
  const id = newId('bps');
  return ctx.billing.put({
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_simulator',
    created: ctx.billing.ts(),
    customer: customer.id,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: str(ctx.params['locale'], 'locale') ?? null,
    on_behalf_of: null,
    return_url: str(ctx.params['return_url'], 'return_url') ?? null,
    url: `${ctx.baseUrl}/p/session/${id}`,
  });
});
route('GET', '/v1/payment_methods/:id', [], ({ billing, pathParams }) =>
  billing.get('PaymentMethod', 'payment_method', pathParams[0]!),
);
route('GET', '/v1/payment_methods', ['customer', 'type', ...LIST], (ctx) => {
  const customer = str(ctx.params['customer'], 'customer');
  const items = ctx.billing.all('payment_method').filter((pm) => !customer || pm['customer'] === customer);
  return list(ctx, '/v1/payment_methods', items);
});
route('GET', '/v1/events/:id', [], ({ billing, pathParams }) => billing.get('event', 'event', pathParams[0]!));
route('GET', '/v1/events', ['type', 'types', 'created', ...LIST], (ctx) => {
  const type = str(ctx.params['type'], 'type');
  const items = ctx.billing.all('event').filter((e) => !type || e['type'] === type);
  return list(ctx, '/v1/events', items);
});

export function matchRoute(
  method: string,
  path: string,
): { route: Route; pathParams: string[] } | { methodNotAllowed: true } | null {
  let pathMatched = false;
  for (const r of routes) {
    const m = r.pattern.exec(path);
    if (!m) continue;
    pathMatched = true;
    if (r.method === method) return { route: r, pathParams: m.slice(1).map(decodeURIComponent) };
  }
  return pathMatched ? { methodNotAllowed: true } : null;
}

export function checkParams(r: Route, params: FormObject): void {
  for (const key of Object.keys(params)) {
    if (key !== 'expand' && !r.accepts.includes(key)) {
      throw invalidRequest(`Received unknown parameter: ${key}`, key);
    }
  }
}

/**
 * `expand[]`: each dotted path names a field holding an id (`customer`, `latest_invoice`,
 * `data.product` in a list, `items.data.price.product`); the id is replaced by the object.
 */
export function expand(value: unknown, paths: string[], billing: Billing): unknown {
  const copy = structuredClone(value);
  for (const path of paths) expandPath(copy, path.split('.'), billing, path);
  return copy;
}

function expandPath(node: unknown, segments: string[], billing: Billing, full: string): void {
  if (Array.isArray(node)) {
    for (const n of node) expandPath(n, segments, billing, full);
    return;
  }
  if (!node || typeof node !== 'object' || segments.length === 0) return;
  const record = node as Record<string, unknown>;
  const [head, ...rest] = segments as [string, ...string[]];
  if (!(head in record)) {
    throw invalidRequest(`This property cannot be expanded (${head}).`, undefined);
  }
  let child = record[head];
  if (typeof child === 'string' && billing.objects.has(child)) {
    child = structuredClone(billing.objects.get(child));
    record[head] = child;
  } else if (rest.length === 0 && child !== null && typeof child !== 'object') {
    throw invalidRequest(`This property cannot be expanded (${full}).`, undefined);
  }
  if (rest.length) expandPath(child, rest, billing, full);
}

export function expandPaths(params: FormObject): string[] {
  const v: FormValue | undefined = params['expand'];
  if (v === undefined) return [];
  const list = Array.isArray(v) ? v : typeof v === 'object' ? Object.values(v) : [v];
  return list.map((p) => {
    if (typeof p !== 'string') throw invalidRequest('Invalid array', 'expand');
    return p;
  });
}

export { StripeApiError };
