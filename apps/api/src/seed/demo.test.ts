import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { lineAccounts } from '../platform/schema.ts';
import { seedDemoIfEmpty } from './demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

describe('demo seed', () => {
  it('binds both demo channels to the simulator with generated credentials, stored sealed', async () => {
    expect(await seedDemoIfEmpty(t.runtime.ctx)).toBe(true);
    expect(await seedDemoIfEmpty(t.runtime.ctx)).toBe(false);
    const channels = await t.runtime.ctx.database.db.select().from(lineAccounts).orderBy(asc(lineAccounts.id));
    expect(channels.map((c) => [c.name, c.basicId, c.simulated])).toEqual([
      ['Demo Shop 本店', '@demo-honten', true],
      ['Demo Shop オンライン', '@demo-online', true],
    ]);
    const secrets = t.runtime.ctx.secrets;
    for (const channel of channels) {
      expect(channel.channelId).toMatch(/^[1-9]\d{9}$/);
      expect(channel.channelSecretSealed).toMatch(/^v1\./);
      expect(secrets.open(channel.channelSecretSealed!)).toMatch(/^[0-9a-f]{32}$/);
      expect(secrets.open(channel.channelAccessTokenSealed!)).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    }
    expect(new Set(channels.map((c) => c.channelId)).size).toBe(2);
  });
});
