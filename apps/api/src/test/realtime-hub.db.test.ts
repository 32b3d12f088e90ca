import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startLineSimulator, type LineSimulator, type SimChannel } from '@linq/line-simulator';
import { REALTIME_CLOSE, type RealtimeEventMessage } from '@linq/contract';
import { startTestApp, type TestApp } from './harness.ts';
import type { Tenant } from './factory.ts';
import { waitFor } from './wait.ts';
import { friends } from '../modules/friends/schema.ts';
import { userLineAccounts } from '../modules/line-accounts/schema.ts';
import { publishRealtime, REALTIME_CHANNEL } from '../platform/realtime.ts';
import { and, eq } from 'drizzle-orm';
import { WebSocket, type WsClient } from './ws-client.ts';

let sim: LineSimulator;
let t: TestApp;
let a: Tenant;
let b: Tenant;
let channel: SimChannel;
let lineAccountId: number;
let wsBase: string;

beforeAll(async () => {
  sim = await startLineSimulator();
  t = await startTestApp({}, { simulator: sim });
  const consoleUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsBase = `${consoleUrl.replace(/^http/, 'ws')}/api/service/realtime`;
  a = await t.factory.tenant();
  b = await t.factory.tenant();
  const bound = await t.factory.simulatedChannel(a.account.id, sim, consoleUrl);
  channel = bound.channel;
  lineAccountId = bound.row.id;
  await t.runtime.ctx.database.db.insert(userLineAccounts).values({ userId: a.staff.id, lineAccountId });
});
afterAll(async () => {
  await t?.stop();
  await sim?.stop();
});

interface Connection {
  socket: WsClient;
  received: Array<RealtimeEventMessage | { type: 'ready' }>;
  closeCode: Promise<number>;
}
function connect(query: Record<string, string | number>, firstMessage?: string): Connection {
  const url = `${wsBase}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;
  const socket = new WebSocket(url);
  const received: Connection['received'] = [];
  socket.on('message', (data) => received.push(JSON.parse(data.toString('utf8')) as Connection['received'][number]));
  socket.on('error', () => undefined);
  const closeCode = new Promise<number>((resolve) => socket.on('close', resolve));
  if (firstMessage !== undefined) {
    const opened = setInterval(() => {
      if (socket.readyState !== 1) return;
      clearInterval(opened);
      socket.send(firstMessage);
    }, 10);
  }
  return { socket, received, closeCode };
}
const ready = async (c: Connection) => {
  await waitFor(() => c.received.some((m) => m.type === 'ready'));
  return c;
};
const events = (c: Connection) => c.received.filter((m) => m.type !== 'ready') as RealtimeEventMessage[];

describe('realtime hub and WebSocket', () => {
  it('a subscriber receives message.created when a simulator friend writes, and no other channel’s events', async () => {
    const c = await ready(connect({ laid: lineAccountId }, a.tokens.staff));
    // Another channel's event (B's) first: it must never arrive.
    await publishRealtime(t.runtime.ctx.database, {
      type: 'message.created',
      lineAccountId: b.channels[0]!.id,
      friendId: 999_999,
      messageId: 999_999,
      direction: 'incoming',
    });
    const friend = channel.createFriend({ displayName: 'リアルタイム' });
    await friend.follow();
    await friend.sendText('<b>hi</b>');
    const event = await waitFor(() => events(c).find((e) => e.type === 'message.created'));
    const [row] = await t.runtime.ctx.database.db
      .select()
      .from(friends)
      .where(and(eq(friends.lineAccountId, lineAccountId), eq(friends.lineUserId, friend.userId)));
    expect(event).toEqual({
      type: 'message.created',
      friend_id: row!.id,
      message_id: expect.any(Number) as number,
      direction: 'incoming',
    });
    expect(events(c).every((e) => e.friend_id !== 999_999)).toBe(true);

    // Staff's reply and opening the conversation arrive too.
    const sent = await t.request({
      method: 'POST',
      path: '/service/messages',
      token: a.tokens.staff,
      lineAccountId,
      body: { friend_id: row!.id, message: { type: 'text', text: 'reply' } },
    });
    expect(sent.status).toBe(201);
    await waitFor(() =>
      events(c).some((e) => e.direction === 'outgoing' && e.message_id === (sent.json.data as { id: number }).id),
    );
    await t.request({
      method: 'POST',
      path: '/service/messages/read',
      token: a.tokens.staff,
      lineAccountId,
      body: { friend_id: row!.id },
    });
    await waitFor(() => events(c).some((e) => e.type === 'friend.updated' && e.friend_id === row!.id));
    expect(events(c).every((e) => e.friend_id !== 999_999)).toBe(true);
    c.socket.close();
    await c.closeCode;
    await waitFor(() => t.app.realtimeHub.subscriberCount() === 0);
  });

  it('accepts the session token as the first message, as JSON or bare, and never from the URL', async () => {
    const c = await ready(connect({ laid: lineAccountId }, JSON.stringify({ token: a.tokens.staff })));
    // A token in the query string would end up in request logs: it is not read, and the socket stays unauthenticated.
    const fromUrl = connect({ laid: lineAccountId, token: a.tokens.staff }, 'not-a-token');
    expect(await fromUrl.closeCode).toBe(REALTIME_CLOSE.unauthorized);
    await publishRealtime(t.runtime.ctx.database, { type: 'friend.updated', lineAccountId, friendId: 42 });
    await waitFor(() => events(c).some((e) => e.friend_id === 42));
    c.socket.close();
  });

  it('refuses a bad token (4401), another tenant’s channel (4403) and a missing laid (4400)', async () => {
    expect(await connect({ laid: lineAccountId }, 'nope').closeCode).toBe(REALTIME_CLOSE.unauthorized);
    expect(await connect({ laid: lineAccountId }, a.tokens.owner).closeCode).toBe(REALTIME_CLOSE.unauthorized);
    expect(await connect({ laid: b.channels[0]!.id }, a.tokens.staff).closeCode).toBe(REALTIME_CLOSE.forbidden);
    expect(await connect({ laid: b.channels[0]!.id }, JSON.stringify({ token: a.tokens.staff })).closeCode).toBe(
      REALTIME_CLOSE.forbidden,
    );
    expect(await connect({ laid: lineAccountId }, b.tokens.staff).closeCode).toBe(REALTIME_CLOSE.forbidden);
    expect(await connect({}, a.tokens.staff).closeCode).toBe(REALTIME_CLOSE.badRequest);
    expect(t.app.realtimeHub.subscriberCount()).toBe(0);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, an event published through another connection (another process) reaches the subscriber',
    async () => {
      const c = await ready(connect({ laid: lineAccountId }, a.tokens.staff));
      const other = new pg.Client({ connectionString: t.runtime.ctx.config.DATABASE_URL });
      await other.connect();
      try {
        const event = { type: 'message.created', lineAccountId, friendId: 7, messageId: 70, direction: 'incoming' };
        await other.query('select pg_notify($1, $2)', [REALTIME_CHANNEL, JSON.stringify(event)]);
      } finally {
        await other.end();
      }
      await waitFor(() => events(c).some((e) => e.friend_id === 7 && e.message_id === 70));
      c.socket.close();
    },
  );
});
