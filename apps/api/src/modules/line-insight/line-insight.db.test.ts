/**
 * LINE's figures of yesterday, read by the worker's job from the simulator's statistics into the
 * table the dashboard reads: a day LINE has not counted (or could not be asked) stays pending with
 * nulls, never zeros, and is asked again on the next run; a day read is not asked again.
 */
import { messagingApi } from '@line/bot-sdk';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lineInsightApi as api } from '@linq/contract';
import { channelScope } from '../../platform/principal.ts';
import { useTestApp } from '../../test/kit.ts';
import { userLineAccounts } from '../line-accounts/schema.ts';
import { lineInsightDays } from './schema.ts';
import { readChannel } from './service.ts';

const DAY_MS = 86_400_000;
/** The simulator's clock runs this far from the system's: its friends can act "yesterday". */
let simulatorOffsetMs = 0;
const t = useTestApp({ role: 'api', simulator: { now: () => Date.now() + simulatorOffsetMs } });

/** A simulated channel whose 12 friends followed yesterday (one blocked), and got one push each of two of them. */
async function channelWithYesterday() {
  const { row, channel, token } = await t.factory.simulatedChannel(t.tenant.account.id, t.sim);
  await t.db.insert(userLineAccounts).values({ userId: t.tenant.staff.id, lineAccountId: row.id });
  simulatorOffsetMs = -DAY_MS;
  const friends = channel.createFriends(12);
  await friends[11]!.unfollow();
  const client = new messagingApi.MessagingApiClient({ channelAccessToken: token, baseURL: t.sim.url });
  for (const friend of friends.slice(0, 2))
    await client.pushMessage({ to: friend.userId, messages: [{ type: 'text', text: 'こんにちは' }] });
  simulatorOffsetMs = 0;
  const as = { ...t.staff, lineAccountId: row.id };
  const shown = async () => (await t.call(api.yesterday, {}, as)).output.data;
  return { scope: channelScope(row.id), channel, shown };
}

describe("LINE's figures", () => {
  it('unready keeps yesterday pending (nulls, not zeros); the next run after LINE counted stores it', async () => {
    const { scope, channel, shown } = await channelWithYesterday();
    expect(await shown()).toMatchObject({ followers: null, deliveries: null, pending: 'not_read', checked_at: null });

    channel.setInsightSettings({ unready: true });
    await readChannel(t.ctx, scope);
    expect(await shown()).toMatchObject({ followers: null, deliveries: null, pending: 'unready' });
    const [stored] = await t.db
      .select()
      .from(lineInsightDays)
      .where(eq(lineInsightDays.lineAccountId, scope.lineAccountId));
    expect(stored).toMatchObject({ followers: null, blocks: null, deliveries: null, pending: 'unready' });

    channel.setInsightSettings({ unready: false });
    await readChannel(t.ctx, scope);
    const figures = await shown();
    expect(figures).toMatchObject({
      followers: { followers: 12, blocks: 1 },
      deliveries: { total: 2, by_kind: { apiPush: 2, apiMulticast: 0 } },
      pending: null,
    });
    expect(figures.followers!.targeted_reaches).toBeGreaterThan(0);
    expect(figures.followers!.targeted_reaches).toBeLessThanOrEqual(11);

    // Read once: the next runs do not ask LINE for that day again.
    const asked = channel.operationCount('getNumberOfFollowers');
    await readChannel(t.ctx, scope);
    expect(channel.operationCount('getNumberOfFollowers')).toBe(asked);
  });

  it('LINE failing one call keeps that part pending; the part it gave stays, and is not asked again', async () => {
    const { scope, channel, shown } = await channelWithYesterday();
    t.sim.faults.inject({ channelId: channel.channelId, endpoint: 'getNumberOfFollowers', mode: 'error500', count: 1 });
    await readChannel(t.ctx, scope);
    expect(await shown()).toMatchObject({ followers: null, deliveries: { total: 2 }, pending: 'unreachable' });

    await readChannel(t.ctx, scope);
    expect(await shown()).toMatchObject({ followers: { followers: 12 }, deliveries: { total: 2 }, pending: null });
    expect(channel.operationCount('getNumberOfMessageDeliveries')).toBe(1);
  });

  it('a suspended account is not read (403): the day stays pending until LINE answers again', async () => {
    const { scope, channel, shown } = await channelWithYesterday();
    await channel.suspend();
    await readChannel(t.ctx, scope);
    expect(await shown()).toMatchObject({ followers: null, deliveries: null, pending: 'unreachable' });
    await channel.resume();
    await readChannel(t.ctx, scope);
    expect(await shown()).toMatchObject({ followers: { followers: 12 }, pending: null });
  });
});
