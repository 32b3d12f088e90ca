import { HTTPFetchError, insight, messagingApi } from '@line/bot-sdk';

/** LINE message objects as sent (validated by the simulator against LINE's OpenAPI). */
export type LineMessage = messagingApi.Message;

export interface LineEndpoints {
  /** api.line.me or the simulator. */
  apiBaseUrl: string;
  /** api-data.line.me or the simulator. */
  dataApiBaseUrl: string;
  /** access.line.me (LINE Login's authorization page, opened by the visitor's browser) or the simulator. */
  loginBaseUrl: string;
  timeoutMs: number;
}

/** A failed call to LINE: the status (0 for a time-out or no connection) and LINE's message. */
export class LineApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly acceptedRequestId: string | null = null,
  ) {
    super(message);
  }
  /** Time-outs, lost connections and 5xx may succeed later; other 4xx never will. */
  get retryable(): boolean {
    return this.status === 0 || this.status >= 500;
  }
  /** 401: LINE refuses the channel access token (wrong, revoked or reissued). */
  get unauthorized(): boolean {
    return this.status === 401;
  }
  get rateLimited(): boolean {
    return this.status === 429;
  }
  /** 409 on a retry key: LINE accepted this very request before. */
  get alreadyAccepted(): boolean {
    return this.status === 409;
  }
  get quotaExhausted(): boolean {
    return this.status === 429 && /monthly limit/i.test(this.message);
  }
}

export interface LineProfile {
  userId: string;
  displayName: string;
  pictureUrl?: string;
  statusMessage?: string;
  language?: string;
}

/** A rich menu as LINE creates it (validated by the simulator against LINE's OpenAPI). */
export type LineRichMenu = messagingApi.RichMenuRequest;
/** One operation of a rich-menu batch (link from → to, unlink from, unlink all). */
export type LineRichMenuBatchOperation = messagingApi.RichMenuBatchOperation;
export type LineRichMenuBatchPhase = messagingApi.RichMenuBatchProgressPhase;

/** LINE's rich-menu insight figures: a count and its unique users. */
export interface LineInsightMetrics {
  count: number;
  uniqueUsers: number;
}
export interface LineInsightBounds {
  x: number;
  y: number;
  width: number;
  height: number;
}
/**
 * LINE's rich-menu insight for a period (insight.yml): the whole period (summary) and per JST day
 * (daily), impressions and taps per area. Null when LINE withholds the figures (below its privacy
 * threshold it answers only the menu's id).
 */
export interface LineRichMenuInsight {
  from: string;
  to: string;
  impressions: LineInsightMetrics;
  clicks: {
    bounds: LineInsightBounds;
    metrics: LineInsightMetrics;
    daily: (LineInsightMetrics & { date: string })[];
  }[];
}

/**
 * A day's figures of LINE's statistics (insight.yml): only `ready` carries them. `unready`: LINE has
 * not counted that day yet (try later); `out_of_service`: a date before LINE counted. Never zeros.
 */
export type LineStatistics<T> = { status: 'ready'; figures: T } | { status: 'unready' | 'out_of_service' };

/** getNumberOfFollowers as of a day: first adds ever, friends reachable by targeted messages, blocking. */
export interface LineFollowers {
  followers: number;
  targetedReaches: number;
  blocks: number;
}

/** getNumberOfMessageDeliveries for a day: each counter LINE gave (broadcast, apiPush, …) and their sum. */
export interface LineDeliveries {
  total: number;
  byKind: Record<string, number>;
}

/** The calls the console makes to one channel. */
export interface LineClient {
  push(to: string, messages: LineMessage[], retryKey: string): Promise<{ requestId: string | null }>;
  multicast(to: string[], messages: LineMessage[], retryKey: string): Promise<{ requestId: string | null }>;
  reply(replyToken: string, messages: LineMessage[]): Promise<void>;
  profile(userId: string): Promise<LineProfile>;
  botInfo(): Promise<{ userId: string; basicId: string; displayName: string }>;
  /** Remaining messages this month; null when the plan has no limit. */
  remainingQuota(): Promise<number | null>;
  /** This month's limit (null: none) and the messages sent against it so far. */
  messageQuota(): Promise<{ limit: number | null; used: number }>;
  /** The webhook URL LINE calls for the channel and whether delivery is on; null when none is set. */
  webhookEndpoint(): Promise<{ endpoint: string; active: boolean } | null>;
  messageContent(messageId: string): Promise<{ bytes: Buffer; contentType: string }>;
  /** Creates a rich menu; answers LINE's id for it. */
  createRichMenu(menu: LineRichMenu): Promise<string>;
  setRichMenuImage(richMenuId: string, bytes: Buffer, contentType: string): Promise<void>;
  deleteRichMenu(richMenuId: string): Promise<void>;
  setDefaultRichMenu(richMenuId: string): Promise<void>;
  cancelDefaultRichMenu(): Promise<void>;
  /** LINE's default rich menu of the channel; null when none is set. */
  defaultRichMenuId(): Promise<string | null>;
  /** The menu linked to this user alone; null when none is. */
  richMenuIdOfUser(userId: string): Promise<string | null>;
  /** At most 500 user ids per call. */
  linkRichMenuToUsers(richMenuId: string, userIds: string[]): Promise<void>;
  unlinkRichMenuFromUsers(userIds: string[]): Promise<void>;
  /** Points the alias at the menu, creating it when LINE has none of that id. */
  setRichMenuAlias(aliasId: string, richMenuId: string): Promise<void>;
  deleteRichMenuAlias(aliasId: string): Promise<void>;
  /** Starts a batch; answers its request id (for the progress). */
  richMenuBatch(operations: LineRichMenuBatchOperation[], resumeRequestKey?: string): Promise<string>;
  richMenuBatchProgress(requestId: string): Promise<LineRichMenuBatchPhase>;
  /** `from`/`to`: JST dates (YYYYMMDD), at most 99 days apart (the daily endpoint's limit). */
  richMenuInsight(richMenuId: string, from: string, to: string): Promise<LineRichMenuInsight | null>;
  /** `date`: a JST date (YYYYMMDD). */
  followers(date: string): Promise<LineStatistics<LineFollowers>>;
  /** `date`: a JST date (YYYYMMDD). */
  deliveries(date: string): Promise<LineStatistics<LineDeliveries>>;
}

export function lineClient(endpoints: LineEndpoints, channelAccessToken: string): LineClient {
  const api = new messagingApi.MessagingApiClient({ channelAccessToken, baseURL: endpoints.apiBaseUrl });
  const data = new messagingApi.MessagingApiBlobClient({ channelAccessToken, baseURL: endpoints.dataApiBaseUrl });
  const stats = new insight.InsightClient({ channelAccessToken, baseURL: endpoints.apiBaseUrl });
  const call = <T>(work: () => Promise<T>) => withTimeout(work(), endpoints.timeoutMs).catch(toLineError);
  const requestId = (headers: Headers) => headers.get('x-line-request-id');
  const messageQuota = async () => {
    const [quota, consumption] = await Promise.all([
      call(() => api.getMessageQuota()),
      call(() => api.getMessageQuotaConsumption()),
    ]);
    const limit = quota.type === 'limited' && quota.value !== undefined ? quota.value : null;
    return { limit, used: consumption.totalUsage };
  };
  return {
    async push(to, messages, retryKey) {
      const { httpResponse } = await call(() => api.pushMessageWithHttpInfo({ to, messages }, retryKey));
      return { requestId: requestId(httpResponse.headers) };
    },
    async multicast(to, messages, retryKey) {
      const { httpResponse } = await call(() => api.multicastWithHttpInfo({ to, messages }, retryKey));
      return { requestId: requestId(httpResponse.headers) };
    },
    async reply(replyToken, messages) {
      await call(() => api.replyMessage({ replyToken, messages }));
    },
    async profile(userId) {
      return call(() => api.getProfile(userId));
    },
    async botInfo() {
      const info = await call(() => api.getBotInfo());
      return { userId: info.userId, basicId: info.basicId, displayName: info.displayName };
    },
    async remainingQuota() {
      const { limit, used } = await messageQuota();
      return limit === null ? null : Math.max(0, limit - used);
    },
    messageQuota,
    async webhookEndpoint() {
      try {
        const info = await call(() => api.getWebhookEndpoint());
        return { endpoint: info.endpoint, active: info.active };
      } catch (error) {
        if (error instanceof LineApiError && error.status === 404) return null;
        throw error;
      }
    },
    async messageContent(messageId) {
      const { httpResponse, body } = await call(() => data.getMessageContentWithHttpInfo(messageId));
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
      return {
        bytes: Buffer.concat(chunks),
        contentType: httpResponse.headers.get('content-type') ?? 'application/octet-stream',
      };
    },
    async createRichMenu(menu) {
      return (await call(() => api.createRichMenu(menu))).richMenuId;
    },
    async setRichMenuImage(richMenuId, bytes, contentType) {
      await call(() => data.setRichMenuImage(richMenuId, new Blob([new Uint8Array(bytes)], { type: contentType })));
    },
    async deleteRichMenu(richMenuId) {
      await call(() => api.deleteRichMenu(richMenuId));
    },
    async setDefaultRichMenu(richMenuId) {
      await call(() => api.setDefaultRichMenu(richMenuId));
    },
    async cancelDefaultRichMenu() {
      await call(() => api.cancelDefaultRichMenu());
    },
    async defaultRichMenuId() {
      return call(() => api.getDefaultRichMenuId()).then((answer) => answer.richMenuId, noneWhenMissing);
    },
    async richMenuIdOfUser(userId) {
      return call(() => api.getRichMenuIdOfUser(userId)).then((answer) => answer.richMenuId, noneWhenMissing);
    },
    async linkRichMenuToUsers(richMenuId, userIds) {
      await call(() => api.linkRichMenuIdToUsers({ richMenuId, userIds }));
    },
    async unlinkRichMenuFromUsers(userIds) {
      await call(() => api.unlinkRichMenuIdFromUsers({ userIds }));
    },
    async setRichMenuAlias(aliasId, richMenuId) {
      try {
        await call(() => api.updateRichMenuAlias(aliasId, { richMenuId }));
      } catch (error) {
        // LINE answers 400 (not 404) for an alias it does not have: create it then.
        if (!(error instanceof LineApiError) || (error.status !== 400 && error.status !== 404)) throw error;
        await call(() => api.createRichMenuAlias({ richMenuAliasId: aliasId, richMenuId }));
      }
    },
    async deleteRichMenuAlias(aliasId) {
      await call(() => api.deleteRichMenuAlias(aliasId));
    },
    async richMenuBatch(operations, resumeRequestKey) {
      const { httpResponse } = await call(() =>
        api.richMenuBatchWithHttpInfo({ operations, ...(resumeRequestKey ? { resumeRequestKey } : {}) }),
      );
      return requestId(httpResponse.headers) ?? '';
    },
    async richMenuBatchProgress(batchRequestId) {
      return (await call(() => api.getRichMenuBatchProgress(batchRequestId))).phase;
    },
    async richMenuInsight(richMenuId, from, to) {
      // The SDK has no client for the rich-menu insight: plain calls, with its errors' shape.
      const read = <T>(kind: 'summary' | 'daily') =>
        call(async () => {
          const url = `${endpoints.apiBaseUrl}/v2/bot/insight/richmenu/${encodeURIComponent(richMenuId)}/${kind}?from=${from}&to=${to}`;
          const response = await fetch(url, { headers: { authorization: `Bearer ${channelAccessToken}` } });
          const text = await response.text();
          if (!response.ok) {
            const { status, statusText, headers } = response;
            throw new HTTPFetchError(`LINE answered ${status}`, { status, statusText, headers, body: text });
          }
          return JSON.parse(text) as T;
        });
      type Summary = {
        metricsFrom?: string;
        metricsTo?: string;
        impression?: { metrics: LineInsightMetrics };
        clicks?: { bounds: LineInsightBounds; metrics: LineInsightMetrics }[];
      };
      type Daily = { clicks?: { metrics: (LineInsightMetrics & { date: string })[] }[] };
      const summary = await read<Summary>('summary');
      if (!summary.metricsFrom || !summary.metricsTo || !summary.impression || !summary.clicks) return null;
      const daily = await read<Daily>('daily');
      return {
        from: summary.metricsFrom,
        to: summary.metricsTo,
        impressions: summary.impression.metrics,
        clicks: summary.clicks.map((click, index) => ({ ...click, daily: daily.clicks?.[index]?.metrics ?? [] })),
      };
    },
    async followers(date) {
      const { status, followers, targetedReaches, blocks } = await call(() => stats.getNumberOfFollowers(date));
      if (status !== 'ready') return { status: status ?? 'unready' };
      return {
        status,
        figures: { followers: followers ?? 0, targetedReaches: targetedReaches ?? 0, blocks: blocks ?? 0 },
      };
    },
    async deliveries(date) {
      const { status, ...counters } = await call(() => stats.getNumberOfMessageDeliveries(date));
      if (status !== 'ready') return { status: status ?? 'unready' };
      // LINE leaves out the kinds it has nothing for.
      const byKind = Object.fromEntries(
        Object.entries(counters).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
      );
      const total = Object.values(byKind).reduce((sum, n) => sum + n, 0);
      return { status, figures: { total, byKind } };
    },
  };
}

/**
 * The SDK's fetch has no time-out: a request still running after `ms` is treated as
 * failed (status 0). It may still reach LINE, which is why sends carry a retry key.
 */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LineApiError(0, `no answer from LINE within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function toLineError(error: unknown): never {
  if (error instanceof LineApiError) throw error;
  if (error instanceof HTTPFetchError) {
    let message = error.statusText;
    try {
      const body = JSON.parse(error.body) as { message?: string; details?: { message?: string; property?: string }[] };
      const details = (body.details ?? []).map((d) => [d.property, d.message].filter(Boolean).join(': '));
      message = [body.message ?? message, ...details].join(' / ');
    } catch {
      // LINE answered something other than JSON: keep the status text.
    }
    throw new LineApiError(error.status, message, error.headers.get('x-line-accepted-request-id'));
  }
  throw new LineApiError(0, error instanceof Error ? error.message : String(error));
}

/** LINE answers 404 for a default or per-user menu that is not set. */
function noneWhenMissing(error: unknown): null {
  if (error instanceof LineApiError && error.status === 404) return null;
  throw error;
}
