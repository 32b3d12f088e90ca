/**
 * Exact sliding-window limiter: a ring buffer of the last `limit` accepted request times.
 * A request is allowed when fewer than `limit` requests were accepted in the last `windowMs`,
 * i.e. when the oldest of the last `limit` timestamps has left the window. O(1) per request.
 */
export class SlidingWindow {
  private readonly times: Float64Array;
  private count = 0;
  private head = 0;
  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {
    this.times = new Float64Array(limit);
  }

  /** Records the request and returns true when it is within the limit; returns false otherwise. */
  tryAcquire(now: number): boolean {
    if (this.count < this.limit) {
      this.times[(this.head + this.count) % this.limit] = now;
      this.count++;
      return true;
    }
    const oldest = this.times[this.head]!;
    if (oldest > now - this.windowMs) return false;
    this.times[this.head] = now;
    this.head = (this.head + 1) % this.limit;
    return true;
  }
}

const SECOND = 1000;
const HOUR = 3600 * SECOND;

/**
 * LINE's per-channel rate limits (https://developers.line.biz/en/reference/messaging-api/#rate-limits),
 * keyed by OpenAPI operationId. Every other endpoint: 2,000 requests per second, each endpoint
 * counted on its own.
 */
export const RATE_LIMITS: Record<string, { limit: number; windowMs: number }> = {
  multicast: { limit: 200, windowMs: SECOND },
  pushMessage: { limit: 2000, windowMs: SECOND },
  broadcast: { limit: 60, windowMs: HOUR },
  narrowcast: { limit: 60, windowMs: HOUR },
  createRichMenu: { limit: 100, windowMs: HOUR },
  deleteRichMenu: { limit: 100, windowMs: HOUR },
  richMenuBatch: { limit: 3, windowMs: HOUR },
};
export const DEFAULT_RATE_LIMIT = { limit: 2000, windowMs: SECOND };

export class RateLimiter {
  private readonly windows = new Map<string, SlidingWindow>();
  tryAcquire(channelId: string, operationId: string, now: number): boolean {
    const key = `${channelId}\u0000${operationId}`;
    let w = this.windows.get(key);
    if (!w) {
      const { limit, windowMs } = RATE_LIMITS[operationId] ?? DEFAULT_RATE_LIMIT;
      w = new SlidingWindow(limit, windowMs);
      this.windows.set(key, w);
    }
    return w.tryAcquire(now);
  }
}
