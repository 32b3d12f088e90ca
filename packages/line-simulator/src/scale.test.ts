import { messagingApi } from '@line/bot-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLineSimulator, type LineSimulator, type SimChannel } from './index.ts';

/** The benchmark's shape at full size: one message multicast to 100,000 friends (200 x 500). */
let sim: LineSimulator;
let channel: SimChannel;
beforeAll(async () => {
  sim = await startLineSimulator({ validateResponses: true });
  channel = sim.addChannel({ channelId: '3', channelSecret: 's', channelAccessToken: 'bench', quota: null });
});
afterAll(async () => {
  await sim.stop();
});

describe('scale', () => {
  it('creates 100,000 friends in bulk quickly and without webhooks', () => {
    const t0 = performance.now();
    const friends = channel.createFriends(100_000, (i) => `友だち${i}`);
    const ms = performance.now() - t0;
    expect(friends).toHaveLength(100_000);
    expect(channel.followerCount()).toBe(100_000);
    expect(channel.webhookDeliveries()).toHaveLength(0);
    expect(friends[99_999]!.profile.displayName).toBe('友だち99999');
    expect(ms).toBeLessThan(3000);
  });

  it('records one multicast to 100,000 friends (200 requests of 500)', async () => {
    const client = new messagingApi.MessagingApiClient({ channelAccessToken: 'bench', baseURL: sim.url });
    const ids = channel.friends().map((f) => f.userId);
    const message = { type: 'text' as const, text: '全員へのお知らせ' };
    const t0 = performance.now();
    for (let batch = 0; batch < 200; batch += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, j) =>
          client.multicast({ to: ids.slice((batch + j) * 500, (batch + j + 1) * 500), messages: [message] }),
        ),
      );
    }
    const ms = performance.now() - t0;
    expect(channel.sentMessageCount()).toBe(100_000);
    expect(channel.friend(ids[54_321]!)!.inbox()).toHaveLength(1);
    expect((await client.getMessageQuotaConsumption()).totalUsage).toBe(100_000);
    expect(ms).toBeLessThan(20_000);
    console.log(`[line-simulator] multicast to 100,000 friends recorded in ${Math.round(ms)} ms`);
  });
});
