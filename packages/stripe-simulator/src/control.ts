/**
 * `/_sim/...`: JSON control routes so another process (the demo, end-to-end tests) can drive
 * the simulator: its clock, renewals, payment failures, webhook endpoints and what was sent.
 * No auth; loopback clients only. The routes are listed in the package README.
 */
import type http from 'node:http';
import { StripeApiError, invalidRequest } from './errors.ts';
import type { StripeSimulator } from './simulator.ts';
import { sendJson } from './simulator.ts';

type Body = Record<string, unknown>;

function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

function optString(b: Body, name: string): string | undefined {
  const v = b[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw invalidRequest(`${name} must be a string`, name);
  return v;
}

function optNumber(b: Body, name: string): number | undefined {
  const v = b[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v)) throw invalidRequest(`${name} must be a number`, name);
  return v;
}

export async function handleControl(
  sim: StripeSimulator,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  raw: Buffer,
): Promise<void> {
  if (!isLoopback(req.socket.remoteAddress)) {
    sendJson(res, 403, { error: { type: 'invalid_request_error', message: 'loopback clients only' } });
    return;
  }
  let body: Body = {};
  if (raw.length) {
    try {
      body = JSON.parse(raw.toString('utf8')) as Body;
    } catch {
      throw invalidRequest('the body must be JSON');
    }
  }
  const method = req.method ?? 'GET';
  const path = url.pathname;
  const sub = /^\/_sim\/subscriptions\/([^/]+)\/renew$/.exec(path);
  const endpoint = /^\/_sim\/webhook-endpoints\/([^/]+)$/.exec(path);
  const checkout = /^\/_sim\/checkout\/sessions\/([^/]+)\/complete$/.exec(path);
  let result: unknown;
  if (method === 'GET' && path === '/_sim/health') result = { ok: true };
  else if (method === 'GET' && path === '/_sim/clock') result = { now: sim.now() };
  else if (method === 'POST' && path === '/_sim/clock/advance') {
    const ms =
      (optNumber(body, 'ms') ?? 0) +
      (optNumber(body, 'seconds') ?? 0) * 1000 +
      (optNumber(body, 'days') ?? 0) * 86_400_000;
    const to = optNumber(body, 'to');
    result = { now: sim.advance(to !== undefined ? Math.max(0, to - sim.now()) : ms) };
    await sim.webhooks.idle();
  } else if (method === 'POST' && sub) {
    result = sim.renewNow(decodeURIComponent(sub[1]!));
    await sim.webhooks.idle();
  } else if (method === 'POST' && path === '/_sim/payments/fail-next') {
    const customer = optString(body, 'customer');
    const declineCode = optString(body, 'declineCode');
    const count = optNumber(body, 'count');
    sim.failNextPayment({
      ...(customer ? { customer } : {}),
      ...(declineCode ? { declineCode } : {}),
      ...(count ? { count } : {}),
    });
    result = { pending: sim.billing.pendingFailures() };
  } else if (method === 'POST' && checkout) {
    result = sim.completeCheckout(decodeURIComponent(checkout[1]!), {
      number: optString(body, 'number') ?? '4242424242424242',
      expiry: optString(body, 'expiry') ?? '12/34',
      cvc: optString(body, 'cvc') ?? '123',
      ...(optString(body, 'email') ? { email: optString(body, 'email')! } : {}),
      ...(optString(body, 'name') ? { name: optString(body, 'name')! } : {}),
    });
    await sim.webhooks.idle();
  } else if (method === 'GET' && path === '/_sim/webhook-endpoints') result = sim.webhookEndpoints();
  else if (method === 'POST' && path === '/_sim/webhook-endpoints') {
    const target = optString(body, 'url');
    if (!target) throw invalidRequest('url is required', 'url');
    const secret = optString(body, 'secret');
    const events = body['enabledEvents'];
    result = sim.addWebhookEndpoint({
      url: target,
      ...(secret ? { secret } : {}),
      ...(Array.isArray(events) ? { enabledEvents: events.map(String) } : {}),
    });
  } else if (method === 'DELETE' && endpoint) {
    result = { deleted: sim.removeWebhookEndpoint(decodeURIComponent(endpoint[1]!)) };
  } else if (method === 'GET' && path === '/_sim/webhooks/deliveries') {
    const type = url.searchParams.get('type');
    result = sim.deliveries().filter((d) => !type || d.type === type);
  } else if (method === 'POST' && path === '/_sim/webhooks/retry') {
    sim.webhooks.runDue(true);
    await sim.webhooks.idle();
    result = { deliveries: sim.deliveries().length };
  } else if (method === 'GET' && path === '/_sim/events') {
    result = sim.events(url.searchParams.get('type') ?? undefined);
  } else {
    throw new StripeApiError(404, { type: 'invalid_request_error', message: `no control route ${method} ${path}` });
  }
  sendJson(res, 200, result);
}
