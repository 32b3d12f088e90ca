import type { FastifyInstance } from 'fastify';
import { allows, REALTIME_CLOSE, REALTIME_PATH, type RealtimeEventMessage } from '@linq/contract';
import { authenticate } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { RealtimeEvent } from '../../platform/realtime.ts';

/** A connection must authenticate within this time (token as the first message). */
const AUTH_TIMEOUT_MS = 10_000;
/** Ping interval; a connection that did not answer the previous ping is dropped. */
export const HEARTBEAT_MS = 30_000;
const OPEN = 1;

/** The wire form: ids only, the client fetches the rows. */
export function toWire(event: RealtimeEvent): RealtimeEventMessage {
  return event.type === 'message.created'
    ? { type: event.type, friend_id: event.friendId, message_id: event.messageId, direction: event.direction }
    : { type: event.type, friend_id: event.friendId, message_id: null, direction: null };
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
    });

    const start = async (token: string | null) => {
      clearTimeout(authTimer);
      try {
        const principal = await authenticate(ctx.database.db, ctx.sessionPolicy, token, ['service']);
        if (principal.role !== 'service') return close(REALTIME_CLOSE.unauthorized, 'unauthorized');
        if (!allows(principal.permissions, { feature: 'talks', level: 'view' })) {
          return close(REALTIME_CLOSE.forbidden, 'forbidden');
        }
        const laid = Number(query.laid);
        if (!Number.isInteger(laid) || laid <= 0) return close(REALTIME_CLOSE.badRequest, 'laid is required');
        if (!principal.lineAccountIds.includes(laid)) return close(REALTIME_CLOSE.forbidden, 'forbidden');
        if (closed || socket.readyState !== OPEN) return;
        const ready = () => {
          if (socket.readyState === OPEN) socket.send(JSON.stringify({ type: 'ready' }));
        };
        unsubscribe = app.realtimeHub.subscribe(
          laid,
          (event) => {
            if (socket.readyState === OPEN) socket.send(JSON.stringify(toWire(event)));
          },
          // The server's LISTEN was replaced: events may be missed, and a ready makes the browser catch up.
          ready,
        );
        ready();
      } catch (error) {
        if (error instanceof AppError && error.status === 401)
          return close(REALTIME_CLOSE.unauthorized, 'unauthorized');
        request.log.error({ err: error }, 'realtime: connection setup failed');
        close(1011, 'server error');
      }
    };

    // The token never travels in the URL, where request logs and proxies would keep it.
    socket.once('message', (data: unknown) => void start(tokenOf(data)));
  });
}
