/**
 * Webhook delivery as Stripe does it: a JSON POST signed with the endpoint's secret in the
 * `Stripe-Signature` header (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`), retried
 * with back-off while the endpoint answers anything but 2xx. Retries fall due on the
 * simulator's clock and are sent when it runs its due work (advancing the clock, or a tick).
 */
import { createHmac } from 'node:crypto';

export interface WebhookEndpointInit {
  url: string;
  /** `whsec_...`; generated when absent. */
  secret?: string;
  /** Event types sent to it; default every type (`['*']`). */
  enabledEvents?: string[];
}

export interface WebhookEndpoint {
  id: string;
  url: string;
  secret: string;
  enabledEvents: string[];
}

export interface WebhookDelivery {
  eventId: string;
  type: string;
  endpointId: string;
  url: string;
  attempt: number;
  /** Simulator time of the attempt (ms). */
  at: number;
  /** The HTTP status answered, or null when the request failed (refused, timed out). */
  status: number | null;
  ok: boolean;
  error: string | null;
  /** Simulator time (ms) of the next attempt, or null when none is left. */
  nextAttemptAt: number | null;
}

export function signPayload(payload: string, secret: string, timestampSec: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSec}.${payload}`, 'utf8').digest('hex');
  return `t=${timestampSec},v1=${v1}`;
}

interface Pending {
  endpoint: WebhookEndpoint;
  eventId: string;
  type: string;
  payload: string;
  attempt: number;
  dueAt: number;
}

export interface WebhookSenderOptions {
  /** Simulator time (ms): when retries fall due. */
  now: () => number;
  /** Time (ms) put in the signature: the verifier compares it with its own clock. */
  signingNow: () => number;
  retryDelaysSec: number[];
  timeoutMs: number;
  onDelivered: (eventId: string) => void;
}

export class WebhookSender {
  readonly deliveries: WebhookDelivery[] = [];
  private readonly waiting: Pending[] = [];
  /** Attempts run one after another, in the order their events happened. */
  private chain: Promise<void> = Promise.resolve();
  private readonly controllers = new Set<AbortController>();
  private stopped = false;

  constructor(private readonly options: WebhookSenderOptions) {}

  send(endpoint: WebhookEndpoint, eventId: string, type: string, payload: string): void {
    this.enqueue({ endpoint, eventId, type, payload, attempt: 1, dueAt: this.options.now() });
  }

  /** Sends the retries due by now, or all of them with `all`. */
  runDue(all = false): void {
    const now = this.options.now();
    for (let i = 0; i < this.waiting.length;) {
      const p = this.waiting[i]!;
      if (all || p.dueAt <= now) {
        this.waiting.splice(i, 1);
        this.enqueue(p);
      } else i++;
    }
  }

  pendingRetries(): { eventId: string; url: string; attempt: number; dueAt: number }[] {
    return this.waiting.map((p) => ({ eventId: p.eventId, url: p.endpoint.url, attempt: p.attempt, dueAt: p.dueAt }));
  }

  /** Resolves when every attempt started so far has finished. */
  async idle(): Promise<void> {
    let seen: Promise<void> | undefined;
    while (seen !== this.chain) {
      seen = this.chain;
      await seen;
    }
  }

  stop(): void {
    this.stopped = true;
    this.waiting.length = 0;
    for (const c of this.controllers) c.abort();
  }

  private enqueue(p: Pending): void {
    this.chain = this.chain.then(() => this.attempt(p));
  }

  private async attempt(p: Pending): Promise<void> {
    if (this.stopped) return;
    const signature = signPayload(p.payload, p.endpoint.secret, Math.floor(this.options.signingNow() / 1000));
    const controller = new AbortController();
    this.controllers.add(controller);
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs);
    let status: number | null = null;
    let error: string | null = null;
    try {
      const res = await fetch(p.endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signature,
        },
        body: p.payload,
        signal: controller.signal,
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    } finally {
      clearTimeout(timer);
      this.controllers.delete(controller);
    }
    if (this.stopped) return;
    const ok = status !== null && status >= 200 && status < 300;
    const delaySec = ok ? undefined : this.options.retryDelaysSec[p.attempt - 1];
    const at = this.options.now();
    const nextAttemptAt = delaySec === undefined ? null : at + delaySec * 1000;
    this.deliveries.push({
      eventId: p.eventId,
      type: p.type,
      endpointId: p.endpoint.id,
      url: p.endpoint.url,
      attempt: p.attempt,
      at,
      status,
      ok,
      error: ok ? null : (error ?? `HTTP ${status}`),
      nextAttemptAt,
    });
    if (ok) this.options.onDelivered(p.eventId);
    if (nextAttemptAt !== null) this.waiting.push({ ...p, attempt: p.attempt + 1, dueAt: nextAttemptAt });
  }
}
