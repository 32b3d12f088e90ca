import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { LineMessage } from '../../platform/line.ts';
import { channelScope } from '../../platform/principal.ts';
import { friends } from '../friends/schema.ts';
import { deliveries } from './schema.ts';
import { outboxEvents } from '../../platform/outbox-schema.ts';
import * as repo from './repository.ts';
import { useTestApp } from '../../test/kit.ts';
import { waitFor } from '../../test/wait.ts';
import type { SettledDelivery } from './events.ts';
import { registerDeliveryJobs } from './jobs.ts';
import { warmSimulator } from './test-support.ts';
import { DEFAULT_DELIVERY_POLICY, enqueueSend, sendDeliveries, sendDelivery, type DeliveryPolicy } from './service.ts';

/*
 * message.delivered and message.failed reach a subscriber exactly once per delivery, however often
 * its send is retried (5xx, a time-out after LINE accepted it) or its job runs.
 */

const policy: DeliveryPolicy = { ...DEFAULT_DELIVERY_POLICY, retryBaseMs: 20, retryMaxDelayMs: 100, maxAttempts: 4 };
const hello: LineMessage[] = [{ type: 'text', text: 'こんにちは' }];

// The API role starts no workers: the delivery worker runs with the test policy instead.
const t = useTestApp({ role: 'api', simulator: true, tenants: 0, config: { LINE_REQUEST_TIMEOUT_MS: 1_000 } });
let accountId: number;
const delivered: SettledDelivery[] = [];
const failed: Array<SettledDelivery & { reason: string }> = [];

beforeAll(async () => {
  await registerDeliveryJobs(t.ctx, policy);
  accountId = (await t.factory.account()).id;
  await warmSimulator(t, accountId, hello);
  t.ctx.events.subscribe('message.delivered', async (event) => void delivered.push(event));
  t.ctx.events.subscribe('message.failed', async (event) => void failed.push(event));
});

async function sendToTwoFriends(messages = hello) {
  const { row, channel } = await t.factory.simulatedChannel(accountId, t.sim);
  const virtual = channel.createFriends(2);
  const friendRows = await t.db
    .insert(friends)
    .values(virtual.map((f) => ({ lineAccountId: row.id, lineUserId: f.userId, displayName: f.profile.displayName })))
    .returning({ id: friends.id });
  const send = () =>
    enqueueSend(t.ctx, channelScope(row.id), { friendIds: friendRows.map((f) => f.id), messages, source: 'test' }).then(
      (ids) => ids[0]!,
    );
  return { lineAccountId: row.id, channel, send };
}

const settled = (id: number, status: 'sent' | 'failed') =>
  waitFor(async () => {
    const [row] = await t.db.select().from(deliveries).where(eq(deliveries.id, id));
    return row?.status === status && row;
  });
const deliveredOf = (deliveryId: number) => delivered.filter((event) => event.deliveryId === deliveryId);
const failedOf = (deliveryId: number) => failed.filter((event) => event.deliveryId === deliveryId);

describe('delivery events', () => {
  it('message.delivered: once after 500, 500, 200 with the same retry key', async () => {
    const { lineAccountId, channel, send } = await sendToTwoFriends();
    t.sim.faults.inject({ channelId: channel.channelId, endpoint: 'multicast', mode: 'error500', count: 2 });
    const id = await send();
    expect((await settled(id, 'sent')).attempts).toBe(3);
    expect(deliveredOf(id)).toEqual([{ lineAccountId, deliveryId: id }]);
    expect(failedOf(id)).toEqual([]);
  });

  it('message.delivered: once when the retry learns LINE had accepted the timed-out attempt (409)', async () => {
    const { lineAccountId, channel, send } = await sendToTwoFriends();
    t.sim.faults.inject({
      channelId: channel.channelId,
      endpoint: 'multicast',
      mode: 'timeoutAfterProcessing',
      count: 1,
    });
    const id = await send();
    expect((await settled(id, 'sent')).attempts).toBe(2);
    expect(deliveredOf(id)).toEqual([{ lineAccountId, deliveryId: id }]);
  });

  it('message.delivered: once when the delivery’s job runs several times at once', async () => {
    const { lineAccountId, send } = await sendToTwoFriends();
    const id = await send();
    await Promise.all([sendDelivery(t.ctx, id, policy), sendDelivery(t.ctx, id, policy)]);
    await settled(id, 'sent');
    await sendDelivery(t.ctx, id, policy);
    expect(deliveredOf(id)).toEqual([{ lineAccountId, deliveryId: id }]);
  });

  it('message.failed: once when LINE refuses the messages (400), also with its job run again', async () => {
    const { lineAccountId, send } = await sendToTwoFriends([{ type: 'text', text: 'あ'.repeat(5001) }]);
    const id = await send();
    const row = await settled(id, 'failed');
    await Promise.all([sendDelivery(t.ctx, id, policy), sendDelivery(t.ctx, id, policy)]);
    expect(failedOf(id)).toEqual([{ lineAccountId, deliveryId: id, reason: row.lastError }]);
    expect(deliveredOf(id)).toEqual([]);
  });

  it('message.failed: once when LINE stays down past the attempts allowed', async () => {
    const { lineAccountId, channel, send } = await sendToTwoFriends();
    t.sim.faults.inject({ channelId: channel.channelId, endpoint: 'multicast', mode: 'error500', count: 100 });
    const id = await send();
    const row = await settled(id, 'failed');
    t.sim.faults.clear();
    expect(row.attempts).toBe(policy.maxAttempts);
    expect(failedOf(id)).toEqual([{ lineAccountId, deliveryId: id, reason: row.lastError }]);
  });

  it('a fetch’s deliveries settled together: each sent with its own request id, one event each, a refused one failed alone', async () => {
    const { lineAccountId, channel } = await sendToTwoFriends();
    const friendIds = (
      await t.db.select({ id: friends.id }).from(friends).where(eq(friends.lineAccountId, lineAccountId))
    ).map((f) => f.id);
    const tooLong: LineMessage[] = [{ type: 'text', text: 'あ'.repeat(5001) }];
    // Written without jobs: the test is the worker, and hands it the fetch.
    const ids = await repo.insertDeliveries(t.db, channelScope(lineAccountId), { source: 'test' }, [
      { messages: hello, friendIds },
      { messages: tooLong, friendIds },
      { messages: hello, friendIds: [friendIds[0]!] },
      { messages: [{ type: 'text', text: 'またね' }], friendIds },
    ]);
    await sendDeliveries(t.ctx, ids, policy);

    const rows = await t.db.select().from(deliveries).where(inArray(deliveries.id, ids)).orderBy(deliveries.id);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 1],
      ['failed', 1],
      ['sent', 1],
      ['sent', 1],
    ]);
    const requests = new Map(channel.sentMessages().map((m) => [m.retryKey, m.requestId]));
    for (const row of rows.filter((r) => r.status === 'sent')) {
      expect(row.lineRequestId).toBe(requests.get(row.retryKey));
      expect(row.sentAt).toBeInstanceOf(Date);
    }
    expect(new Set(rows.map((row) => row.lineRequestId)).size).toBe(4);
    const [sent1, refused, sent2, sent3] = ids as [number, number, number, number];
    for (const id of [sent1, sent2, sent3]) expect(deliveredOf(id)).toEqual([{ lineAccountId, deliveryId: id }]);
    expect(failedOf(refused)).toEqual([{ lineAccountId, deliveryId: refused, reason: rows[1]!.lastError }]);
    expect(deliveredOf(refused)).toEqual([]);
    // Their outbox rows too: one message.delivered each, for the consumers.
    const outbox = await t.db
      .select({ deliveryId: sql<number>`(${outboxEvents.payload}->>'deliveryId')::int`.mapWith(Number) })
      .from(outboxEvents)
      .where(
        sql`${outboxEvents.name} = 'message.delivered' and (${outboxEvents.payload}->>'deliveryId')::bigint = any(${sql.param(ids)}::bigint[])`,
      );
    expect(outbox.map((row) => row.deliveryId).toSorted((a, b) => a - b)).toEqual([sent1, sent2, sent3]);

    // Its jobs run again: nothing more is sent or published.
    const requestsBefore = channel.sentMessageCount();
    await sendDeliveries(t.ctx, ids, policy);
    expect(channel.sentMessageCount()).toBe(requestsBefore);
    for (const id of [sent1, sent2, sent3]) expect(deliveredOf(id)).toHaveLength(1);
  });
});
