import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { WebhookDelivery, WebhookEvent } from './types.ts';

export interface WebhookTarget {
  readonly channelId: string;
  readonly channelSecret: string;
  readonly botUserId: string;
  readonly webhookUrl: string | null;
  readonly redelivery: boolean;
  recordDelivery(d: WebhookDelivery): void;
}

export interface WebhookSenderOptions {
  now: () => number;
  redeliveryDelaysMs: number[];
  timeoutMs: number;
}

/** base64 HMAC-SHA256 of the exact body bytes with the channel secret (`x-line-signature`). */
export function signBody(body: Buffer | string, channelSecret: string): string {
  return createHmac('sha256', channelSecret).update(body).digest('base64');
}

interface PostResult {
  statusCode: number | null;
  error: string | null;
}

/**
 * Sends webhook events like the LINE Platform: one JSON body serialised once, signed over its
 * exact bytes, POSTed with LINE's headers; failed deliveries are redelivered (same
 * webhookEventId, `deliveryContext.isRedelivery: true`) when the channel has redelivery on.
 */
export class WebhookSender {
  private seq = 0;
  private stopped = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inflight = new Set<http.ClientRequest>();

  constructor(private readonly options: WebhookSenderOptions) {}

  /** Delivers the events; resolves with the first attempt's outcome (redeliveries continue in the background). */
  send(target: WebhookTarget, events: WebhookEvent[]): Promise<WebhookDelivery> {
    return this.attempt(target, events, 1);
  }

  /** A one-off POST of `{destination, events: []}` (LINE's "Verify" / test webhook endpoint). */
  async test(target: WebhookTarget, url: string): Promise<PostResult & { body: string }> {
    const body = JSON.stringify({ destination: target.botUserId, events: [] });
    const result = await this.post(url, Buffer.from(body, 'utf8'), signBody(body, target.channelSecret));
    return { ...result, body };
  }

  private async attempt(target: WebhookTarget, events: WebhookEvent[], attempt: number): Promise<WebhookDelivery> {
    const isRedelivery = attempt > 1;
    const sent = isRedelivery ? events.map((e) => ({ ...e, deliveryContext: { isRedelivery: true } })) : events;
    // Serialised once: these exact bytes are signed and sent.
    const body = JSON.stringify({ destination: target.botUserId, events: sent });
    const bytes = Buffer.from(body, 'utf8');
    const signature = signBody(bytes, target.channelSecret);
    const url = target.webhookUrl;
    const startedAt = this.options.now();
    const t0 = performance.now();
    const result: PostResult = url
      ? await this.post(url, bytes, signature)
      : { statusCode: null, error: 'No webhook URL is set for the channel; nothing was sent' };
    const delivery: WebhookDelivery = {
      id: ++this.seq,
      channelId: target.channelId,
      url,
      webhookEventIds: sent.map((e) => e.webhookEventId),
      events: sent,
      body,
      signature,
      isRedelivery,
      attempt,
      statusCode: result.statusCode,
      error: result.error,
      ok: result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300,
      startedAt,
      durationMs: Math.round(performance.now() - t0),
    };
    target.recordDelivery(delivery);
    const delay = this.options.redeliveryDelaysMs[attempt - 1];
    if (!delivery.ok && url && target.redelivery && delay !== undefined && !this.stopped) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (!this.stopped) void this.attempt(target, events, attempt + 1);
      }, delay);
      this.timers.add(timer);
    }
    return delivery;
  }

  private post(url: string, bytes: Buffer, signature: string): Promise<PostResult> {
    return new Promise((resolve) => {
      if (this.stopped) {
        resolve({ statusCode: null, error: 'simulator stopped' });
        return;
      }
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        resolve({ statusCode: null, error: `invalid webhook URL: ${url}` });
        return;
      }
      const client = target.protocol === 'https:' ? https : http;
      let settled = false;
      const finish = (r: PostResult) => {
        if (settled) return;
        settled = true;
        this.inflight.delete(req);
        resolve(r);
      };
      const req = client.request(target, {
        method: 'POST',
        agent: false,
        timeout: this.options.timeoutMs,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-length': String(bytes.length),
          'user-agent': 'LineBotWebhook/2.0',
          'x-line-signature': signature,
        },
      });
      this.inflight.add(req);
      req.on('response', (res) => {
        res.resume();
        finish({ statusCode: res.statusCode ?? null, error: null });
      });
      req.on('timeout', () => req.destroy(new Error(`no response within ${this.options.timeoutMs} ms`)));
      req.on('error', (e) => finish({ statusCode: null, error: e.message }));
      req.end(bytes);
    });
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const r of this.inflight) r.destroy(new Error('simulator stopped'));
    this.inflight.clear();
  }
}
