import { REALTIME_CLOSE } from '@linq/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterClose, reconnectDelay, RECONNECT_MAX_MS } from './backoff.ts';
import { createRealtimeConnection, realtimeUrl, type RealtimeStatus, type SocketLike } from './connection.ts';

describe('reconnectDelay', () => {
  it('doubles from about a second, jittered between half and all of it, and stops growing at 30 s', () => {
    expect(reconnectDelay(0, () => 1)).toBe(1_000);
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(3, () => 1)).toBe(8_000);
    expect(reconnectDelay(20, () => 1)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(20, () => 0)).toBe(RECONNECT_MAX_MS / 2);
  });
});

describe('afterClose', () => {
  it('retries drops and restarts, stops on refusals, and reports an ended session', () => {
    expect(afterClose(1006)).toBe('retry');
    expect(afterClose(1011)).toBe('retry');
    expect(afterClose(1001)).toBe('retry');
    expect(afterClose(REALTIME_CLOSE.unauthorized)).toBe('session-ended');
    expect(afterClose(REALTIME_CLOSE.forbidden)).toBe('stop');
    expect(afterClose(REALTIME_CLOSE.badRequest)).toBe('stop');
  });
});

describe('realtimeUrl', () => {
  it('uses the page origin with ws(s) and names the channel, never the token', () => {
    expect(realtimeUrl('/api', 7, 'https://console.example/service/talks')).toBe(
      'wss://console.example/api/service/realtime?laid=7',
    );
    expect(realtimeUrl('/api', 7, 'http://localhost:3000/x')).toBe('ws://localhost:3000/api/service/realtime?laid=7');
  });
});

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closedWith = code;
  }
  // What the server does:
  accept() {
    this.readyState = 1;
    this.onopen?.({} as Event);
  }
  ready() {
    this.onmessage?.({ data: JSON.stringify({ type: 'ready' }) } as MessageEvent);
  }
  emit(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) } as MessageEvent);
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

function setup(token: string | null = 'secret-token') {
  const sockets: FakeSocket[] = [];
  const statuses: RealtimeStatus[] = [];
  const events: unknown[] = [];
  const onReady = vi.fn();
  const onSessionEnded = vi.fn();
  const connection = createRealtimeConnection({
    url: 'ws://console.test/api/service/realtime?laid=1',
    token: () => token,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    random: () => 1,
    onEvent: (event) => events.push(event),
    onReady,
    onStatus: (status) => statuses.push(status),
    onSessionEnded,
  });
  return { connection, sockets, statuses, events, onReady, onSessionEnded, last: () => sockets.at(-1)! };
}

describe('createRealtimeConnection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the token as the first message, not in the address, and passes events on after ready', () => {
    const { sockets, statuses, events, onReady, last } = setup();
    expect(sockets).toHaveLength(1);
    expect(last().url).not.toContain('secret-token');
    last().accept();
    expect(last().sent).toEqual([JSON.stringify({ token: 'secret-token' })]);
    last().ready();
    expect(onReady).toHaveBeenCalledTimes(1);
    const event = { type: 'message.created', friend_id: 3, message_id: 9, direction: 'incoming' };
    last().emit(event);
    last().emit('not json');
    last().emit({ type: 'something else' });
    expect(events).toEqual([event]);
    expect(statuses).toEqual(['connecting', 'open']);
  });

  it('reconnects with growing back-off after drops, and again from the start once subscribed', async () => {
    const { sockets, statuses, onReady, last } = setup();
    last().accept();
    last().ready();
    last().drop();
    expect(statuses.at(-1)).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    // The server is still away: the next wait doubles.
    last().drop();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);
    last().accept();
    last().ready();
    // Every ready, the first and each after a reconnect, lets the screen catch up.
    expect(onReady).toHaveBeenCalledTimes(2);
    expect(statuses.at(-1)).toBe('open');
    last().drop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets).toHaveLength(4);
  });

  it('stops on a refusal, reports an ended session on 4401, and stays closed when closed by the page', async () => {
    const refused = setup();
    refused.last().drop(REALTIME_CLOSE.forbidden);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refused.sockets).toHaveLength(1);
    expect(refused.statuses.at(-1)).toBe('closed');
    expect(refused.onSessionEnded).not.toHaveBeenCalled();

    const ended = setup();
    ended.last().drop(REALTIME_CLOSE.unauthorized);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ended.sockets).toHaveLength(1);
    expect(ended.onSessionEnded).toHaveBeenCalledTimes(1);

    const closed = setup();
    closed.last().accept();
    closed.connection.close();
    expect(closed.last().closedWith).toBe(1000);
    closed.last().drop(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(closed.sockets).toHaveLength(1);
  });

  it('retries at once when told the browser is back online, and not at all without a token', async () => {
    const { sockets, last, connection } = setup();
    last().drop();
    connection.retryNow();
    expect(sockets).toHaveLength(2);

    const anonymous = setup(null);
    expect(anonymous.sockets).toHaveLength(0);
    expect(anonymous.statuses).toEqual(['closed']);
    expect(anonymous.onSessionEnded).toHaveBeenCalledTimes(1);
  });
});
