/**
 * After a restart the embedded simulator is new and empty: nothing may call it for a simulated channel
 * before that channel is bound again. Deliveries left queued by the previous process, and webhook
 * events it stored but did not process, go out to the right channel instead of meeting a 401.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { loadConfig } from '../../config.ts';
import { deliveries } from '../delivery/schema.ts';
import { markCredentialsInvalid } from '../delivery/repository.ts';
import { startServer, type Server } from '../../server.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { waitFor } from '../../test/wait.ts';
import { enqueueSend } from '../delivery/service.ts';

const FRIENDS = 30;

let t: TestApp;
let server: Server | undefined;

beforeAll(async () => {
  // The previous process: api only, so what it enqueued is still waiting when it stops.
  t = await startTestApp({}, { role: 'api', persistent: true });
});
afterAll(async () => {
  await server?.stop();
  await t?.stop();
});

describe('start order', () => {
  it('binds the simulated channels before any job calls the embedded simulator', async () => {
    const account = await t.factory.account();
    const secrets = t.runtime.ctx.secrets;
    const channel = await t.factory.lineAccount(account.id, {
      simulated: true,
      channelId: String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999)),
      channelSecretSealed: secrets.seal(randomBytes(16).toString('hex')),
      channelAccessTokenSealed: secrets.seal(randomBytes(32).toString('base64url')),
    });
    const friendIds: number[] = [];
    for (let i = 0; i < FRIENDS; i++) friendIds.push((await t.factory.friend(channel.id)).id);
    const ids: number[] = [];
    for (const friendId of friendIds) {
      const sent = await enqueueSend(
        t.runtime.ctx,
        { lineAccountId: channel.id },
        { friendIds: [friendId], messages: [{ type: 'text', text: '再起動のあと' }], source: 'test' },
      );
      ids.push(...sent);
    }
    // Some met the previous simulator's 401 and wait for the token: binding the channel ends that.
    await markCredentialsInvalid(t.runtime.ctx.database.db, channel.id, 'Authentication failed.');
    await t.runtime.ctx.database.db
      .update(deliveries)
      .set({ status: 'waiting', waitReason: 'credentials', nextAttemptAt: new Date(Date.now() + 3_600_000) })
      .where(inArray(deliveries.id, ids.slice(0, 5)));
    await t.close();

    const config = loadConfig({
      ...t.serverEnv(),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      LINE_SIMULATOR: 'embedded',
    });
    server = await startServer(config, 'all');
    const db = server.ctx.database.db;
    const rows = await waitFor(async () => {
      const all = await db.select().from(deliveries).where(eq(deliveries.lineAccountId, channel.id));
      return all.every((row) => row.status === 'sent' || row.status === 'failed') && all;
    }, 20_000);
    expect(rows.filter((row) => row.status !== 'sent').map((row) => row.lastError)).toEqual([]);
    const simulated = server.ctx.simulator!.channel(channel.channelId!)!;
    expect(simulated.sentMessages().filter((sent) => sent.delivered)).toHaveLength(FRIENDS);
  });
});
