import { REALTIME_PATH, realtimeEvent, realtimeReady, type RealtimeEventMessage } from '@linq/contract';
import { afterClose, reconnectDelay } from './backoff.ts';

/** connecting: the first attempt; open: subscribed (after `ready`); reconnecting: lost, retrying; closed: refused or stopped. */
export type RealtimeStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface RealtimeHandlers {
  onEvent(event: RealtimeEventMessage): void;
  /** Subscribed, the first time and after every reconnect: whatever was missed meanwhile must be fetched again. */
  onReady(): void;
  onStatus(status: RealtimeStatus): void;
  /** The server said the session has ended (no retry). */
  onSessionEnded(): void;
}

/** The part of the browser's WebSocket the client uses (tests give a fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface ConnectionOptions extends RealtimeHandlers {
  url: string;
  /** Read at every attempt, so a renewed token is used on reconnect. */
  token: () => string | null;
  createSocket?: (url: string) => SocketLike;
  random?: () => number;
}

export interface RealtimeConnection {
  close(): void;
  /** Retries now instead of waiting out the back-off (the browser came back online). */
  retryNow(): void;
}

/** The WebSocket address of a channel's events: the API base on this page's origin, ws(s) for http(s). */
export function realtimeUrl(apiBaseUrl: string, lineAccountId: number, pageUrl: string): string {
  const url = new URL(`${apiBaseUrl}${REALTIME_PATH}`, pageUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  // The channel may be in the address; the token may not (addresses end up in logs): it is the first message.
  url.searchParams.set('laid', String(lineAccountId));
  return url.toString();
}

function parse(data: unknown): unknown {
  if (typeof data !== 'string') return null;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return null;
  }
}

/**
 * One channel's realtime events over a WebSocket that authenticates with its first message and
 * reconnects by itself with back-off until closed or refused.
 */
export function createRealtimeConnection(options: ConnectionOptions): RealtimeConnection {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  let socket: SocketLike | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const setStatus = (status: RealtimeStatus) => options.onStatus(status);

  const stop = (status: RealtimeStatus = 'closed') => {
    stopped = true;
    if (timer) clearTimeout(timer);
    timer = null;
    setStatus(status);
  };

  const scheduleRetry = () => {
    setStatus('reconnecting');
    timer = setTimeout(connect, reconnectDelay(attempt, options.random));
    attempt += 1;
  };

  function connect() {
    timer = null;
    if (stopped) return;
    const token = options.token();
    if (!token) {
      stop();
      options.onSessionEnded();
      return;
    }
    setStatus(attempt === 0 ? 'connecting' : 'reconnecting');
    const current = createSocket(options.url);
    socket = current;
    current.onopen = () => current.send(JSON.stringify({ token }));
    current.onmessage = (received) => {
      const message = parse(received.data);
      if (realtimeReady.safeParse(message).success) {
        attempt = 0;
        setStatus('open');
        options.onReady();
        return;
      }
      const event = realtimeEvent.safeParse(message);
      if (event.success) options.onEvent(event.data);
    };
    // A failed connection also closes; onclose decides.
    current.onerror = () => {};
    current.onclose = ({ code }: CloseEvent) => {
      if (socket !== current) return;
      socket = null;
      if (stopped) return;
      const next = afterClose(code);
      if (next === 'retry') return scheduleRetry();
      stop();
      if (next === 'session-ended') options.onSessionEnded();
    };
  }

  connect();
  return {
    close() {
      if (stopped) return;
      stop();
      const current = socket;
      socket = null;
      current?.close(1000, 'closed by the client');
    },
    retryNow() {
      if (stopped || !timer) return;
      clearTimeout(timer);
      connect();
    },
  };
}
