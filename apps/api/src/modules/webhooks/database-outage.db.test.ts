/**
 * The database unreachable: LINE must get a 5xx (so it redelivers), and once the
 * database is back the same delivery is accepted without restarting anything.
 * Runs on the PostgreSQL server (TEST_DATABASE_URL), where connections can be refused.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startTestApp, type TestApp } from '../../test/harness.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('webhooks while the database is down', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.stop());

  async function onServer(sql: string) {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  }

  it('answers 5xx while the database refuses connections, then 200 when it is back', async () => {
    const account = await t.factory.account();
    const secret = 'a'.repeat(32);
    const channel = await t.factory.lineAccount(account.id, {
      channelSecretSealed: t.runtime.ctx.secrets.seal(secret),
    });
    const body = JSON.stringify({ destination: `U${'0'.repeat(32)}`, events: [] });
    const send = () =>
      fetch(`${url}/webhooks/line/${channel.webhookKey}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-line-signature': createHmac('sha256', secret).update(body).digest('base64'),
        },
        body,
      });
    const database = new URL(t.runtime.ctx.config.DATABASE_URL!).pathname.slice(1);
    await onServer(`alter database ${database} allow_connections false`);
    await onServer(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database}'`);
    try {
      const down = await send();
      expect(down.status).toBeGreaterThanOrEqual(500);
    } finally {
      await onServer(`alter database ${database} allow_connections true`);
    }
    expect((await send()).status).toBe(200);
  });
});
