import { HTTPFetchError, messagingApi } from '@line/bot-sdk';

/** LINE message objects as sent (validated by the simulator against LINE's OpenAPI). */
export type LineMessage = messagingApi.Message;

export interface LineEndpoints {
  /** api.line.me or the simulator. */
  apiBaseUrl: string;
  /** api-data.line.me or the simulator. */
  dataApiBaseUrl: string;
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

/** The calls the console makes to one channel. */
export interface LineClient {
  push(to: string, messages: LineMessage[], retryKey: string): Promise<{ requestId: string | null }>;
  multicast(to: string[], messages: LineMessage[], retryKey: string): Promise<{ requestId: string | null }>;
  reply(replyToken: string, messages: LineMessage[]): Promise<void>;
  profile(userId: string): Promise<LineProfile>;
  botInfo(): Promise<{ userId: string; basicId: string; displayName: string }>;
  /** Remaining messages this month; null when the plan has no limit. */
  remainingQuota(): Promise<number | null>;
  messageContent(messageId: string): Promise<{ bytes: Buffer; contentType: string }>;
}

export function lineClient(endpoints: LineEndpoints, channelAccessToken: string): LineClient {
  const api = new messagingApi.MessagingApiClient({ channelAccessToken, baseURL: endpoints.apiBaseUrl });
  const data = new messagingApi.MessagingApiBlobClient({ channelAccessToken, baseURL: endpoints.dataApiBaseUrl });
  const call = <T>(work: () => Promise<T>) => withTimeout(work(), endpoints.timeoutMs).catch(toLineError);
  const requestId = (headers: Headers) => headers.get('x-line-request-id');
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
      const [quota, consumption] = await Promise.all([
        call(() => api.getMessageQuota()),
        call(() => api.getMessageQuotaConsumption()),
      ]);
      return quota.type === 'limited' && quota.value !== undefined
        ? Math.max(0, quota.value - consumption.totalUsage)
        : null;
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
