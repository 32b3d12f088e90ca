/**
 * Every connection of the server to PostgreSQL cut (pg_terminate_backend, as a failover, a proxy
 * restart or a network blip would), several times, while webhooks arrive, staff send and a browser
 * holds a realtime socket. The server is a real process: it must stay up, answer /health again,
 * have stored every webhook it acknowledged, send every message it accepted, and keep the socket
 * (which is told to catch up, then gets the next event). PostgreSQL only (TEST_DATABASE_URL).
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startLineSimulator, type LineSimulator, type SimFriend } from '@linq/line-simulator';
import { permissionsWith, type RealtimeEventMessage } from '@linq/contract';
import { startTestApp, type TestApp } from './harness.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { waitFor } from './wait.ts';
import { webhookEvents } from '../modules/webhooks/schema.ts';
import { terminateBackends } from './postgres.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const ROUNDS = 4;
const FRIENDS = 6;

/** The `ws` client (installed with @fastify/websocket; Node 20 has no global WebSocket), typed as used here. */
interface WsClient {
  send(data: string): void;
  close(): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): void;
  on(event: 'error', listener: () => void): void;
}
const { WebSocket } = createRequire(import.meta.url)('ws') as { WebSocket: new (url: string) => WsClient };

describe.runIf(serverUrl)('database connections lost', () => {
  let sim: LineSimulator;
  let t: TestApp;
  let server: ServerProcess | undefined;
  let socket: WsClient | undefined;

  beforeAll(async () => {
    sim = await startLineSimulator();
    t = await startTestApp({}, { role: 'api' });
  });
  afterAll(async () => {
    socket?.close();
    await server?.kill('SIGKILL');
    await t?.stop();
    await sim?.stop();
  });

  it('stays up, recovers, loses no acknowledged webhook or accepted send, and the socket goes on', async () => {
    const account = await t.factory.account();
    const { row, channel } = await t.factory.lineChannelOn(account.id, sim);
    const virtual: SimFriend[] = channel.createFriends(FRIENDS);
    const friendIds: number[] = [];
    for (const friend of virtual) friendIds.push((await t.factory.friend(row.id, { lineUserId: friend.userId })).id);
    const authority = await t.factory.staffAuthority(account.id, permissionsWith('edit', true));
    const staff = await t.factory.user('service', {
      accountId: account.id,
      staffAuthorityId: authority.id,
      lineAccountIds: [row.id],
    });
    const staffToken = await t.factory.login('service', staff.email);
    const database = new URL(t.runtime.ctx.config.DATABASE_URL!).pathname.slice(1);
    await t.close();

    server = await startServerProcess({
      ...t.serverEnv(),
      LINE_API_BASE_URL: sim.url,
      LINE_DATA_API_BASE_URL: sim.url,
    });
    channel.setWebhookUrl(`${server.url}/webhooks/line/${row.webhookKey}`);
    const received: Array<RealtimeEventMessage | { type: 'ready' }> = [];
    socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/api/service/realtime?laid=${row.id}`);
    socket.on('message', (data) => received.push(JSON.parse(data.toString('utf8')) as (typeof received)[number]));
    socket.on('error', () => undefined);
    let closed = '';
    socket.on('close', (code, reason) => (closed = `closed ${code} ${reason.toString('utf8')}`));
    await new Promise<void>((resolve) => {
      socket!.on('message', () => resolve());
      // The token is the first message, once the socket is open.
      const opened = setInterval(() => {
        try {
          socket!.send(JSON.stringify({ token: staffToken }));
          clearInterval(opened);
        } catch {
          // not open yet
        }
      }, 20);
    });
    expect(received).toEqual([{ type: 'ready' }]);

    const acknowledged = new Set<string>();
    const accepted: string[] = [];
    const health = async () => (await fetch(`${server!.url}/health`).catch(() => null))?.status === 200;
    const writes = async (round: number) => {
      await Promise.all(
        virtual.map(async (friend, i) => {
          const delivery = await friend.sendText(`round ${round} from ${i}`);
          if (delivery.statusCode === 200) for (const id of delivery.webhookEventIds) acknowledged.add(id);
        }),
      );
    };
    const sends = async (round: number) => {
      await Promise.all(
        friendIds.map(async (friendId, i) => {
          const text = `reply ${round} to ${i}`;
          const response = await fetch(`${server!.url}/api/service/messages`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${staffToken}`,
              lineaccountid: String(row.id),
              'content-type': 'application/json',
            },
            body: JSON.stringify({ friend_id: friendId, message: { type: 'text', text } }),
          }).catch(() => null);
          if (response?.status === 201) accepted.push(text);
        }),
      );
    };

    for (let round = 0; round < ROUNDS; round++) {
      const traffic = Promise.all([writes(round), sends(round)]);
      expect(await terminateBackends(serverUrl!, database)).toBeGreaterThan(0);
      await traffic;
      expect(server.alive(), server.output()).toBe(true);
      await waitFor(health, 20_000);
    }

    // Still up after every cut, serving again.
    expect(server.alive(), server.output()).toBe(true);
    expect(await health()).toBe(true);
    // Told to catch up on what it may have missed while the server's LISTEN was down.
    await waitFor(() => received.filter((m) => m.type === 'ready').length > 1, 20_000).catch((error: Error) => {
      throw new Error(`${error.message}: ${closed} ${JSON.stringify(received)}\n${server!.output()}`);
    });
    // The same socket gets the next event. The last cut may have taken the server's LISTEN a moment
    // ago (the catch-up awaited above can be an earlier round's): an event published before it listens
    // again reaches the socket as one more `ready`, not as itself. So a message is sent again until one
    // arrives as itself.
    const before = received.length;
    const incomingSince = (from: number) =>
      received.slice(from).some((m) => m.type === 'message.created' && m.direction === 'incoming');
    await waitFor(async () => {
      const from = received.length;
      expect((await virtual[0]!.sendText('after the cuts')).statusCode).toBe(200);
      return waitFor(() => incomingSince(from), 5_000).then(
        () => true,
        () => false,
      );
    }, 20_000).catch((error: Error) => {
      throw new Error(`${error.message}: ${closed} ${JSON.stringify(received.slice(before))}\n${server!.output()}`);
    });

    expect(acknowledged.size).toBeGreaterThan(0);
    t = await t.restart('api');
    const stored = await t.runtime.ctx.database.db
      .select({ id: webhookEvents.webhookEventId })
      .from(webhookEvents)
      .where(eq(webhookEvents.lineAccountId, row.id));
    const storedIds = new Set(stored.map((s) => s.id));
    expect([...acknowledged].filter((id) => !storedIds.has(id))).toEqual([]);

    expect(accepted.length).toBeGreaterThan(0);
    await waitFor(() => {
      const sent = new Set(channel.sentMessages().map((m) => m.message['text']));
      return accepted.every((text) => sent.has(text));
    }, 60_000);
    expect(server.alive(), server.output()).toBe(true);
  }, 180_000);
});
