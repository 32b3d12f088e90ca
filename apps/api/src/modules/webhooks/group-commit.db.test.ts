import { createHmac, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useTestApp } from '../../test/kit.ts';
import { outboxEvents } from '../../platform/outbox-schema.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { createGroupCommit } from './group-commit.ts';
import type { IncomingEvent } from './repository.ts';
import { webhookEvents } from './schema.ts';

/*
 * Group commit: the events of concurrent webhook requests are written together, and each request is
 * answered only once its own events are committed, with the right count of new events, or all get
 * the error of their write. A write starts when its window ends or it holds WEBHOOK_GROUP_COMMIT_MAX_EVENTS.
 */

const CONCURRENT = 8;
// The window is long here: the write of 8 one-event requests starts when the 8th arrives.
const t = useTestApp({
  role: 'api',
  config: { WEBHOOK_GROUP_COMMIT_MS: 1000, WEBHOOK_GROUP_COMMIT_MAX_EVENTS: CONCURRENT },
});
let url: string;

beforeAll(async () => {
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

async function signedChannel() {
  const secret = randomBytes(16).toString('hex');
  const row = await t.factory.lineAccount(t.tenant.account.id, {
    channelSecretSealed: t.ctx.secrets.seal(secret),
  });
  const post = (events: Record<string, unknown>[]) => {
    const body = JSON.stringify({ destination: `U${'0'.repeat(32)}`, events });
    return fetch(`${url}/webhooks/line/${row.webhookKey}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-line-signature': createHmac('sha256', secret).update(body).digest('base64'),
      },
      body,
    });
  };
  return { lineAccountId: row.id, post };
}

const message = (webhookEventId: string, userId = 'U0001') => ({
  type: 'message',
  mode: 'active',
  timestamp: Date.now(),
  webhookEventId,
  deliveryContext: { isRedelivery: false },
  source: { type: 'user', userId },
  replyToken: 'r'.repeat(32),
  message: { id: webhookEventId, type: 'text', text: 'こんにちは' },
});
const incoming = (webhookEventId: string): IncomingEvent => ({
  webhookEventId,
  type: 'message',
  lineUserId: 'U0001',
  occurredAt: Date.now(),
  isRedelivery: false,
  payload: message(webhookEventId),
});

const storedIds = async (lineAccountId: number) =>
  (
    await t.db
      .select({ id: webhookEvents.webhookEventId })
      .from(webhookEvents)
      .where(eq(webhookEvents.lineAccountId, lineAccountId))
  )
    .map((row) => row.id)
    .sort();
/** The channel's `webhook.received` facts: one per write that stored new events of it. */
const receivedFacts = async (lineAccountId: number) =>
  (
    await t.db
      .select({ payload: outboxEvents.payload })
      .from(outboxEvents)
      .where(and(eq(outboxEvents.name, 'webhook.received'), eq(outboxEvents.lineAccountId, lineAccountId)))
      .orderBy(outboxEvents.id)
  ).map((row) => (row.payload as { events: number }).events);

describe('webhook group commit', () => {
  it('stores the events of concurrent requests and answers each with 200, in fewer writes than requests', async () => {
    const channel = await signedChannel();
    const ids = Array.from({ length: CONCURRENT }, (_, i) => `together-${i}`);
    const answers = await Promise.all(ids.map((id) => channel.post([message(id)])));
    expect(answers.map((answer) => answer.status)).toEqual(ids.map(() => 200));
    expect(await storedIds(channel.lineAccountId)).toEqual([...ids].sort());
    const facts = await receivedFacts(channel.lineAccountId);
    expect(facts.reduce((sum, events) => sum + events, 0)).toBe(CONCURRENT);
    expect(facts.length).toBeLessThan(CONCURRENT);
  });

  it('stores an event id sent by two concurrent requests once', async () => {
    const channel = await signedChannel();
    const answers = await Promise.all([
      channel.post([message('shared'), message('first-only')]),
      channel.post([message('shared'), message('second-only')]),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await storedIds(channel.lineAccountId)).toEqual(['first-only', 'second-only', 'shared']);
    expect((await receivedFacts(channel.lineAccountId)).reduce((sum, events) => sum + events, 0)).toBe(3);
  });

  it('answers every request of a failed write with 5xx and stores none of it; the redelivery is stored', async () => {
    const channel = await signedChannel();
    const ids = Array.from({ length: CONCURRENT }, (_, i) => `failed-${i}`);
    const unsubscribe = t.ctx.events.subscribe('webhook.received', async () => {
      throw new Error('the write fails after the insert, before the commit');
    });
    let failed: number[];
    try {
      failed = (await Promise.all(ids.map((id) => channel.post([message(id)])))).map((answer) => answer.status);
    } finally {
      unsubscribe();
    }
    expect(failed.every((status) => status >= 500)).toBe(true);
    expect(await storedIds(channel.lineAccountId)).toEqual([]);
    const redelivered = await Promise.all(ids.map((id) => channel.post([message(id)])));
    expect(redelivered.map((answer) => answer.status)).toEqual(ids.map(() => 200));
    expect(await storedIds(channel.lineAccountId)).toEqual([...ids].sort());
  });

  it('counts the new events of each request of one write, a shared id for the first request that carries it', async () => {
    const channel = await signedChannel();
    const alone = createGroupCommit(t.ctx, { windowMs: 60_000, maxEvents: 1 });
    await expect(alone.store(channel.lineAccountId, [incoming('stored-before')])).resolves.toBe(1);
    await alone.close();
    const groupCommit = createGroupCommit(t.ctx, { windowMs: 60_000, maxEvents: 6 });
    try {
      // Six events: the write starts with the third request, not after the window.
      const counts = await Promise.all([
        groupCommit.store(channel.lineAccountId, [incoming('a'), incoming('shared')]),
        groupCommit.store(channel.lineAccountId, [incoming('shared'), incoming('stored-before')]),
        groupCommit.store(channel.lineAccountId, [incoming('b'), incoming('b')]),
      ]);
      expect(counts).toEqual([2, 0, 1]);
    } finally {
      await groupCommit.close();
    }
    expect(await storedIds(channel.lineAccountId)).toEqual(['a', 'b', 'shared', 'stored-before']);
    // One fact for the first write, one for the three requests written together.
    expect(await receivedFacts(channel.lineAccountId)).toEqual([1, 3]);
  });

  it('fails only the requests of a channel deleted meanwhile; the others of the write are stored', async () => {
    const kept = await signedChannel();
    const deleted = await signedChannel();
    await t.db.delete(lineAccounts).where(eq(lineAccounts.id, deleted.lineAccountId));
    const groupCommit = createGroupCommit(t.ctx, { windowMs: 60_000, maxEvents: 2 });
    try {
      const [ofKept, ofDeleted] = await Promise.allSettled([
        groupCommit.store(kept.lineAccountId, [incoming('kept')]),
        groupCommit.store(deleted.lineAccountId, [incoming('gone')]),
      ]);
      expect(ofKept).toEqual({ status: 'fulfilled', value: 1 });
      expect(ofDeleted).toMatchObject({ status: 'rejected', reason: { kind: 'not_found' } });
    } finally {
      await groupCommit.close();
    }
    expect(await storedIds(kept.lineAccountId)).toEqual(['kept']);
    expect(await receivedFacts(kept.lineAccountId)).toEqual([1]);
    expect(await receivedFacts(deleted.lineAccountId)).toEqual([]);
  });
});
