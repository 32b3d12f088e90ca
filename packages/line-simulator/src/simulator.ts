import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OpenAPIBackend, Request as OpenApiRequest } from 'openapi-backend';
import * as ids from './ids.ts';
import { handleControl } from './control.ts';
import { LOGIN_PATHS, LoginState } from './login.ts';
import { handlers, type ApiResult } from './messaging.ts';
import { Channel, Friend, SimError, type SimContext } from './model.ts';
import { NameGenerator } from './names.ts';
import {
  DEFAULT_INSIGHT_PATH,
  DEFAULT_MESSAGING_API_PATH,
  matchOperation,
  openApiBackend,
  validateRequest,
  type MatchedOperation,
} from './openapi.ts';
import { RateLimiter } from './rate-limit.ts';
import {
  ENDPOINT_NAMES,
  FAULT_MODES,
  type ChannelInit,
  type EndpointName,
  type Fault,
  type FaultMode,
  type LineSimulator,
  type SimFaults,
  type SimulatorOptions,
} from './types.ts';
import { WebhookSender } from './webhooks.ts';
import { writeError, writeJson } from './http-util.ts';

/** LINE rejects request bodies over 2 MB (413). */
const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** Reply tokens are valid once, for one minute. */
const REPLY_TOKEN_TTL_MS = 60_000;

const MESSAGES = {
  missingAuth: "Authorization header required. Must follow the scheme, 'Authorization: Bearer <ACCESS TOKEN>'",
  badToken: 'Authentication failed. Confirm that the access token in the authorization header is valid.',
  backend: 'An error occurred in the backend',
  rateLimit: 'The API rate limit has been exceeded. Try again later.',
  quotaSpent: 'You have reached your monthly limit.',
  /**
   * A suspended LINE Official Account: LINE documents no answer of its own for it; the simulator gives
   * the 403 LINE answers for a channel refused an API ("Access to this API is not available for your account").
   */
  suspended: 'Access to this API is not available for your account',
};

const IMPLEMENTED = new Set<string>(ENDPOINT_NAMES);

interface ReplyTokenEntry {
  channelId: string;
  userId: string;
  expiresAt: number;
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(c);
    });
    req.on('end', () =>
      tooLarge ? reject(new SimError(413, 'Request Entity Too Large')) : resolve(Buffer.concat(chunks)),
    );
    req.on('error', reject);
  });
}

export class Simulator implements LineSimulator, SimContext {
  url = '';
  readonly now: () => number;
  readonly webhooks: WebhookSender;
  readonly names: NameGenerator;
  readonly server: http.Server;
  readonly faults: SimFaults;

  /** messaging-api.yml, then insight.yml (the statistics): a request is routed by the first that knows its path. */
  private apis: OpenAPIBackend[] = [];
  private readonly channelsById = new Map<string, Channel>();
  private readonly channelsByToken = new Map<string, Channel>();
  private readonly channelsByLoginId = new Map<string, Channel>();
  private readonly login = new LoginState({
    now: () => this.now(),
    channelByLoginId: (id) => this.channelsByLoginId.get(id),
  });
  private readonly friendsById = new Map<string, Friend>();
  private readonly replyTokens = new Map<string, ReplyTokenEntry>();
  private readonly limiter = new RateLimiter();
  private faultList: Fault[] = [];
  private latencyMs = 0;
  private readonly held = new Set<http.ServerResponse>();
  private readonly sleeping = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  private stopped = false;

  constructor(private readonly options: SimulatorOptions = {}) {
    this.now = options.now ?? Date.now;
    this.names = new NameGenerator(options.seed);
    this.webhooks = new WebhookSender({
      now: this.now,
      redeliveryDelaysMs: options.redeliveryDelaysMs ?? [1000, 5000, 15000],
      timeoutMs: options.webhookTimeoutMs ?? 5000,
    });
    this.server = http.createServer((req, res) => void this.handle(req, res));
    this.faults = {
      inject: (f) => this.injectFault(f),
      setLatency: (ms) => {
        if (!(Number.isFinite(ms) && ms >= 0)) throw new SimError(400, 'latency must be a number of ms >= 0');
        this.latencyMs = ms;
      },
      clear: () => {
        this.faultList = [];
        this.latencyMs = 0;
      },
      pending: () => this.faultList.map((f) => ({ ...f })),
    };
  }

  async start(): Promise<void> {
    const file = this.options.openapiPath ?? DEFAULT_MESSAGING_API_PATH;
    if (!existsSync(file)) throw new Error(`LINE simulator: OpenAPI file not found: ${file}`);
    this.apis = await Promise.all([openApiBackend(file), openApiBackend(DEFAULT_INSIGHT_PATH)]);
    const host = this.options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.port ?? 0, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    const { port } = this.server.address() as AddressInfo;
    const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
    this.url = `http://${urlHost}:${port}`;
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.webhooks.stop();
    for (const s of this.sleeping) {
      clearTimeout(s.timer);
      s.resolve();
    }
    this.sleeping.clear();
    for (const res of this.held) res.socket?.destroy();
    this.held.clear();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  // --- SimContext ---------------------------------------------------------------------------

  avatarUrl(userId: string): string {
    return `${this.url}/_sim/avatar/${userId}.svg`;
  }

  registerFriend(friend: Friend): void {
    this.friendsById.set(friend.userId, friend);
  }

  issueReplyToken(channelId: string, userId: string): string {
    const token = ids.hex(16);
    const now = this.now();
    if (this.replyTokens.size > 50_000) {
      for (const [t, e] of this.replyTokens) if (e.expiresAt < now) this.replyTokens.delete(t);
    }
    this.replyTokens.set(token, { channelId, userId, expiresAt: now + REPLY_TOKEN_TTL_MS });
    return token;
  }

  consumeReplyToken(channelId: string, token: string): { userId: string } | null {
    const entry = this.replyTokens.get(token);
    if (!entry || entry.channelId !== channelId || entry.expiresAt < this.now()) return null;
    this.replyTokens.delete(token);
    return { userId: entry.userId };
  }

  changeAccessToken(channel: Channel, next: string | null): void {
    if (next === channel.channelAccessToken) return;
    if (next !== null && this.channelsByToken.has(next)) {
      throw new SimError(409, 'another channel already uses this channel access token');
    }
    if (channel.channelAccessToken !== null) this.channelsByToken.delete(channel.channelAccessToken);
    if (next !== null) this.channelsByToken.set(next, channel);
    channel.channelAccessToken = next;
  }

  // --- public API ---------------------------------------------------------------------------

  addChannel(c: ChannelInit): Channel {
    if (!c.channelId || !c.channelSecret || !c.channelAccessToken) {
      throw new SimError(400, 'channelId, channelSecret and channelAccessToken are required');
    }
    if (this.channelsById.has(c.channelId)) throw new SimError(409, `channel ${c.channelId} already exists`);
    if (this.channelsByToken.has(c.channelAccessToken)) {
      throw new SimError(409, 'another channel already uses this channel access token');
    }
    if (c.login && this.channelsByLoginId.has(c.login.channelId)) {
      throw new SimError(409, `LINE Login channel ${c.login.channelId} already belongs to another channel`);
    }
    const channel = new Channel(this, c);
    this.channelsById.set(c.channelId, channel);
    this.channelsByToken.set(c.channelAccessToken, channel);
    this.channelsByLoginId.set(channel.login.channelId, channel);
    return channel;
  }

  channel(channelId: string): Channel | undefined {
    return this.channelsById.get(channelId);
  }

  channels(): Channel[] {
    return [...this.channelsById.values()];
  }

  friend(userId: string): Friend | undefined {
    return this.friendsById.get(userId);
  }

  private injectFault(f: Fault): void {
    if (!FAULT_MODES.includes(f.mode as FaultMode)) {
      throw new SimError(400, `mode must be one of ${FAULT_MODES.join(', ')}`);
    }
    if (!(Number.isInteger(f.count) && f.count > 0)) throw new SimError(400, 'count must be a positive integer');
    if (f.endpoint !== undefined && !IMPLEMENTED.has(f.endpoint)) {
      throw new SimError(400, `unknown endpoint ${String(f.endpoint)}; use an operationId of messaging-api.yml`);
    }
    const fault: Fault = { mode: f.mode, count: f.count };
    if (f.channelId !== undefined) fault.channelId = f.channelId;
    if (f.endpoint !== undefined) fault.endpoint = f.endpoint;
    this.faultList.push(fault);
  }

  private takeFault(channelId: string, endpoint: string): FaultMode | undefined {
    const i = this.faultList.findIndex(
      (f) =>
        (f.channelId === undefined || f.channelId === channelId) &&
        (f.endpoint === undefined || f.endpoint === endpoint),
    );
    if (i < 0) return undefined;
    const f = this.faultList[i]!;
    f.count--;
    if (f.count <= 0) this.faultList.splice(i, 1);
    return f.mode;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          this.sleeping.delete(entry);
          resolve();
        }, ms),
        resolve,
      };
      this.sleeping.add(entry);
    });
  }

  // --- HTTP ---------------------------------------------------------------------------------

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const requestId = ids.requestId();
    res.setHeader('x-line-request-id', requestId);
    try {
      const url = new URL(req.url ?? '/', 'http://simulator');
      if (url.pathname === '/_sim' || url.pathname.startsWith('/_sim/')) {
        await handleControl(this, req, res, url);
        return;
      }
      if (LOGIN_PATHS.has(url.pathname)) {
        await this.login.handle(req, res, url);
        return;
      }
      await this.handleApi(req, res, url, requestId);
    } catch (e) {
      if (res.headersSent || res.destroyed) return;
      if (e instanceof SimError) {
        writeError(res, e);
      } else {
        console.error('[line-simulator] internal error', e);
        writeJson(res, 500, { message: MESSAGES.backend });
      }
    }
  }

  private async handleApi(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    url: URL,
    requestId: string,
  ): Promise<void> {
    const raw = await readBody(req);
    if (this.latencyMs > 0) await this.sleep(this.latencyMs);
    if (this.stopped) return;
    const oreq: OpenApiRequest = {
      method: (req.method ?? 'GET').toLowerCase(),
      path: url.pathname,
      headers: req.headers as Record<string, string | string[]>,
      query: Object.fromEntries(url.searchParams),
    };
    let api: OpenAPIBackend | undefined;
    let match: MatchedOperation | undefined;
    for (const candidate of this.apis) {
      match = matchOperation(candidate, oreq);
      if (match) {
        api = candidate;
        break;
      }
    }
    if (!api || !match) throw new SimError(404, 'Not found');

    const auth = req.headers.authorization;
    if (!auth) throw new SimError(401, MESSAGES.missingAuth);
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    const channel = bearer ? this.channelsByToken.get(bearer[1]!) : undefined;
    if (!channel) throw new SimError(401, MESSAGES.badToken);

    const { operationId, operation } = match;
    if (!IMPLEMENTED.has(operationId)) {
      throw new SimError(501, `The LINE simulator does not implement ${operationId}`);
    }
    const endpoint = operationId as EndpointName;
    if (channel.suspended) throw new SimError(403, MESSAGES.suspended);

    const fault = this.takeFault(channel.channelId, endpoint);
    if (fault === 'error500') throw new SimError(500, MESSAGES.backend);
    if (fault === 'rate429') throw new SimError(429, MESSAGES.rateLimit);
    if (fault === 'quota429') throw new SimError(429, MESSAGES.quotaSpent);
    if (fault === 'unauthorized401') throw new SimError(401, MESSAGES.badToken);
    if (fault === 'timeout') {
      // Hold the request: no answer until the client gives up or the simulator stops.
      this.held.add(res);
      res.on('close', () => this.held.delete(res));
      return;
    }

    const now = this.now();
    if (!this.limiter.tryAcquire(channel.channelId, endpoint, now)) throw new SimError(429, MESSAGES.rateLimit);

    let body: unknown;
    const content = (operation.requestBody as { content?: Record<string, unknown> } | undefined)?.content;
    if (content && 'application/json' in content && raw.length > 0) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new SimError(400, 'The request body has 1 error(s)', {
          details: [{ message: 'The request body could not be parsed as JSON', property: '' }],
        });
      }
    }
    const failure = validateRequest(api, { ...oreq, body }, operation);
    if (failure) throw new SimError(400, failure.message, { details: failure.details });

    const { params } = api.router.parseRequest(oreq, operation);
    channel.operations.set(endpoint, (channel.operations.get(endpoint) ?? 0) + 1);
    let result: ApiResult;
    try {
      result = await handlers[endpoint]({
        channel,
        operationId: endpoint,
        params: params as Record<string, string>,
        query: oreq.query as Record<string, string>,
        headers: req.headers,
        body,
        raw,
        requestId,
        now,
        webhooks: this.webhooks,
        consumeReplyToken: (c, t) => this.consumeReplyToken(c, t),
      });
    } catch (e) {
      if (fault === 'timeoutAfterProcessing') {
        req.socket.destroy();
        return;
      }
      throw e;
    }
    if (fault === 'timeoutAfterProcessing') {
      // Processed (recorded) but the client never sees the answer.
      req.socket.destroy();
      return;
    }
    if (this.options.validateResponses && result.json !== undefined) {
      const check = api.validator.validateResponse(result.json, operation, result.status);
      if (!check.valid) {
        throw new Error(`${operationId} answer does not match LINE's OpenAPI file: ${JSON.stringify(check.errors)}`);
      }
    }
    writeResult(res, result);
  }
}

function writeResult(res: http.ServerResponse, r: ApiResult): void {
  if (r.bytes) {
    res.writeHead(r.status, {
      ...r.headers,
      'content-type': r.contentType ?? 'application/octet-stream',
      'content-length': String(r.bytes.length),
    });
    res.end(r.bytes);
    return;
  }
  writeJson(res, r.status, r.json ?? {}, r.headers);
}
