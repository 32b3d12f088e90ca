import { validateSignature } from '@line/bot-sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_WEBHOOK_PATH } from './index.ts';
import { openApiBackend, validateRequest } from './openapi.ts';
import { SECRET, setup, waitUntil, type Env, type ReceivedWebhook } from './test-support.ts';

let env: Env;
beforeEach(async () => {
  env = await setup({ webhookTimeoutMs: 300 });
});
afterEach(async () => {
  await env.stop();
});

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** Checks a received body against webhook.yml's CallbackRequest with the same validator. */
async function expectConformsToWebhookYml(hook: ReceivedWebhook) {
  const api = await openApiBackend(DEFAULT_WEBHOOK_PATH);
  const operation = api.router.getOperation('callback')!;
  const failure = validateRequest(
    api,
    { method: 'post', path: '/callback', headers: { 'content-type': 'application/json' }, body: hook.body },
    operation,
  );
  expect(failure).toBeNull();
}

describe('webhooks', () => {
  it('are signed over the exact raw bytes (Japanese text and emoji) and carry LINE headers', async () => {
    const friend = env.channel.createFriend({ displayName: '佐藤 美咲' });
    await friend.follow();
    const words = 'こんにちは🍣 テスト👍🏽 「予約」は明日１０時で！';
    const delivery = await friend.sendText(words);
    const [, hook] = await env.receiver.waitFor(2);
    const signature = hook!.headers['x-line-signature'] as string;
    expect(validateSignature(hook!.raw, SECRET, signature)).toBe(true);
    expect(validateSignature(hook!.raw, 'another-secret', signature)).toBe(false);
    const tampered = Buffer.from(hook!.raw);
    tampered.writeUInt8(tampered.readUInt8(tampered.length - 3) ^ 1, tampered.length - 3);
    expect(validateSignature(tampered, SECRET, signature)).toBe(false);
    expect(hook!.raw.toString('utf8')).toBe(delivery.body);
    expect(signature).toBe(delivery.signature);
    expect(hook!.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(hook!.headers['user-agent']).toBe('LineBotWebhook/2.0');
    expect((hook!.body.events[0]!['message'] as { text: string }).text).toBe(words);
    expect(delivery).toMatchObject({
      ok: true,
      statusCode: 200,
      attempt: 1,
      isRedelivery: false,
      url: env.receiver.url,
    });
  });

  it('follow / unfollow / re-follow / message / postback events have webhook.yml shapes', async () => {
    const friend = env.channel.createFriend();
    await friend.follow();
    await friend.sendText('テキスト');
    await friend.sendImage();
    await friend.sendSticker('11537', '52002734');
    await friend.postback('action=reserve&slot=10', { datetime: '2026-07-02T10:00' });
    await friend.unfollow();
    await friend.follow();
    const hooks = await env.receiver.waitFor(7);
    const events = hooks.map((h) => {
      expect(h.body.destination).toBe(env.channel.botUserId);
      expect(h.body.destination).toMatch(/^U[0-9a-f]{32}$/);
      expect(h.body.events).toHaveLength(1);
      return h.body.events[0]!;
    });
    for (const h of hooks) await expectConformsToWebhookYml(h);

    const common = (e: Record<string, unknown>) => {
      expect(e['mode']).toBe('active');
      expect(e['timestamp']).toBe(env.clock.t);
      expect(e['source']).toEqual({ type: 'user', userId: friend.userId });
      expect(e['webhookEventId']).toMatch(ULID);
      expect(e['deliveryContext']).toEqual({ isRedelivery: false });
    };
    events.forEach(common);
    expect(new Set(events.map((e) => e['webhookEventId'])).size).toBe(7);

    const [follow, textEvent, image, sticker, postback, unfollow, refollow] = events;
    expect(follow).toMatchObject({ type: 'follow', follow: { isUnblocked: false } });
    expect(follow!['replyToken']).toMatch(/^[0-9a-f]{32}$/);

    expect(textEvent!['type']).toBe('message');
    expect(textEvent!['replyToken']).toBeTruthy();
    const m = textEvent!['message'] as Record<string, unknown>;
    expect(Object.keys(m).sort()).toEqual(['id', 'quoteToken', 'text', 'type']);
    expect(m).toMatchObject({ type: 'text', text: 'テキスト' });
    expect(m['id']).toMatch(/^\d+$/);

    expect(image!['message']).toEqual({
      id: expect.stringMatching(/^\d+$/),
      type: 'image',
      contentProvider: { type: 'line' },
      quoteToken: expect.any(String),
    });
    expect(sticker!['message']).toEqual({
      id: expect.stringMatching(/^\d+$/),
      type: 'sticker',
      packageId: '11537',
      stickerId: '52002734',
      stickerResourceType: 'STATIC',
      quoteToken: expect.any(String),
    });
    expect(postback).toMatchObject({
      type: 'postback',
      postback: { data: 'action=reserve&slot=10', params: { datetime: '2026-07-02T10:00' } },
    });
    expect(postback!['replyToken']).toBeTruthy();
    expect(unfollow!['type']).toBe('unfollow');
    expect(unfollow).not.toHaveProperty('replyToken');
    expect(refollow).toMatchObject({ type: 'follow', follow: { isUnblocked: true } });

    expect(friend.outbox().map((o) => o.type)).toEqual(['text', 'image', 'sticker', 'postback']);
    expect(env.channel.webhookDeliveries()).toHaveLength(7);
  });

  it('redelivers after a 500 with the same webhookEventId and isRedelivery: true (redelivery on)', async () => {
    env.channel.setRedelivery(true);
    env.receiver.respond = (i) => (i < 2 ? 500 : 200);
    const friend = env.channel.createFriend();
    const first = await friend.follow();
    expect(first).toMatchObject({ ok: false, statusCode: 500, attempt: 1, isRedelivery: false });
    const hooks = await env.receiver.waitFor(3);
    const ids = hooks.map((h) => h.body.events[0]!['webhookEventId']);
    expect(new Set(ids)).toEqual(new Set([first.webhookEventIds[0]]));
    expect(hooks.map((h) => (h.body.events[0]!['deliveryContext'] as { isRedelivery: boolean }).isRedelivery)).toEqual([
      false,
      true,
      true,
    ]);
    // Each redelivery is signed over its own bytes.
    for (const h of hooks) expect(validateSignature(h.raw, SECRET, h.headers['x-line-signature'] as string)).toBe(true);
    await expectConformsToWebhookYml(hooks[1]!);
    await waitUntil(() => env.channel.webhookDeliveries().length >= 3);
    expect(env.channel.webhookDeliveries().map((d) => [d.attempt, d.statusCode, d.ok])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 200, true],
    ]);
  });

  it('does not redeliver when redelivery is off', async () => {
    env.receiver.respond = (i) => (i === 0 ? 503 : 200);
    const friend = env.channel.createFriend();
    const failed = await friend.follow();
    expect(failed).toMatchObject({ ok: false, statusCode: 503 });
    await friend.sendText('next');
    const hooks = await env.receiver.waitFor(2);
    expect(hooks.map((h) => h.body.events[0]!['type'])).toEqual(['follow', 'message']);
    expect(env.channel.webhookDeliveries().every((d) => !d.isRedelivery)).toBe(true);
  });

  it('records a time-out and a refused connection as failed deliveries', async () => {
    env.receiver.respond = () => null; // never answers
    const friend = env.channel.createFriend();
    const timedOut = await friend.follow();
    expect(timedOut).toMatchObject({ ok: false, statusCode: null });
    expect(timedOut.error).toMatch(/no response within 300 ms/);

    env.channel.setWebhookUrl('http://127.0.0.1:1/webhook');
    const refused = await friend.sendText('x');
    expect(refused).toMatchObject({ ok: false, statusCode: null });
    expect(refused.error).toBeTruthy();

    env.channel.setWebhookUrl(null);
    const none = await friend.sendText('y');
    expect(none).toMatchObject({ ok: false, url: null, statusCode: null });
    expect(env.channel.webhookDeliveries()).toHaveLength(3);
  });

  it('friend actions need the right state', async () => {
    const friend = env.channel.createFriend();
    await expect(friend.sendText('x')).rejects.toThrow(/not following/);
    await expect(friend.unfollow()).rejects.toThrow(/does not follow/);
    await friend.follow();
    await expect(friend.follow()).rejects.toThrow(/already follows/);
  });
});
