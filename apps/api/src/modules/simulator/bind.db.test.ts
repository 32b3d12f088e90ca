import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { startLineSimulator } from '@linq/line-simulator';
import { useTestApp } from '../../test/kit.ts';
import { waitFor } from '../../test/wait.ts';
import { friends } from '../friends/schema.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { messages } from '../talks/schema.ts';
import { bindSimulatedChannels } from './bind.ts';
import { demoFriendCount } from './demo-friends.ts';

const t = useTestApp({ simulator: true, tenants: 0 });
let consoleUrl: string;
let accountId: number;

beforeAll(async () => {
  consoleUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  accountId = (await t.factory.account()).id;
});

const db = () => t.db;

/** A simulated channel as the demo seed writes it: in the database only, sealed credentials. */
async function simulatedRow(basicId: string | null) {
  const secrets = t.ctx.secrets;
  return t.factory.lineAccount(accountId, {
    simulated: true,
    channelId: String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999)),
    basicId,
    channelSecretSealed: secrets.seal(randomBytes(16).toString('hex')),
    channelAccessTokenSealed: secrets.seal(randomBytes(32).toString('base64url')),
  });
}
const friendsOf = (lineAccountId: number) =>
  db().select().from(friends).where(eq(friends.lineAccountId, lineAccountId)).orderBy(asc(friends.id));

describe('binding simulated channels to the simulator', () => {
  it('does nothing without a simulator', async () => {
    const result = await bindSimulatedChannels({ ...t.ctx, simulator: null }, consoleUrl);
    expect(result).toMatchObject({ channels: 0, restoredFriends: 0, seedingChannels: 0 });
  });

  let honten: Awaited<ReturnType<typeof simulatedRow>>;
  let online: Awaited<ReturnType<typeof simulatedRow>>;

  it('gives the demo channels a few dozen virtual friends through signed webhooks, some writing, some blocking', async () => {
    honten = await simulatedRow('@demo-honten');
    online = await simulatedRow('@demo-online');
    const plain = await simulatedRow(null);
    const started = Date.now();
    const result = await bindSimulatedChannels(t.ctx, consoleUrl, { seedDemoFriends: true });
    // The binding itself is quick: the friends come in the background.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result).toMatchObject({ channels: 3, restoredFriends: 0, seedingChannels: 2 });
    await result.seeding;
    expect(t.sim.channel(plain.channelId!)!.friends()).toEqual([]);

    const names = new Set<string>();
    for (const demo of [honten, online]) {
      const channel = t.sim.channel(demo.channelId!)!;
      expect(channel.webhookUrl).toBe(`${consoleUrl}/webhooks/line/${demo.webhookKey}`);
      const [stored] = await db().select().from(lineAccounts).where(eq(lineAccounts.id, demo.id));
      expect(stored!.botUserId).toBe(channel.botUserId);
      expect(channel.webhookDeliveries().every((d) => d.statusCode === 200)).toBe(true);

      const rows = await friendsOf(demo.id);
      expect(rows.length).toBe(demoFriendCount(demo.basicId));
      expect(rows.length).toBeGreaterThanOrEqual(24);
      const blocked = rows.filter((r) => r.status === 'blocked');
      expect(blocked.length).toBeGreaterThan(0);
      expect(channel.followerCount()).toBe(rows.length - blocked.length);
      // Every profile was fetched while the friend still followed.
      for (const row of rows) {
        expect(row.displayName).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]|^[A-Z][a-z]+$/);
        expect(row.pictureUrl).toBe(`${t.sim.url}/_sim/avatar/${row.lineUserId}.svg`);
        names.add(row.displayName);
      }
      const incoming = await db().select().from(messages).where(eq(messages.lineAccountId, demo.id));
      // What the friends sent, and their follows and blocks, which the talk shows as events.
      expect([...new Set(incoming.map((m) => m.type))].sort()).toEqual([
        'follow',
        'image',
        'sticker',
        'text',
        'unfollow',
      ]);
      expect(rows.filter((r) => r.unreadCount > 0).length).toBeGreaterThan(rows.length / 3);
    }
    // The two channels have different friends.
    expect(names.size).toBeGreaterThan(demoFriendCount('@demo-honten'));
  });

  it('restores known friends in a fresh simulator with their ids, profiles and follow state, and seeds nothing again', async () => {
    const before = await friendsOf(honten.id);
    // A restart: a new, empty simulator (on another port), the same database.
    const fresh = await startLineSimulator();
    try {
      const ctx = { ...t.ctx, simulator: fresh };
      const result = await bindSimulatedChannels(ctx, consoleUrl, { seedDemoFriends: true });
      expect(result.seedingChannels).toBe(0);
      expect(result.restoredFriends).toBe(before.length + demoFriendCount('@demo-online'));
      const channel = fresh.channel(honten.channelId!)!;
      expect(channel.friends().map((f) => [f.userId, f.profile.displayName, f.following])).toEqual(
        before.map((r) => [r.lineUserId, r.displayName, r.status === 'following']),
      );
      expect(channel.friends().map((f) => f.profile.statusMessage ?? '')).toEqual(
        before.map((r) => r.statusMessage ?? ''),
      );
      // Stored avatars of the old simulator now point at the running one.
      const after = await friendsOf(honten.id);
      expect(after.map((r) => r.pictureUrl)).toEqual(after.map((r) => `${fresh.url}/_sim/avatar/${r.lineUserId}.svg`));

      // Restored friends act as before: a blocked one comes back and writes.
      const blocked = before.find((r) => r.status === 'blocked')!;
      const back = channel.friend(blocked.lineUserId)!;
      expect((await back.follow()).statusCode).toBe(200);
      expect((await back.sendText('また来ました')).statusCode).toBe(200);
      const row = await waitFor(async () => {
        const [f] = await db().select().from(friends).where(eq(friends.id, blocked.id));
        return f?.status === 'following' && f.lastMessageText === 'また来ました' ? f : undefined;
      }, 20_000);
      expect(row.status).toBe('following');
    } finally {
      await fresh.stop();
    }
  });

  it('skips a channel whose credentials cannot be opened', async () => {
    const broken = await t.factory.lineAccount(accountId, {
      simulated: true,
      channelId: '1999999999',
      channelSecretSealed: 'v1.broken.broken.broken',
      channelAccessTokenSealed: 'v1.broken.broken.broken',
    });
    await bindSimulatedChannels(t.ctx, consoleUrl, { seedDemoFriends: false });
    expect(t.sim.channel(broken.channelId!)).toBeUndefined();
  });
});
