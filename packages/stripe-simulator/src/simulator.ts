import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkParams, expand, expandPaths, matchRoute } from './api.ts';
import { API_VERSION, Billing, type CardInput, type ChargeFailureRule, type StripeObject } from './billing.ts';
import { handleControl } from './control.ts';
import { StripeApiError, invalidRequest } from './errors.ts';
import { parseForm, type FormObject } from './form.ts';
import { base62, newId } from './ids.ts';
import { checkoutPage, formatAmount, invoicePage, invoicePdf, messagePage, portalPage } from './pages.ts';
import { WebhookSender, type WebhookDelivery, type WebhookEndpoint, type WebhookEndpointInit } from './webhooks.ts';

export interface StripeSimulatorOptions {
  host?: string;
  /** Default 0: a random free port. */
  port?: number;
  /** Accepted secret key; any `sk_test_...` key when absent. */
  secretKey?: string;
  /** The base clock (ms), default Date.now; the simulator's time is it plus what `advance` added. */
  now?: () => number;
  webhookEndpoints?: WebhookEndpointInit[];
  /** Seconds after a failed webhook attempt until the next one (default 3 retries over a few hours). */
  webhookRetryDelaysSec?: number[];
  webhookTimeoutMs?: number;
  /** Days after a failed charge when it is retried (default [3, 5, 7]). */
  paymentRetryDays?: number[];
  /** What happens to the subscription when the last retry fails (default 'cancel', Stripe's default). */
  afterFinalFailure?: 'cancel' | 'unpaid' | 'past_due';
  /** The account's name on invoices. */
  accountName?: string;
  /**
   * Runs due work (renewals, payment and webhook retries) every this many real ms; off by
   * default, so that tests drive time with `advance`. The demo turns it on.
   */
  tickMs?: number;
}

export class StripeSimulator {
  url = '';
  readonly billing: Billing;
  readonly webhooks: WebhookSender;
  private readonly server: http.Server;
  private readonly baseNow: () => number;
  private offsetMs = 0;
  private readonly endpoints: WebhookEndpoint[] = [];
  private readonly idempotency = new Map<string, { fingerprint: string; status: number; body: string }>();
  private request: { id: string; idempotencyKey: string | null } | null = null;
  private ticker: NodeJS.Timeout | null = null;

  constructor(private readonly options: StripeSimulatorOptions = {}) {
    this.baseNow = options.now ?? Date.now;
    this.billing = new Billing({
      paymentRetryDays: options.paymentRetryDays ?? [3, 5, 7],
      afterFinalFailure: options.afterFinalFailure ?? 'cancel',
      accountName: options.accountName ?? 'LinQ (test)',
      baseUrl: () => this.url,
      now: () => this.now(),
      emit: (type, object, previous) => this.emit(type, object, previous),
    });
    this.webhooks = new WebhookSender({
      now: () => this.now(),
      signingNow: this.baseNow,
      retryDelaysSec: options.webhookRetryDelaysSec ?? [3600, 3 * 3600, 6 * 3600],
      timeoutMs: options.webhookTimeoutMs ?? 10_000,
      onDelivered: (eventId) => {
        const event = this.billing.objects.get(eventId);
        if (event) event['pending_webhooks'] = Math.max(0, (event['pending_webhooks'] as number) - 1);
      },
    });
    for (const e of options.webhookEndpoints ?? []) this.addWebhookEndpoint(e);
    this.server = http.createServer((req, res) => void this.handle(req, res));
  }

  /** The simulator's time (ms). */
  now(): number {
    return this.baseNow() + this.offsetMs;
  }

  async start(): Promise<void> {
    const host = this.options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.port ?? 0, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
    if (this.options.tickMs) {
      this.ticker = setInterval(() => this.runDue(), this.options.tickMs);
      this.ticker.unref();
    }
  }

  async stop(): Promise<void> {
    if (this.ticker) clearInterval(this.ticker);
    this.webhooks.stop();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  /** The `host`, `port` and `protocol` options for `new Stripe(key, ...)`. */
  get sdkOptions(): { host: string; port: number; protocol: 'http' } {
    const u = new URL(this.url);
    return { host: u.hostname, port: Number(u.port), protocol: 'http' };
  }

  // --- control ------------------------------------------------------------------------------

  addWebhookEndpoint(init: WebhookEndpointInit): WebhookEndpoint {
    const endpoint = {
      id: newId('we'),
      url: init.url,
      secret: init.secret ?? `whsec_${base62(32)}`,
      enabledEvents: init.enabledEvents ?? ['*'],
    };
    this.endpoints.push(endpoint);
    return endpoint;
  }

  removeWebhookEndpoint(id: string): boolean {
    const i = this.endpoints.findIndex((e) => e.id === id);
    if (i >= 0) this.endpoints.splice(i, 1);
    return i >= 0;
  }

  webhookEndpoints(): WebhookEndpoint[] {
    return this.endpoints.map((e) => ({ ...e }));
  }

  /** Moves the simulator's clock forward and runs what fell due (renewals, retries). */
  advance(ms: number): number {
    if (!(Number.isFinite(ms) && ms >= 0)) throw invalidRequest('advance needs a number of ms >= 0');
    this.offsetMs += ms;
    this.runDue();
    return this.now();
  }

  runDue(): void {
    this.billing.runDue();
    this.webhooks.runDue();
  }

  /** Renews the subscription now: a new period from now, invoiced and charged at once. */
  renewNow(subscriptionId: string): StripeObject {
    return this.billing.renewNow(subscriptionId);
  }

  /** The next `count` charges (of `customer`, or anyone) fail with the decline code (default card_declined/generic_decline). */
  failNextPayment(rule: Partial<ChargeFailureRule> = {}): void {
    this.billing.failNextCharges({
      count: rule.count ?? 1,
      declineCode: rule.declineCode ?? 'generic_decline',
      ...(rule.customer ? { customer: rule.customer } : {}),
    });
  }

  /** The checkout page's submit, for tests that do not drive the page. Throws the card error on a decline. */
  completeCheckout(sessionId: string, card: CardInput): StripeObject {
    return this.billing.completeCheckout(sessionId, card);
  }

  events(type?: string): StripeObject[] {
    return this.billing
      .all('event')
      .filter((e) => !type || e['type'] === type)
      .sort((a, b) => (a['seq'] as number) - (b['seq'] as number));
  }

  deliveries(): WebhookDelivery[] {
    return [...this.webhooks.deliveries];
  }

  // --- events -------------------------------------------------------------------------------

  private seq = 0;

  private emit(type: string, object: StripeObject, previous?: Record<string, unknown>): void {
    const targets = this.endpoints.filter((e) => e.enabledEvents.includes('*') || e.enabledEvents.includes(type));
    const event: StripeObject = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: this.billing.ts(),
      data: {
        object: structuredClone(object),
        ...(previous ? { previous_attributes: structuredClone(previous) } : {}),
      },
      livemode: false,
      pending_webhooks: targets.length,
      request: { id: this.request?.id ?? null, idempotency_key: this.request?.idempotencyKey ?? null },
      type,
    };
    this.billing.put(event);
    // The sequence orders events created within one second; it is not part of Stripe's answer.
    Object.defineProperty(event, 'seq', { value: ++this.seq, enumerable: false });
    const payload = JSON.stringify(event, null, 2);
    for (const endpoint of targets) this.webhooks.send(endpoint, event.id, type, payload);
  }

  // --- HTTP ---------------------------------------------------------------------------------

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    try {
      const raw = await readBody(req);
      if (url.pathname.startsWith('/_sim/')) {
        await handleControl(this, req, res, url, raw);
      } else if (url.pathname.startsWith('/v1/')) {
        this.api(req, res, url, raw);
      } else {
        this.page(req, res, url, raw);
      }
    } catch (e) {
      if (e instanceof StripeApiError) sendJson(res, e.status, e.body());
      else {
        sendJson(res, 500, { error: { type: 'api_error', message: e instanceof Error ? e.message : String(e) } });
      }
    }
  }

  private authenticate(req: http.IncomingMessage): void {
    const header = req.headers.authorization ?? '';
    let key = '';
    if (header.startsWith('Bearer ')) key = header.slice(7).trim();
    else if (header.startsWith('Basic ')) key = Buffer.from(header.slice(6), 'base64').toString().split(':')[0] ?? '';
    if (!key) {
      throw new StripeApiError(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    }
    if (key.startsWith('pk_')) {
      throw new StripeApiError(401, {
        type: 'invalid_request_error',
        message: 'This API call cannot be made with a publishable API key. Please use a secret API key.',
      });
    }
    const expected = this.options.secretKey;
    if ((expected && key !== expected) || (!expected && !/^sk_test_\w+$/.test(key))) {
      throw new StripeApiError(401, {
        type: 'invalid_request_error',
        code: 'api_key_invalid',
        message: `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
      });
    }
  }

  private api(req: http.IncomingMessage, res: http.ServerResponse, url: URL, raw: Buffer): void {
    const requestId = `req_${base62(14)}`;
    const headers = { 'request-id': requestId, 'stripe-version': API_VERSION };
    const method = req.method ?? 'GET';
    try {
      this.authenticate(req);
      const match = matchRoute(method, url.pathname);
      if (!match || 'methodNotAllowed' in match) {
        throw new StripeApiError(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        });
      }
      const bodyText = raw.toString('utf8');
      const params: FormObject = method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(bodyText);
      if (method === 'DELETE' && url.search) Object.assign(params, parseForm(url.search.slice(1)));
      const idempotencyKey =
        method === 'POST' ? ((req.headers['idempotency-key'] as string | undefined) ?? null) : null;
      if (idempotencyKey) {
        const fingerprint = createHash('sha256').update(`${method} ${url.pathname}\n${bodyText}`).digest('hex');
        const seen = this.idempotency.get(idempotencyKey);
        if (seen) {
          if (seen.fingerprint !== fingerprint) {
            throw new StripeApiError(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            });
          }
          sendText(res, seen.status, seen.body, {
            ...headers,
            'idempotent-replayed': 'true',
            'idempotency-key': idempotencyKey,
          });
          return;
        }
      }
      this.request = { id: requestId, idempotencyKey };
      let status = 200;
      let body: string;
      try {
        checkParams(match.route, params);
        const result = match.route.handler({
          billing: this.billing,
          baseUrl: this.url,
          params,
          pathParams: match.pathParams,
        });
        body = JSON.stringify(expand(result, expandPaths(params), this.billing), null, 2);
      } catch (e) {
        if (!(e instanceof StripeApiError)) throw e;
        status = e.status;
        body = JSON.stringify(e.body(), null, 2);
      } finally {
        this.request = null;
      }
      // Stripe keeps the answer of a key, errors included (except 5xx), for 24 hours.
      if (idempotencyKey) {
        const fingerprint = createHash('sha256').update(`${method} ${url.pathname}\n${bodyText}`).digest('hex');
        this.idempotency.set(idempotencyKey, { fingerprint, status, body });
      }
      sendText(res, status, body, idempotencyKey ? { ...headers, 'idempotency-key': idempotencyKey } : headers);
    } catch (e) {
      if (!(e instanceof StripeApiError)) throw e;
      sendText(res, e.status, JSON.stringify(e.body(), null, 2), headers);
    }
  }

  // --- hosted pages -------------------------------------------------------------------------

  private page(req: http.IncomingMessage, res: http.ServerResponse, url: URL, raw: Buffer): void {
    const parts = url.pathname.split('/').filter(Boolean);
    const form = req.method === 'POST' ? Object.fromEntries(new URLSearchParams(raw.toString('utf8'))) : {};
    if (parts[0] === 'c' && parts[1] === 'pay' && parts[2]) return this.checkout(req, res, parts[2], form);
    if (parts[0] === 'p' && parts[1] === 'session' && parts[2]) return this.portal(req, res, parts[2], form);
    if (parts[0] === 'i' && parts[1]) {
      const invoice = this.billing.objects.get(parts[1]);
      if (!invoice || invoice.object !== 'invoice' || invoice['status'] === 'draft') {
        return sendHtml(res, 404, messagePage('Not found', '請求書が見つかりません / Invoice not found'));
      }
      if (parts[2] === 'pdf') {
        const pdf = invoicePdf(invoice);
        res.writeHead(200, {
          'content-type': 'application/pdf',
          'content-length': String(pdf.length),
          'content-disposition': `inline; filename="Invoice-${String(invoice['number'])}.pdf"`,
        });
        res.end(pdf);
        return;
      }
      return sendHtml(res, 200, invoicePage(invoice));
    }
    sendHtml(res, 404, messagePage('Not found', 'ページが見つかりません / Page not found'));
  }

  private checkout(req: http.IncomingMessage, res: http.ServerResponse, id: string, form: Record<string, string>) {
    const session = this.billing.objects.get(id);
    if (!session || session.object !== 'checkout.session') {
      return sendHtml(
        res,
        404,
        messagePage('Not found', 'このお支払いページは存在しません / Unknown checkout session'),
      );
    }
    if (session['status'] === 'open' && (session['expires_at'] as number) <= this.billing.ts()) {
      this.billing.expireSession(session);
    }
    if (session['status'] !== 'open') {
      const back = (session['cancel_url'] as string | null) ?? undefined;
      return sendHtml(
        res,
        410,
        messagePage(
          'お支払いページの期限切れ / Session expired',
          'このお支払いページは使えなくなりました。 / This checkout session is no longer active.',
          back ? { href: back, label: '戻る / Back' } : undefined,
        ),
      );
    }
    const lines = (this.billing.sessionItems.get(session.id)?.items ?? []).map((i) => {
      const price = this.billing.get('price', 'price', i.price);
      const product = this.billing.objects.get(price['product'] as string);
      const recurring = price['recurring'] as { interval: string; interval_count: number };
      return {
        name: `${(product?.['name'] as string | undefined) ?? price.id}${i.quantity > 1 ? ` × ${i.quantity}` : ''}`,
        amount: (price['unit_amount'] as number) * i.quantity,
        interval:
          recurring.interval_count > 1 ? `${recurring.interval_count} ${recurring.interval}s` : recurring.interval,
      };
    });
    if (req.method !== 'POST') return sendHtml(res, 200, checkoutPage({ session, lines }));
    const values = {
      ...(form['email'] ? { email: form['email'] } : {}),
      ...(form['name'] ? { name: form['name'] } : {}),
    };
    try {
      this.billing.completeCheckout(session.id, {
        number: form['cardNumber'] ?? '',
        expiry: form['expiry'] ?? '',
        cvc: form['cvc'] ?? '',
        ...values,
      });
    } catch (e) {
      if (!(e instanceof StripeApiError)) throw e;
      return sendHtml(
        res,
        402,
        checkoutPage({ session, lines, error: e.message, values: { ...values, expiry: form['expiry'] ?? '' } }),
      );
    }
    const target = (session['success_url'] as string).replace('{CHECKOUT_SESSION_ID}', session.id);
    res.writeHead(303, { location: target });
    res.end();
  }

  private portal(req: http.IncomingMessage, res: http.ServerResponse, id: string, form: Record<string, string>) {
    const session = this.billing.objects.get(id);
    if (!session || session.object !== 'billing_portal.session') {
      return sendHtml(res, 404, messagePage('Not found', 'このページは存在しません / Unknown portal session'));
    }
    const customerId = session['customer'] as string;
    let error: string | undefined;
    let notice: string | undefined;
    if (req.method === 'POST') {
      try {
        if (form['action'] === 'cancel') {
          const sub = this.billing.get('subscription', 'subscription', form['subscription'] ?? '');
          if (sub['customer'] !== customerId) throw invalidRequest('Unknown subscription');
          this.billing.updateSubscription(sub, () => {
            sub['cancel_at_period_end'] = true;
            sub['cancel_at'] = this.billing.periodEndOf(sub);
            sub['canceled_at'] = this.billing.ts();
            sub['cancellation_details'] = { comment: null, feedback: null, reason: 'cancellation_requested' };
          });
          notice = '期間終了時に解約します。 / The plan ends at the end of the period.';
        } else {
          this.billing.replaceCard(customerId, {
            number: form['cardNumber'] ?? '',
            expiry: form['expiry'] ?? '',
            cvc: form['cvc'] ?? '',
            ...(form['name'] ? { name: form['name'] } : {}),
          });
          notice = 'カードを更新しました。 / Your card was updated.';
        }
      } catch (e) {
        if (!(e instanceof StripeApiError)) throw e;
        error = e.message;
      }
    }
    const customer = this.billing.expectCustomer(customerId, 'customer');
    const pmId = (customer['invoice_settings'] as { default_payment_method: string | null }).default_payment_method;
    const subs = this.billing.all('subscription').filter((s) => s['customer'] === customerId);
    const pm = this.billing.objects.get(
      pmId ?? (subs.find((s) => s['default_payment_method'])?.['default_payment_method'] as string | undefined) ?? '',
    );
    const date = (sec: number) => new Date(sec * 1000).toISOString().slice(0, 10);
    sendHtml(
      res,
      error ? 402 : 200,
      portalPage({
        customer,
        card:
          (pm?.['card'] as { brand: string; last4: string; exp_month: number; exp_year: number } | undefined) ?? null,
        subscriptions: subs.map((s) => {
          const price = this.billing.items(s)[0]?.['price'] as StripeObject;
          return {
            id: s.id,
            name: (this.billing.objects.get(price['product'] as string)?.['name'] as string | undefined) ?? price.id,
            status: s['status'] as string,
            periodEnd: date(this.billing.periodEndOf(s)),
            cancelAtPeriodEnd: s['cancel_at_period_end'] === true,
          };
        }),
        invoices: this.billing
          .all('invoice')
          .filter((i) => i['customer'] === customerId && i['status'] !== 'draft')
          .map((i) => ({
            number: i['number'] as string,
            amount: formatAmount(i['total'] as number, i['currency'] as string),
            status: i['status'] as string,
            url: i['hosted_invoice_url'] as string,
          })),
        returnUrl: session['return_url'] as string | null,
        ...(error ? { error } : {}),
        ...(notice ? { notice } : {}),
      }),
    );
  }
}

const MAX_BODY = 1024 * 1024;

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on('end', () =>
      size > MAX_BODY ? reject(invalidRequest('The request body is too large.')) : resolve(Buffer.concat(chunks)),
    );
    req.on('error', reject);
  });
}

export function sendJson(res: http.ServerResponse, status: number, json: unknown): void {
  sendText(res, status, JSON.stringify(json), {});
}

function sendText(res: http.ServerResponse, status: number, body: string, headers: Record<string, string>): void {
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
  });
  res.end(body);
}

function sendHtml(res: http.ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(Buffer.byteLength(html)),
  });
  res.end(html);
}
