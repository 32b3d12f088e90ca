import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { SimChannel } from '@linq/line-simulator';
import { lineClient, type LineMessage } from '../../platform/line.ts';
import { useTestApp } from '../../test/kit.ts';
import type { Db } from '../../platform/db.ts';
import { channelScope } from '../../platform/principal.ts';
import { deliveries } from './schema.ts';
import { friends } from '../friends/schema.ts';
import { waitFor } from '../../test/wait.ts';
import { registerDeliveryJobs } from './jobs.ts';
import { warmSimulator } from './test-support.ts';
import * as repo from './repository.ts';
import { DELIVERY_WAIT_MESSAGES, MESSAGE_LIMIT_MESSAGE, type AudienceExpression } from '@linq/contract';
import { friendTags, tags } from '../labels/schema.ts';
import {
  AUDIENCE_SEND_BATCH,
  DEFAULT_DELIVERY_POLICY,
  RECIPIENTS_PER_MULTICAST,
  enqueueAudienceSend,
  ORPHAN_RESUME_GOAL_MS,
  QUOTA_WAIT_END_GOAL_MS,
  enqueueSend,
  recordAudienceSend,
  recordSend,
  sendDelivery,
  sweepDeliveries,
  type DeliveryPolicy,
} from './service.ts';

/** Short back-offs; quota waits and lost jobs are due at once, so a sweep picks them up. */
const policy: DeliveryPolicy = {
  ...DEFAULT_DELIVERY_POLICY,
  retryBaseMs: 20,
  retryMaxDelayMs: 100,
  maxAttempts: 4,
  maxRateLimitedAttempts: 8,
  quotaRecheckMs: 0,
  sweepGraceMs: 0,
};
const hello: LineMessage[] = [{ type: 'text', text: 'こんにちは🍣' }];

const t = useTestApp({ config: { LINE_REQUEST_TIMEOUT_MS: 300 }, role: 'api', simulator: true, tenants: 0 });
let accountId: number;

beforeAll(async () => {
  // The API role starts no workers: the delivery worker runs with the test policy instead.
  await registerDeliveryJobs(t.ctx, policy);
  accountId = (await t.factory.account()).id;
  await warmSimulator(t, accountId, hello);
});

const db = () => t.db;

/** A simulated channel with `count` following virtual friends, and their friends rows. */
async function channelWithFriends(count: number) {
  const { row, channel, token } = await t.factory.simulatedChannel(accountId, t.sim);
  const virtual = channel.createFriends(count);
  const rows = await db()
    .insert(friends)
    .values(virtual.map((f) => ({ lineAccountId: row.id, lineUserId: f.userId, displayName: f.profile.displayName })))
    .returning({ id: friends.id });
  return { lineAccountId: row.id, channel, token, friendIds: rows.map((r) => r.id) };
}

async function delivery(id: number) {
  const [row] = await db().select().from(deliveries).where(eq(deliveries.id, id));
  return row!;
}

/** The delivery log per friend: each recipient with what became of the delivery for them. */
async function recipients(deliveryId: number) {
  const [row] = await db()
    .select({ friendIds: deliveries.friendIds, status: repo.recipientStatus, reason: repo.recipientFailureReason })
    .from(deliveries)
    .where(eq(deliveries.id, deliveryId));
  const { friendIds, status, reason } = row!;
  return friendIds.toSorted((a, b) => a - b).map((friendId) => ({ friendId, status, reason }));
}

const settled = (id: number, status: 'sent' | 'failed' | 'waiting') =>
  waitFor(async () => {
    const row = await delivery(id);
    return row.status === status && row;
  });

async function sendOne(lineAccountId: number, friendIds: number[], messages = hello) {
  const ids = await enqueueSend(t.ctx, channelScope(lineAccountId), { friendIds, messages, source: 'test' });
  expect(ids).toHaveLength(1);
  return ids[0]!;
}

const requestIds = (channel: SimChannel) => new Set(channel.sentMessages().map((m) => m.requestId));

describe('delivery', () => {
  it('pushes to one friend and multicasts to several, logging each recipient as sent', async () => {
    const { lineAccountId, channel, friendIds } = await channelWithFriends(3);
    const pushed = await sendOne(lineAccountId, [friendIds[0]!]);
    const multicast = await sendOne(lineAccountId, friendIds);

    const pushRow = await settled(pushed, 'sent');
    const multicastRow = await settled(multicast, 'sent');
    expect(pushRow).toMatchObject({ attempts: 1, lastError: null });
    expect(multicastRow.sentAt).toBeInstanceOf(Date);
    expect((await recipients(multicast)).map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    const sent = channel.sentMessages();
    const byPush = sent.filter((m) => m.endpoint === 'pushMessage');
    const byMulticast = sent.filter((m) => m.endpoint === 'multicast');
    expect(byPush).toMatchObject([{ message: hello[0], retryKey: pushRow.retryKey, requestId: pushRow.lineRequestId }]);
    expect(byMulticast).toHaveLength(3);
    expect(byMulticast[0]).toMatchObject({ retryKey: multicastRow.retryKey, requestId: multicastRow.lineRequestId });
  });

  it('sends to following friends only: blocked ones are logged failed, strangers are not written', async () => {
    const { lineAccountId, channel, friendIds } = await channelWithFriends(3);
    const other = await channelWithFriends(1);
    await db().update(friends).set({ status: 'blocked' }).where(eq(friends.id, friendIds[2]!));

    const ids = await enqueueSend(t.ctx, channelScope(lineAccountId), {
      friendIds: [...friendIds, other.friendIds[0]!],
      messages: hello,
      source: 'test',
    });
    expect(ids).toHaveLength(2);
    const [sent, blocked] = ids as [number, number];
    await settled(sent, 'sent');
    expect((await recipients(sent)).map((r) => r.friendId)).toEqual(friendIds.slice(0, 2));
    expect(await delivery(blocked)).toMatchObject({ status: 'failed', attempts: 0 });
    expect(await recipients(blocked)).toMatchObject([{ friendId: friendIds[2], status: 'failed', reason: 'blocked' }]);
    const stranger = await db()
      .select()
      .from(deliveries)
      .where(sql`${other.friendIds[0]!} = any(${deliveries.friendIds})`);
    expect(stranger).toEqual([]);
    expect(channel.sentMessageCount()).toBe(2);
  });

  it('500, 500, 200: retried with the same retry key, one message recorded, sent after 3 attempts', async () => {
    const { lineAccountId, channel, friendIds } = await channelWithFriends(1);
    t.sim.faults.inject({ channelId: channel.channelId, endpoint: 'pushMessage', mode: 'error500', count: 2 });

    const row = await settled(await sendOne(lineAccountId, friendIds), 'sent');
    expect(row.attempts).toBe(3);
    expect(channel.sentMessages()).toHaveLength(1);
    expect(channel.sentMessages()[0]!.retryKey).toBe(row.retryKey);
  });

  it('time-out after LINE accepted: the retry gets 409 and the delivery is sent, recorded once', async () => {
    const { lineAccountId, channel, friendIds } = await channelWithFriends(2);
    t.sim.faults.inject({
      channelId: channel.channelId,
      endpoint: 'multicast',
      mode: 'timeoutAfterProcessing',
      count: 1,
    });

    const row = await settled(await sendOne(lineAccountId, friendIds), 'sent');
    expect(row.attempts).toBe(2);
    expect(channel.sentMessages()).toHaveLength(2); // one message, two recipients
    expect(requestIds(channel)).toEqual(new Set([row.lineRequestId]));
  });

  it('no answer at all: retried after the time-out and sent once', async () => {
    const { lineAccountId, channel, friendIds } = await channelWithFriends(2);
    t.sim.faults.inject({ channelId: channel.channelId, endpoint: 'multicast', mode: 'timeout', count: 1 });

    const row = await settled(await sendOne(lineAccountId, friendIds), 'sent');
    expect(row.attempts).toBe(2);
    expect(channel.sentMessages()).toHaveLength(2);
  });

  it('429 rate limit: backs off and sends, even past the attempts allowed for 5xx', async () => {
    const { lineAccountId, channel, friendIds } = await channelWithFriends(2);
    t.sim.faults.inject({
      channelId: channel.channelId,
      endpoint: 'multicast',
      mode: 'rate429',
      count: policy.maxAttempts,
    });

    const row = await settled(await sendOne(lineAccountId, friendIds), 'sent');
    expect(row.attempts).toBe(policy.maxAttempts + 1);
    expect(channel.sentMessages()).toHaveLength(2);
  });

  it('LINE down for longer than the retry budget: failed with the reason, nothing sent', async () => {
    const { lineAccountId, channel, friendIds } = await channelWithFriends(2);
    t.sim.faults.inject({ channelId: channel.channelId, endpoint: 'multicast', mode: 'error500', count: 100 });

    const row = await settled(await sendOne(lineAccountId, friendIds), 'failed');
    t.sim.faults.clear();
    expect(row).toMatchObject({ attempts: policy.maxAttempts, lastError: 'An error occurred in the backend' });
    expect((await recipients(row.id)).map((r) => r.reason)).toEqual([row.lastError, row.lastError]);
    expect(channel.sentMessageCount()).toBe(0);
  });

  it("400: not retried, LINE's reason recorded on the recipients", async () => {
    const { lineAccountId, channel, friendIds } = await channelWithFriends(2);
    const invalid: LineMessage[] = [{ type: 'text', text: 'あ'.repeat(5001) }];

    const row = await settled(await sendOne(lineAccountId, friendIds, invalid), 'failed');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/error/);
    expect(await recipients(row.id)).toMatchObject([
      { status: 'failed', reason: row.lastError },
      { status: 'failed', reason: row.lastError },
    ]);
    expect(await sweepDeliveries(t.ctx, policy)).toBe(0);
    expect((await delivery(row.id)).attempts).toBe(1);
    expect(channel.sentMessageCount()).toBe(0);
  });

  it('monthly quota exhausted: waits with a clear status, then goes out once the quota allows', async () => {
    const { lineAccountId, channel, friendIds } = await channelWithFriends(2);
    channel.setQuota(1, 1);

    const id = await sendOne(lineAccountId, friendIds);
    const waiting = await settled(id, 'waiting');
    expect(waiting).toMatchObject({ waitReason: 'quota', lastError: DELIVERY_WAIT_MESSAGES.quota, attempts: 0 });
    expect((await recipients(id)).map((r) => r.status)).toEqual(['queued', 'queued']);
    expect(channel.sentMessageCount()).toBe(0);

    channel.setQuota(1000, 1);
    await sweepDeliveries(t.ctx, policy);
    expect(await settled(id, 'sent')).toMatchObject({ attempts: 1, lastError: null, waitReason: null });
    expect(channel.sentMessageCount()).toBe(2);
  });

  it('quota waits of a channel: as many go out as the quota covers, oldest first; the rest wait on', async () => {
    const { lineAccountId, channel, friendIds } = await channelWithFriends(2);
    channel.setQuota(0, 0);
    const first = await sendOne(lineAccountId, friendIds);
    const second = await sendOne(lineAccountId, friendIds);
    await settled(first, 'waiting');
    await settled(second, 'waiting');

    channel.setQuota(3, 0); // two messages for the first, not enough for the second as well
    await sweepDeliveries(t.ctx, policy);
    await settled(first, 'sent');
    expect(await delivery(second)).toMatchObject({ status: 'waiting', waitReason: 'quota' });
    expect(channel.sentMessageCount()).toBe(2);
  });

  /** A delivery written like enqueueSend does, but with no job: the test plays the workers. */
  async function unqueuedDelivery(lineAccountId: number, friendIds: number[]) {
    const [id] = await repo.insertDeliveries(db(), channelScope(lineAccountId), { source: 'test' }, [
      { messages: hello, friendIds },
    ]);
    return id!;
  }

  /** The `delivery.send` jobs of the deliveries that were written in the same transaction as them. */
  async function jobsWrittenWith(ids: number[], within: Db = db()) {
    const result = await within.execute(sql`
      select count(*)::int as n from pgboss.job as j
      join ${deliveries} on ${deliveries.id} = (j.data->>'deliveryId')::bigint
      where j.name = 'delivery.send' and ${deliveries.id} = any(${sql.param(ids)}::bigint[])
        and j.created_on = ${deliveries.createdAt}`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  }

  it('a send’s jobs are written in its transaction: nothing after the commit is needed for it to go out', async () => {
    const { lineAccountId, friendIds } = await channelWithFriends(3);
    // The process dies right after the commit: nothing runs after it (no wake, no enqueue).
    const recorded = await db().transaction((tx) =>
      recordSend(t.ctx, tx, channelScope(lineAccountId), { friendIds, messages: hello, source: 'test' }),
    );
    // now() is the transaction's start for both: the job was written with the rows, not by the sweeper.
    expect(await jobsWrittenWith(recorded.ids)).toBe(1);
    await settled(recorded.ids[0]!, 'sent');
  });

  it('a send whose transaction rolls back leaves neither deliveries nor jobs', async () => {
    const { lineAccountId } = await channelWithFriends(3);
    const written: number[] = [];
    const rollback = new Error('the caller fails after recording the send');
    await expect(
      db().transaction(async (tx) => {
        const sent = await recordAudienceSend(t.ctx, tx, channelScope(lineAccountId), {
          audience: { kind: 'everyone' },
          messages: hello,
          source: 'test',
        });
        written.push(...sent.ids);
        expect(await jobsWrittenWith(sent.ids, tx)).toBe(1);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(written).toHaveLength(1);
    expect(await db().select().from(deliveries).where(inArray(deliveries.id, written))).toEqual([]);
    expect(await jobsWrittenWith(written)).toBe(0);
  });

  it('a job run twice concurrently sends once', async () => {
    const { lineAccountId, channel, friendIds } = await channelWithFriends(2);
    const id = await unqueuedDelivery(lineAccountId, friendIds);

    await Promise.all([sendDelivery(t.ctx, id, policy), sendDelivery(t.ctx, id, policy)]);
    expect(await delivery(id)).toMatchObject({ status: 'sent', attempts: 1 });
    await sendDelivery(t.ctx, id, policy);
    expect((await delivery(id)).attempts).toBe(1);
    expect(channel.sentMessageCount()).toBe(2);
  });

  it('a worker that died mid-send: the sweeper hands the delivery on and it is sent once', async () => {
    const { lineAccountId, channel, friendIds, token } = await channelWithFriends(2);
    const beforeLine = await unqueuedDelivery(lineAccountId, friendIds);
    const afterLine = await unqueuedDelivery(lineAccountId, friendIds);
    // Both claimed by a worker that then died (lease over at once); the second one's request
    // had reached LINE.
    await repo.claimDeliveriesUnscoped(db(), [beforeLine], 0);
    const [claim] = (await repo.claimDeliveriesUnscoped(db(), [afterLine], 0)) as [repo.Claim];
    const client = lineClient(t.ctx.lineEndpoints(true), token);
    const accepted = await client.multicast(
      channel.friends().map((f) => f.userId),
      claim.messages,
      claim.retryKey,
    );

    await sweepDeliveries(t.ctx, policy);
    expect(await settled(beforeLine, 'sent')).toMatchObject({ attempts: 2 });
    expect(await settled(afterLine, 'sent')).toMatchObject({ attempts: 2, lineRequestId: accepted.requestId });
    expect(channel.sentMessageCount()).toBe(4); // each delivery once, to two friends
  });

  it('a send slower than its lease keeps its claim (heartbeat): nobody takes it over meanwhile, sent once', async () => {
    const { lineAccountId, channel, friendIds } = await channelWithFriends(2);
    const id = await unqueuedDelivery(lineAccountId, friendIds);
    // Within the app's LINE time-out (300 ms) per call, but each call outlasts the lease.
    const shortLease = { ...policy, sendingLeaseMs: 120 };
    t.sim.faults.setLatency(250);
    try {
      const slow = sendDelivery(t.ctx, id, shortLease);
      await waitFor(async () => (await delivery(id)).status === 'sending');
      const claimedUntil = (await delivery(id)).nextAttemptAt.getTime();
      // Renewed well past the first lease, and neither the sweeper nor another job can claim it.
      await waitFor(async () => (await delivery(id)).nextAttemptAt.getTime() > claimedUntil + 150);
      expect(await sweepDeliveries(t.ctx, shortLease)).toBe(0);
      await sendDelivery(t.ctx, id, shortLease);
      await slow;
    } finally {
      t.sim.faults.clear();
    }
    expect(await delivery(id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(channel.sentMessageCount()).toBe(2);
  });

  it('the default timing meets the goals: orphans resume within 30 s, quota waits end within a minute', () => {
    const p = DEFAULT_DELIVERY_POLICY;
    expect(p.sendingLeaseMs + p.sweepIntervalMs).toBeLessThan(ORPHAN_RESUME_GOAL_MS);
    expect(p.quotaRecheckMs + p.sweepIntervalMs).toBeLessThanOrEqual(QUOTA_WAIT_END_GOAL_MS);
  });

  it('1,200 recipients × 7 messages: 6 deliveries of at most 500 recipients and 5 messages', async () => {
    const { lineAccountId, channel, friendIds } = await channelWithFriends(1200);
    const messages: LineMessage[] = Array.from({ length: 7 }, (_, i) => ({ type: 'text', text: `お知らせ ${i + 1}` }));

    const ids = await enqueueSend(t.ctx, channelScope(lineAccountId), { friendIds, messages, source: 'test' });
    expect(ids).toHaveLength(6);
    const rows = await db().select().from(deliveries).where(inArray(deliveries.id, ids)).orderBy(asc(deliveries.id));
    expect(rows.map((r) => r.messages.length)).toEqual([5, 5, 5, 2, 2, 2]);
    expect(new Set(rows.map((r) => r.retryKey)).size).toBe(6);
    const counts = await Promise.all(ids.map(async (id) => (await recipients(id)).length));
    expect(counts).toEqual([500, 500, 200, 500, 500, 200]);

    await waitFor(async () => {
      const statuses = await db()
        .select({ status: deliveries.status })
        .from(deliveries)
        .where(inArray(deliveries.id, ids));
      return statuses.every((s) => s.status === 'sent');
    });
    expect(channel.sentMessageCount()).toBe(1200 * 7);
  });
});

describe('a send to an audience (read in batches)', () => {
  const audienceSend = (lineAccountId: number, audience: AudienceExpression) =>
    enqueueAudienceSend(t.ctx, channelScope(lineAccountId), { audience, messages: hello, source: 'test' });

  async function rowsOf(ids: number[]) {
    return db().select().from(deliveries).where(inArray(deliveries.id, ids)).orderBy(asc(deliveries.id));
  }

  const allSent = (ids: number[]) => waitFor(async () => (await rowsOf(ids)).every((row) => row.status === 'sent'));

  it('more friends than a batch: each following friend of the audience exactly once, blocked ones not at all', async () => {
    const following = AUDIENCE_SEND_BATCH + 203;
    const { lineAccountId, channel, friendIds } = await channelWithFriends(following + 2);
    const blocked = friendIds.slice(-2);
    await db().update(friends).set({ status: 'blocked' }).where(inArray(friends.id, blocked));

    const sent = await audienceSend(lineAccountId, { kind: 'everyone' });
    expect([sent.recipients, sent.refusal]).toEqual([following, null]);
    const rows = await rowsOf(sent.ids);
    expect(rows).toHaveLength(Math.ceil(following / RECIPIENTS_PER_MULTICAST));
    expect(rows.every((row) => row.friendIds.length <= RECIPIENTS_PER_MULTICAST)).toBe(true);
    expect(new Set(rows.map((row) => row.retryKey)).size).toBe(rows.length);
    const recipients = rows.flatMap((row) => row.friendIds);
    expect(recipients.toSorted((a, b) => a - b)).toEqual(friendIds.slice(0, following));

    await allSent(sent.ids);
    const received = channel.sentMessages().map((m) => m.to);
    expect(received).toHaveLength(following);
    expect(new Set(received).size).toBe(following);
  });

  it('a tag deleted since narrows the audience, never widens it', async () => {
    const { lineAccountId, channel, friendIds } = await channelWithFriends(4);
    const [kept, deleted] = [await t.factory.tag(lineAccountId), await t.factory.tag(lineAccountId)];
    const [keptOnly, deletedOnly, both] = friendIds as [number, number, number, number];
    const link = (friendId: number, tagId: number) => ({ lineAccountId, friendId, tagId });
    await db()
      .insert(friendTags)
      .values([link(keptOnly, kept.id), link(deletedOnly, deleted.id), link(both, kept.id), link(both, deleted.id)]);
    await db().delete(tags).where(eq(tags.id, deleted.id));

    const anyOf = await audienceSend(lineAccountId, { kind: 'tags', match: 'any', ids: [kept.id, deleted.id] });
    expect((await rowsOf(anyOf.ids)).flatMap((row) => row.friendIds).toSorted((a, b) => a - b)).toEqual([
      keptOnly,
      both,
    ]);
    // "None of" a tag that is gone is unknown for everyone: nobody, rather than the whole channel.
    const noneOf = await audienceSend(lineAccountId, { kind: 'tags', match: 'none', ids: [deleted.id] });
    expect([noneOf.recipients, noneOf.ids]).toEqual([0, []]);

    await allSent(anyOf.ids);
    expect(channel.sentMessageCount()).toBe(2);
  });

  it("beyond the plan's monthly messages the whole send is refused, each delivery failed with the reason", async () => {
    const plan = await t.factory.oemPlan((await t.factory.oem()).id, { maxMonthlyMessages: 600 });
    const onPlan = await t.factory.account({ oemId: plan.oemId, oemPlanId: plan.id });
    const { row, channel } = await t.factory.simulatedChannel(onPlan.id, t.sim);
    const virtual = channel.createFriends(601);
    const friendIds = (
      await db()
        .insert(friends)
        .values(virtual.map((f) => ({ lineAccountId: row.id, lineUserId: f.userId })))
        .returning({ id: friends.id })
    ).map((f) => f.id);

    const refused = await audienceSend(row.id, { kind: 'everyone' });
    expect([refused.recipients, refused.refusal]).toEqual([601, MESSAGE_LIMIT_MESSAGE(600)]);
    expect((await rowsOf(refused.ids)).map((d) => [d.status, d.lastError, d.friendIds.length])).toEqual([
      ['failed', MESSAGE_LIMIT_MESSAGE(600), 500],
      ['failed', MESSAGE_LIMIT_MESSAGE(600), 101],
    ]);

    // One friend fewer fits the plan (refused sends reserve nothing).
    await db().update(friends).set({ status: 'blocked' }).where(eq(friends.id, friendIds[0]!));
    const allowed = await audienceSend(row.id, { kind: 'everyone' });
    expect([allowed.recipients, allowed.refusal]).toEqual([600, null]);
    await allSent(allowed.ids);
    expect(channel.sentMessageCount()).toBe(600);
  });
});
