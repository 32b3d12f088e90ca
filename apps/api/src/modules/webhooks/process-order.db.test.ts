import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SimChannel } from '@linq/line-simulator';
import { rowsOf } from '../../platform/db.ts';
import { useTestApp } from '../../test/kit.ts';
import { waitFor } from '../../test/wait.ts';
import { friends } from '../friends/schema.ts';
import { messages } from '../talks/schema.ts';
import { webhookEvents } from './schema.ts';

/*
 * A channel's events are processed several friends at a time (WEBHOOK_PROCESS_CONCURRENCY), each
 * friend's strictly in order; a friend's failed event holds that friend's later ones until its retry.
 */

const t = useTestApp({ simulator: true, config: { WEBHOOK_PROCESS_CONCURRENCY: 4 } });
let consoleUrl: string;
let lineAccountId: number;
let webhookKey: string;
let secret: string;
let channel: SimChannel;

beforeAll(async () => {
  consoleUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const bound = await t.factory.simulatedChannel(t.tenant.account.id, t.sim, consoleUrl);
  ({ channel, secret } = bound);
  lineAccountId = bound.row.id;
  webhookKey = bound.row.webhookKey;
});

function post(events: Record<string, unknown>[]) {
  const body = JSON.stringify({ destination: channel.botUserId, events });
  return fetch(`${consoleUrl}/webhooks/line/${webhookKey}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'x-line-signature': createHmac('sha256', secret).update(Buffer.from(body, 'utf8')).digest('base64'),
    },
    body,
  });
}
const base = (type: string, userId: string, id: string, timestamp: number) => ({
  type,
  mode: 'active',
  timestamp,
  webhookEventId: id,
  deliveryContext: { isRedelivery: false },
  source: { type: 'user', userId },
});
const follow = (userId: string, id: string, at: number) => ({
  ...base('follow', userId, id, at),
  replyToken: 'r'.repeat(32),
  follow: { isUnblocked: false },
});
const unfollow = (userId: string, id: string, at: number) => base('unfollow', userId, id, at);
const text = (userId: string, id: string, at: number) => ({
  ...base('message', userId, id, at),
  replyToken: 'r'.repeat(32),
  message: { id, type: 'text', text: id, quoteToken: 'q' },
});

const friendOf = async (lineUserId: string) =>
  (
    await t.db
      .select()
      .from(friends)
      .where(and(eq(friends.lineAccountId, lineAccountId), eq(friends.lineUserId, lineUserId)))
  )[0];
/** The friend's texts in the order they were stored. */
const textsOf = async (lineUserId: string) => {
  const friend = await friendOf(lineUserId);
  if (!friend) return [];
  const rows = await t.db
    .select({ type: messages.type, content: messages.content })
    .from(messages)
    .where(eq(messages.friendId, friend.id))
    .orderBy(messages.id);
  return rows.filter((row) => row.type === 'text').map((row) => (row.content as { text: string }).text);
};
const eventsOf = (ids: string[]) =>
  t.db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.lineAccountId, lineAccountId), inArray(webhookEvents.webhookEventId, ids)));
/** No processing job of the channel waits or runs. */
const processingIdle = async () =>
  rowsOf<{ waiting: number }>(
    await t.db.execute(
      sql`select count(*)::int as waiting from pgboss.job where name = 'webhook.process' and state in ('created', 'retry', 'active')`,
    ),
  )[0]!.waiting === 0;

describe('webhook processing, friends at once', () => {
  it('applies each friend’s events in order while friends are processed side by side', async () => {
    const people = Array.from({ length: 6 }, () => channel.createFriend());
    const at = Date.now();
    const events: Record<string, unknown>[] = [];
    // One request, the friends' events interleaved: follow, three texts; the last friend unfollows and follows again.
    people.forEach((friend, f) => events.push(follow(friend.userId, `f${f}-follow`, at + f)));
    for (let n = 1; n <= 3; n++) {
      people.forEach((friend, f) => events.push(text(friend.userId, `f${f}-text${n}`, at + 100 * n + f)));
    }
    const last = people.at(-1)!;
    events.push(unfollow(last.userId, 'last-unfollow', at + 1000), follow(last.userId, 'last-follow', at + 1001));
    expect((await post(events)).status).toBe(200);

    for (const [f, friend] of people.entries()) {
      const texts = await waitFor(async () => {
        const stored = await textsOf(friend.userId);
        return stored.length === 3 ? stored : undefined;
      });
      expect(texts).toEqual([`f${f}-text1`, `f${f}-text2`, `f${f}-text3`]);
    }
    await waitFor(async () => (await eventsOf(['last-follow']))[0]?.processedAt);
    expect(await friendOf(last.userId)).toMatchObject({ status: 'following' });
  });

  it('holds a friend’s later events after one fails, applies the other friends’, and the retry applies them in order', async () => {
    const [held, other] = [channel.createFriend(), channel.createFriend()];
    const at = Date.now();
    const failing = 'held-text2';
    const unsubscribe = t.ctx.events.subscribe('message.received', async (event, on) => {
      const [row] = await on.tx.select().from(webhookEvents).where(eq(webhookEvents.id, event.webhookEventId));
      if (row?.webhookEventId === failing) throw new Error('this event fails once');
    });
    try {
      const answer = await post([
        follow(held.userId, 'held-follow', at),
        follow(other.userId, 'other-follow', at + 1),
        ...[1, 2, 3, 4].flatMap((n) => [
          text(held.userId, `held-text${n}`, at + 10 * n),
          text(other.userId, `other-text${n}`, at + 10 * n + 1),
        ]),
      ]);
      expect(answer.status).toBe(200);
      await waitFor(async () => (await eventsOf([failing]))[0]?.attempts === 1);
      await waitFor(async () => (await textsOf(other.userId)).length === 4);
      await waitFor(processingIdle);
    } finally {
      unsubscribe();
    }
    expect(await textsOf(other.userId)).toEqual(['other-text1', 'other-text2', 'other-text3', 'other-text4']);
    expect(await textsOf(held.userId)).toEqual(['held-text1']);
    const later = await eventsOf(['held-text3', 'held-text4']);
    expect(later.map((event) => [event.processedAt, event.attempts])).toEqual([
      [null, 0],
      [null, 0],
    ]);

    // The friend's next event brings a job, which retries the failed one first.
    expect((await post([text(held.userId, 'held-text5', at + 100)])).status).toBe(200);
    const texts = await waitFor(async () => {
      const stored = await textsOf(held.userId);
      return stored.length === 5 ? stored : undefined;
    });
    expect(texts).toEqual(['held-text1', 'held-text2', 'held-text3', 'held-text4', 'held-text5']);
  });
});
