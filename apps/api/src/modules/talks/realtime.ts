import type { FastifyInstance } from 'fastify';
import { allows, REALTIME_CLOSE, REALTIME_PATH, type RealtimeEventMessage } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { RealtimeEvent } from '../../platform/realtime.ts';

/** A connection must authenticate within this time (token as the first message). */
const AUTH_TIMEOUT_MS = 10_000;
/** Ping interval; a connection that did not answer the previous ping is dropped. */
export const HEARTBEAT_MS = 30_000;
const OPEN = 1;
/**
 * An access recheck the database could not answer (a lost connection, a failover) is tried again
 * after these delays before the socket is closed: a blip must not drop every browser's socket.
 */
export const RECHECK_RETRY_MS = [250, 500, 1_000, 2_000, 4_000];

/**
 * The wire form: the event's ids with snake_case keys, without the channel (the socket's own); the
 * client fetches the rows. Fields an event does not have are null.
 */
export function toWire(event: RealtimeEvent): RealtimeEventMessage {
  const {
    type,
    lineAccountId: _channel,
    ...fields
  } = event as { type: string; lineAccountId: number } & Record<string, unknown>;
  const wire: Record<string, unknown> = { type, friend_id: null, message_id: null, direction: null };
  for (const [key, value] of Object.entries(fields)) wire[key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = value;
  return wire as RealtimeEventMessage;
}

/** The token of the first message: `{"token": "…"}` or the bare token. */
function tokenOf(data: unknown): string | null {
  const text = Buffer.isBuffer(data) ? data.toString('utf8') : typeof data === 'string' ? data : '';
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { token?: unknown }).token === 'string') {
      return (parsed as { token: string }).token;
    }
  } catch {
    // not JSON: the bare token
  }
  return text.trim() || null;
}

/**
 * `GET /api/service/realtime`: the WebSocket of one channel's realtime events. Browsers
 * cannot set headers on a WebSocket, so the session token comes as the first message
 * and the channel as the `laid` query parameter, checked like the
 * LineAccountId header. Refusals close the socket with REALTIME_CLOSE codes.
 */
export function realtimeRoute(app: FastifyInstance, ctx: AppContext) {
  app.get(REALTIME_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
    const query = request.query as Record<string, unknown>;
    let unsubscribe: (() => void) | null = null;
    let unwatch: (() => void) | null = null;
    /** Whether the session may still use this socket; set once authenticated. */
    let recheck: (() => Promise<void>) | null = null;
    let closed = false;
    let alive = true;
    const close = (code: number, reason: string) => {
      if (!closed) socket.close(code, reason);
    };
    const authTimer = setTimeout(() => close(REALTIME_CLOSE.unauthorized, 'authentication timed out'), AUTH_TIMEOUT_MS);
    const heartbeat = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    }, HEARTBEAT_MS);
    socket.on('pong', () => {
      alive = true;
    });
    socket.on('close', () => {
      closed = true;
      clearTimeout(authTimer);
      clearInterval(heartbeat);
      unsubscribe?.();
      unwatch?.();
    });

    const start = async (token: string | null) => {
      clearTimeout(authTimer);
      const laid = Number(query.laid);
      let userId: number | null = null;
      /** Null when the session may use this channel's socket, else why not (as a close code and reason). */
      const refusal = async (): Promise<[number, string] | null> => {
        const principal = await ctx.authenticate(token, ['service']);
        if (principal.role !== 'service') return [REALTIME_CLOSE.unauthorized, 'unauthorized'];
        userId = principal.userId;
        if (!allows(principal.permissions, { feature: 'talks', level: 'view' })) {
          return [REALTIME_CLOSE.forbidden, 'forbidden'];
        }
        if (!Number.isInteger(laid) || laid <= 0) return [REALTIME_CLOSE.badRequest, 'laid is required'];
        if (!principal.lineAccountIds.includes(laid)) return [REALTIME_CLOSE.forbidden, 'forbidden'];
        return null;
      };
      const closeOnRefusal = (error: unknown) => {
        if (error instanceof AppError && error.status === 401)
          return close(REALTIME_CLOSE.unauthorized, 'unauthorized');
        request.log.error({ err: error }, 'realtime: access check failed');
        close(1011, 'server error');
      };
      try {
        const refused = await refusal();
        if (refused) return close(...refused);
        if (closed || socket.readyState !== OPEN) return;
        // Logout, a revoked or disabled session, a changed authority or channel list: closed at once.
        recheck = async () => {
          for (const delayMs of [...RECHECK_RETRY_MS, null]) {
            try {
              const again = await refusal();
              if (again) close(...again);
              return;
            } catch (error) {
              const denied = error instanceof AppError && error.status === 401;
              if (denied || delayMs === null || closed) return closeOnRefusal(error);
              await new Promise((resolve) => setTimeout(resolve, delayMs));
            }
          }
        };
        if (userId !== null) unwatch = app.realtimeHub.watchAccess(userId, () => void recheck?.());
        const ready = () => {
          if (socket.readyState === OPEN) socket.send(JSON.stringify({ type: 'ready' }));
        };
        unsubscribe = app.realtimeHub.subscribe(
          laid,
          (event) => {
            if (socket.readyState === OPEN) socket.send(JSON.stringify(toWire(event)));
          },
          // The server's LISTEN was replaced: events (access changes too) may be missed; the browser catches up.
          () => {
            void recheck?.();
            ready();
          },
        );
        ready();
      } catch (error) {
        closeOnRefusal(error);
      }
    };

    // The token never travels in the URL, where request logs and proxies would keep it.
    socket.once('message', (data: unknown) => void start(tokenOf(data)));
  });
}
