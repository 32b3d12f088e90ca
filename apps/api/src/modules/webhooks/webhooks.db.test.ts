import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { SimChannel } from '@linq/line-simulator';
import { useTestApp } from '../../test/kit.ts';
import { friends } from '../friends/schema.ts';
import { messages } from '../talks/schema.ts';
import { webhookEvents } from './schema.ts';
import { waitFor } from '../../test/wait.ts';

const t = useTestApp({ simulator: true, tenants: 0 });
let consoleUrl: string;
let lineAccountId: number;
let webhookKey: string;
let secret: string;
let channel: SimChannel;

beforeAll(async () => {
  consoleUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const account = await t.factory.account();
  const bound = await t.factory.simulatedChannel(account.id, t.sim, consoleUrl);
  ({ channel, secret } = bound);
  lineAccountId = bound.row.id;
  webhookKey = bound.row.webhookKey;
});

const db = () => t.db;
const friendOf = async (lineUserId: string) =>
  (
    await db()
      .select()
      .from(friends)
      .where(and(eq(friends.lineAccountId, lineAccountId), eq(friends.lineUserId, lineUserId)))
  )[0];
const messagesOf = (friendId: number) =>
  db().select().from(messages).where(eq(messages.friendId, friendId)).orderBy(messages.id);
const eventCount = async () =>
  (await db().select().from(webhookEvents).where(eq(webhookEvents.lineAccountId, lineAccountId))).length;

function post(body: string, signature?: string) {
  return fetch(`${consoleUrl}/webhooks/line/${webhookKey}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature ? { 'x-line-signature': signature } : {}),
    },
    body,
  });
}
const sign = (body: string) => createHmac('sha256', secret).update(Buffer.from(body, 'utf8')).digest('base64');

function eventBody(events: Record<string, unknown>[]) {
  return JSON.stringify({ destination: channel.botUserId, events });
}
function followEvent(userId: string, id: string, timestamp: number, type: 'follow' | 'unfollow' = 'follow') {
  return {
    type,
    mode: 'active',
    timestamp,
    webhookEventId: id,
    deliveryContext: { isRedelivery: false },
    source: { type: 'user', userId },
    ...(type === 'follow' ? { replyToken: 'r'.repeat(32), follow: { isUnblocked: false } } : {}),
  };
}

describe('webhook ingestion from the simulator', () => {
  it('creates the friend with the LINE profile on follow', async () => {
    const friend = channel.createFriend({ displayName: '山田 花子', statusMessage: 'よろしく' });
    const delivery = await friend.follow();
    expect(delivery.statusCode).toBe(200);
    const row = await waitFor(() => friendOf(friend.userId));
    expect(row).toMatchObject({
      displayName: '山田 花子',
      statusMessage: 'よろしく',
      status: 'following',
      language: 'ja',
    });
    expect(row.followedAt).toBeInstanceOf(Date);
  });

  it('stores text, image, sticker and postback with one unread each, newest as last message', async () => {
    const friend = channel.createFriend({ displayName: '佐藤 一郎' });
    await friend.follow();
    await friend.sendText('こんにちは🍣 <script>alert(1)</script>');
    await friend.sendImage();
    await friend.sendSticker('446', '1988');
    await friend.postback('action=coupon&id=1');
    const row = await waitFor(async () => {
      const f = await friendOf(friend.userId);
      return f && f.unreadCount === 4 ? f : undefined;
    });
    const stored = await messagesOf(row.id);
    // The follow is in the talk too, as an event that counts as no unread message.
    expect(stored.map((m) => [m.direction, m.type])).toEqual([
      ['incoming', 'follow'],
      ['incoming', 'text'],
      ['incoming', 'image'],
      ['incoming', 'sticker'],
      ['incoming', 'postback'],
    ]);
    const said = stored.slice(1);
    expect(said[0]!.content).toMatchObject({ text: 'こんにちは🍣 <script>alert(1)</script>' });
    const file = (said[1]!.content as { file: { file_key: string; size: number } }).file;
    const bytes = await t.ctx.files.get(file.file_key);
    expect(bytes?.subarray(1, 4).toString()).toBe('PNG');
    expect(said[3]!.content).toEqual({ data: 'action=coupon&id=1' });
    expect(row.lastMessageType).toBe('postback');
  });

  it('marks an unfollow as blocked with the time', async () => {
    const friend = channel.createFriend();
    await friend.follow();
    await friend.unfollow();
    const row = await waitFor(async () => {
      const f = await friendOf(friend.userId);
      return f?.status === 'blocked' ? f : undefined;
    });
    expect(row.blockedAt).toBeInstanceOf(Date);
  });
});

describe('webhook signature', () => {
  const body = () => eventBody([followEvent(channel.createFriend().userId, `sig-${Math.random()}`, Date.now())]);

  it('refuses a missing header, a wrong secret, one changed byte and re-serialised JSON with 401, writing nothing', async () => {
    const before = await eventCount();
    const original = body();
    const wrongSecret = createHmac('sha256', 'f'.repeat(32)).update(original).digest('base64');
    const changed = original.replace('"follow"', '"folloW"');
    const reserialised = JSON.stringify(JSON.parse(original), null, 1);
    for (const [payload, signature] of [
      [original, undefined],
      [original, wrongSecret],
      [changed, sign(original)],
      [reserialised, sign(original)],
    ] as const) {
      expect((await post(payload, signature)).status).toBe(401);
    }
    expect(await eventCount()).toBe(before);
  });

  it('answers 404 for an unknown webhook URL', async () => {
    const response = await fetch(`${consoleUrl}/webhooks/line/unknown-key`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(404);
  });

  it('accepts LINE’s empty verification request', async () => {
    const empty = eventBody([]);
    expect((await post(empty, sign(empty))).status).toBe(200);
  });
});

describe('idempotency and order', () => {
  it('applies the same event delivered several times, even concurrently, exactly once', async () => {
    const friend = channel.createFriend();
    await friend.follow();
    await waitFor(() => friendOf(friend.userId));
    const event = {
      type: 'message',
      mode: 'active',
      timestamp: Date.now(),
      webhookEventId: `dup-${Math.random()}`,
      deliveryContext: { isRedelivery: false },
      source: { type: 'user', userId: friend.userId },
      replyToken: 'x'.repeat(32),
      message: { id: String(Date.now()), type: 'text', text: '一度だけ', quoteToken: 'q' },
    };
    const first = eventBody([event]);
    const again = eventBody([{ ...event, deliveryContext: { isRedelivery: true } }]);
    const answers = await Promise.all([
      post(first, sign(first)),
      post(first, sign(first)),
      post(again, sign(again)),
      post(again, sign(again)),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const row = await waitFor(async () => {
      const f = await friendOf(friend.userId);
      return f && f.unreadCount > 0 ? f : undefined;
    });
    // Let any duplicate processing finish: wait until no event of the channel is pending.
    await waitFor(async () => {
      const pending = await db().select().from(webhookEvents).where(eq(webhookEvents.lineAccountId, lineAccountId));
      return pending.every((e) => e.processedAt !== null) || undefined;
    });
    expect((await friendOf(friend.userId))!.unreadCount).toBe(1);
    expect((await messagesOf(row.id)).filter((m) => m.type === 'text')).toHaveLength(1);
  });

  it('ends follow → unfollow → follow delivered out of order in the state of the newest event', async () => {
    const userId = channel.createFriend().userId;
    const t0 = Date.now();
    const events = [
      followEvent(userId, `o1-${t0}`, t0, 'follow'),
      followEvent(userId, `o2-${t0}`, t0 + 1000, 'unfollow'),
      followEvent(userId, `o3-${t0}`, t0 + 2000, 'follow'),
    ];
    for (const event of [events[2]!, events[0]!, events[1]!]) {
      const body = eventBody([event]);
      expect((await post(body, sign(body))).status).toBe(200);
    }
    await waitFor(async () => {
      const rows = await db().select().from(webhookEvents).where(eq(webhookEvents.lineUserId, userId));
      return (rows.length === 3 && rows.every((r) => r.processedAt !== null)) || undefined;
    });
    const row = await friendOf(userId);
    expect(row).toMatchObject({ status: 'following', blockedAt: null });
    expect(row!.followedAt!.getTime()).toBe(t0 + 2000);
  });
});
