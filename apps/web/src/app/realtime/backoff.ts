import { REALTIME_CLOSE } from '@linq/contract';

/** The first retry waits about this long; each failed attempt doubles it. */
export const RECONNECT_BASE_MS = 1_000;
/** Retries never wait longer than this, so a console left open comes back soon after an outage. */
export const RECONNECT_MAX_MS = 30_000;

/**
 * How long to wait before reconnect attempt number `attempt` (0 for the first retry): exponential,
 * capped, with jitter between half and all of it, so that many consoles cut off by the same server
 * restart do not all come back in the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling * (0.5 + random() / 2));
}

/**
 * What a closed connection means: the server's refusals (REALTIME_CLOSE) will not change by
 * retrying, and 4401 says the session has ended; anything else (a restart, a network drop, a
 * missed heartbeat) is retried.
 */
export function afterClose(code: number): 'retry' | 'stop' | 'session-ended' {
  if (code === REALTIME_CLOSE.unauthorized) return 'session-ended';
  if (code === REALTIME_CLOSE.forbidden || code === REALTIME_CLOSE.badRequest) return 'stop';
  return 'retry';
}
