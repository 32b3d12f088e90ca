import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startLineSimulator, type LineSimulator } from '@linq/line-simulator';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { friends } from '../friends/schema.ts';
import { webhookEvents } from './schema.ts';
import { waitFor } from '../../test/wait.ts';

let sim: LineSimulator;
let t: TestApp;
beforeAll(async () => {
  sim = await startLineSimulator();
  // An api-only process: it answers LINE but never processes, like one killed right after the 200.
  t = await startTestApp({}, { simulator: sim, role: 'api', persistent: true });
});
afterAll(async () => {
  await t.stop();
  await sim.stop();
});

describe('persist before ack', () => {
  it('processes an event answered with 200 by a process that then died, once a new process starts', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const account = await t.factory.account();
    const { row, channel } = await t.factory.simulatedChannel(account.id, sim, url);
    const friend = channel.createFriend({ displayName: '再起動 太郎' });
    expect((await friend.follow()).statusCode).toBe(200);

    const db = () => t.runtime.ctx.database.db;
    const [stored] = await db().select().from(webhookEvents).where(eq(webhookEvents.lineAccountId, row.id));
    expect(stored).toMatchObject({ type: 'follow', processedAt: null });
    expect(await db().select().from(friends).where(eq(friends.lineAccountId, row.id))).toEqual([]);

    t = await t.restart('all');
    const created = await waitFor(
      async () => (await db().select().from(friends).where(eq(friends.lineAccountId, row.id)))[0],
    );
    expect(created).toMatchObject({ lineUserId: friend.userId, displayName: '再起動 太郎', status: 'following' });
  });
});
