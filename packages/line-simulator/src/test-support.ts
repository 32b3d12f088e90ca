/** Helpers shared by the simulator's tests (not exported from the package). */
import { EventEmitter, once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HTTPFetchError, messagingApi } from '@line/bot-sdk';
import { startLineSimulator } from './index.ts';
import type { LineSimulator, SimChannel, SimulatorOptions } from './types.ts';

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  body: { destination: string; events: Record<string, unknown>[] };
}

/**
 * A local webhook endpoint on 127.0.0.1:0 that keeps the raw bytes of every request.
 * `respond` decides the status of the n-th request (0-based); `null` means never answer.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private readonly events = new EventEmitter();
  private server!: http.Server;
  url = '';
  respond: (index: number, body: ReceivedWebhook['body']) => number | null = () => 200;

  static async start(): Promise<WebhookReceiver> {
    const r = new WebhookReceiver();
    r.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        const entry: ReceivedWebhook = { headers: req.headers, raw, body: JSON.parse(raw.toString('utf8')) };
        const index = r.received.length;
        r.received.push(entry);
        r.events.emit('received');
        const status = r.respond(index, entry.body);
        if (status !== null) res.writeHead(status).end(status >= 300 ? 'nope' : 'OK');
      });
    });
    r.server.listen(0, '127.0.0.1');
    await once(r.server, 'listening');
    r.url = `http://127.0.0.1:${(r.server.address() as AddressInfo).port}/webhook`;
    return r;
  }

  /** Resolves once `count` requests have arrived (fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs = 5000): Promise<ReceivedWebhook[]> {
    return waitUntil(() => this.received.length >= count, timeoutMs, `${count} webhook request(s)`, this.events).then(
      () => this.received.slice(0, count),
    );
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * Waits for a condition: re-checked whenever `emitter` emits `received` or on the next timer
 * turn; rejects after `timeoutMs`.
 */
export function waitUntil(
  condition: () => boolean,
  timeoutMs = 5000,
  what = 'condition',
  emitter?: EventEmitter,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (condition()) {
      resolve();
      return;
    }
    const deadline = Date.now() + timeoutMs;
    const check = () => {
      if (condition()) {
        cleanup();
        resolve();
      } else if (Date.now() > deadline) {
        cleanup();
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
      }
    };
    const interval = setInterval(check, 5);
    emitter?.on('received', check);
    const cleanup = () => {
      clearInterval(interval);
      emitter?.off('received', check);
    };
  });
}

/** A controllable clock for rate limits, token expiry and retry-key windows. */
export class Clock {
  constructor(public t = Date.parse('2026-07-01T09:00:00.000Z')) {}
  now = (): number => this.t;
  advance(ms: number): void {
    this.t += ms;
  }
}

export interface Env {
  clock: Clock;
  sim: LineSimulator;
  channel: SimChannel;
  client: messagingApi.MessagingApiClient;
  blob: messagingApi.MessagingApiBlobClient;
  receiver: WebhookReceiver;
  stop(): Promise<void>;
}

export const SECRET = 'a8d3f0e2c1b4a5968778695a4b3c2d1e';
export const TOKEN = 'sim-channel-access-token-1';

export async function setup(options: SimulatorOptions = {}, channel: { redelivery?: boolean } = {}): Promise<Env> {
  const clock = new Clock();
  const sim = await startLineSimulator({
    now: clock.now,
    redeliveryDelaysMs: [5, 10, 20],
    validateResponses: true,
    ...options,
  });
  const receiver = await WebhookReceiver.start();
  const ch = sim.addChannel({
    channelId: '2000000001',
    channelSecret: SECRET,
    channelAccessToken: TOKEN,
    webhookUrl: receiver.url,
    botName: 'テスト店',
    ...channel,
  });
  const client = new messagingApi.MessagingApiClient({ channelAccessToken: TOKEN, baseURL: sim.url });
  const blob = new messagingApi.MessagingApiBlobClient({ channelAccessToken: TOKEN, baseURL: sim.url });
  return {
    clock,
    sim,
    channel: ch,
    client,
    blob,
    receiver,
    async stop() {
      await sim.stop();
      await receiver.close();
    },
  };
}

export interface LineErrorResult {
  status: number;
  body: { message: string; details?: { message: string; property: string }[]; sentMessages?: unknown[] };
  headers: Headers;
}

/** Awaits an SDK call that must fail and returns LINE's status and parsed error body. */
export async function lineError(call: Promise<unknown>): Promise<LineErrorResult> {
  try {
    await call;
  } catch (e) {
    if (e instanceof HTTPFetchError) {
      return { status: e.status, body: JSON.parse(e.body) as LineErrorResult['body'], headers: e.headers };
    }
    throw e;
  }
  throw new Error('expected the call to fail');
}

export async function readAll(stream: AsyncIterable<Buffer | string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(typeof c === 'string' ? Buffer.from(c) : c);
  return Buffer.concat(chunks);
}

/** Raw request to the simulator (for what the SDK cannot send, e.g. a bad token or header). */
export async function raw(
  sim: LineSimulator,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown>; headers: Headers }> {
  const res = await fetch(sim.url + path, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: res.headers };
}

export const text = (t: string): messagingApi.TextMessage => ({ type: 'text', text: t });

/** A Blob of the bytes (for MessagingApiBlobClient uploads). */
export const blobOf = (bytes: Buffer, type = 'image/png'): Blob => new Blob([new Uint8Array(bytes)], { type });
