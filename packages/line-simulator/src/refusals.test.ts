import { messagingApi } from '@line/bot-sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makePng } from './index.ts';
import { SlidingWindow } from './rate-limit.ts';
import { blobOf, lineError, raw, setup, text, type Env } from './test-support.ts';

let env: Env;
beforeEach(async () => {
  env = await setup();
});
afterEach(async () => {
  await env.stop();
});

const KEY = '0f8e6c1a-3b7d-4e2f-9a5c-1d2e3f4a5b6c';

function friendIds(n: number): string[] {
  return env.channel.createFriends(n).map((f) => f.userId);
}

describe('requests LINE would reject (validated against messaging-api.yml)', () => {
  it('6 messages in one request -> 400', async () => {
    const [to] = friendIds(1);
    const err = await lineError(
      env.client.pushMessage({ to: to!, messages: Array.from({ length: 6 }, () => text('x')) }),
    );
    expect(err).toMatchObject({
      status: 400,
      body: {
        message: 'The request body has 1 error(s)',
        details: [{ message: 'Size must be between 1 and 5', property: 'messages' }],
      },
    });
    expect(env.channel.sentMessages()).toEqual([]);
  });

  it('501 multicast recipients -> 400', async () => {
    const to = friendIds(501);
    const err = await lineError(env.client.multicast({ to, messages: [text('x')] }));
    expect(err.status).toBe(400);
    expect(err.body.details).toEqual([{ message: 'Size must be between 1 and 500', property: 'to' }]);
    expect(env.channel.sentMessages()).toEqual([]);
  });

  it('a text message without text -> 400 with details', async () => {
    const err = await lineError(
      env.client.pushMessage({
        to: friendIds(1)[0]!,
        messages: [text('ok'), { type: 'text' } as messagingApi.TextMessage],
      }),
    );
    expect(err.status).toBe(400);
    expect(err.body.details).toEqual([{ message: 'must be specified', property: 'messages[1].text' }]);
  });

  it('unknown message type, bad URL, 14 quick-reply items -> 400 (all from the OpenAPI schema)', async () => {
    const to = friendIds(1)[0]!;
    const cases: [unknown, string][] = [
      [{ type: 'txt', text: 'x' }, 'messages[0].type'],
      [
        { type: 'image', originalContentUrl: 'not a url', previewImageUrl: 'https://example.com/p.png' },
        'messages[0].originalContentUrl',
      ],
      [
        {
          type: 'text',
          text: 'choose',
          quickReply: {
            items: Array.from({ length: 14 }, () => ({
              type: 'action',
              action: { type: 'message', label: 'a', text: 'a' },
            })),
          },
        },
        'messages[0].quickReply.items',
      ],
      [{ type: 'sticker', packageId: '1' }, 'messages[0].stickerId'],
      [{ type: 'template', altText: 'x', template: { type: 'buttons', text: 'x' } }, 'messages[0].template.actions'],
    ];
    for (const [message, property] of cases) {
      const err = await raw(env.sim, 'POST', '/v2/bot/message/push', { to, messages: [message] });
      expect(err.status, property).toBe(400);
      expect(
        (err.json['details'] as { property: string }[]).map((d) => d.property),
        property,
      ).toContain(property);
    }
  });

  it('limits LINE documents but the YAML omits -> 400 (explicit checks)', async () => {
    const to = friendIds(1)[0]!;
    const long = await lineError(env.client.pushMessage({ to, messages: [text('あ'.repeat(5001))] }));
    expect(long.body.details).toEqual([{ message: 'Length must be between 1 and 5000', property: 'messages[0].text' }]);
    const buttons = await lineError(
      env.client.pushMessage({
        to,
        messages: [
          {
            type: 'template',
            altText: 'x',
            template: {
              type: 'buttons',
              text: 'x',
              actions: Array.from({ length: 5 }, (_, i) => ({
                type: 'postback' as const,
                label: `b${i}`,
                data: `${i}`,
              })),
            },
          },
        ],
      }),
    );
    expect(buttons.body.details).toEqual([
      { message: 'Size must be between 1 and 4', property: 'messages[0].template.actions' },
    ]);
    const postback = await lineError(
      env.client.pushMessage({
        to,
        messages: [
          {
            type: 'template',
            altText: 'x',
            template: {
              type: 'confirm',
              text: '?',
              actions: [
                { type: 'postback', label: 'y' },
                { type: 'message', label: 'n', text: 'n' },
              ],
            },
          },
        ],
      }),
    );
    expect(postback.body.details).toEqual([
      { message: 'must be specified', property: 'messages[0].template.actions[0].data' },
    ]);
    expect(env.channel.sentMessages()).toEqual([]);
  });

  it('over-long action labels and carousel column texts -> 400 naming each', async () => {
    const [to] = friendIds(1);
    const err = await lineError(
      env.client.pushMessage({
        to: to!,
        messages: [
          {
            type: 'template',
            altText: 'x',
            template: {
              type: 'carousel',
              columns: [
                {
                  title: 't'.repeat(41),
                  text: 'x'.repeat(61),
                  actions: [{ type: 'postback', label: 'l'.repeat(21), data: 'd' }],
                },
              ],
            },
          },
        ],
      }),
    );
    expect(err.body.details).toEqual([
      { message: 'Length must be between 0 and 40', property: 'messages[0].template.columns[0].title' },
      { message: 'Length must be between 1 and 60', property: 'messages[0].template.columns[0].text' },
      { message: 'Length must be between 0 and 20', property: 'messages[0].template.columns[0].actions[0].label' },
    ]);
    expect(env.channel.sentMessages()).toEqual([]);
  });

  it('recipient ids that are not LINE ids -> 400 (explicit check)', async () => {
    const [ok] = friendIds(1);
    const push = await lineError(env.client.pushMessage({ to: 'someone', messages: [text('x')] }));
    expect(push.body.details).toEqual([{ message: 'invalid ID', property: 'to' }]);
    const multi = await lineError(env.client.multicast({ to: [ok!, 'C' + 'a'.repeat(32)], messages: [text('x')] }));
    expect(multi.body.details).toEqual([{ message: 'invalid ID', property: 'to[1]' }]);
    await env.client.pushMessage({ to: 'C' + 'a'.repeat(32), messages: [text('group')] }); // push may target a group
    expect(env.channel.sentMessages().map((s) => s.delivered)).toEqual([false]);
  });

  it('malformed JSON and a missing body -> 400', async () => {
    expect((await raw(env.sim, 'POST', '/v2/bot/message/push', '{"to":')).status).toBe(400);
    expect((await raw(env.sim, 'POST', '/v2/bot/message/push')).status).toBe(400);
  });

  it('bad or missing channel access token -> 401', async () => {
    const bad = new messagingApi.MessagingApiClient({ channelAccessToken: 'wrong', baseURL: env.sim.url });
    expect(await lineError(bad.getBotInfo())).toMatchObject({
      status: 401,
      body: { message: 'Authentication failed. Confirm that the access token in the authorization header is valid.' },
    });
    const missing = await fetch(`${env.sim.url}/v2/bot/info`);
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as { message: string }).message).toMatch(/^Authorization header required/);
  });

  it('a revoked or reissued channel access token -> 401 until the channel has a token again', async () => {
    const other = env.sim.addChannel({ channelId: '2000000009', channelSecret: 's9', channelAccessToken: 'taken' });
    env.channel.setChannelAccessToken(null);
    expect(env.channel.channelAccessToken).toBeNull();
    expect((await lineError(env.client.getBotInfo())).status).toBe(401);

    expect(() => env.channel.setChannelAccessToken('taken')).toThrow(/another channel/);
    env.channel.setChannelAccessToken('reissued-token');
    expect((await lineError(env.client.getBotInfo())).status).toBe(401);
    const reissued = new messagingApi.MessagingApiClient({
      channelAccessToken: 'reissued-token',
      baseURL: env.sim.url,
    });
    expect((await reissued.getBotInfo()).userId).toBe(env.channel.botUserId);
    expect(other.channelAccessToken).toBe('taken');
  });

  it('unknown paths -> 404', async () => {
    const res = await raw(env.sim, 'GET', '/v2/bot/nothing-here');
    expect(res).toMatchObject({ status: 404, json: { message: 'Not found' } });
    expect(res.headers.get('x-line-request-id')).toBeTruthy();
  });

  it('a repeated X-Line-Retry-Key within 24 h -> 409 and nothing sent again', async () => {
    const to = friendIds(1)[0]!;
    const first = await env.client.pushMessageWithHttpInfo({ to, messages: [text('一度だけ')] }, KEY);
    const firstRequestId = first.httpResponse.headers.get('x-line-request-id');
    const again = await lineError(env.client.pushMessage({ to, messages: [text('一度だけ')] }, KEY));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('The retry key is already accepted');
    expect(again.headers.get('x-line-accepted-request-id')).toBe(firstRequestId);
    expect(again.body.sentMessages).toEqual(first.body.sentMessages);
    expect(env.channel.sentMessages()).toHaveLength(1);
    expect((await env.client.getMessageQuotaConsumption()).totalUsage).toBe(1);

    // Multicast keys work the same way; after 24 h the key may be used again.
    const mkey = '7d3f9b2e-1a4c-4e8b-b6d5-2c9a8e7f6d5c';
    await env.client.multicast({ to: [to], messages: [text('m')] }, mkey);
    expect((await lineError(env.client.multicast({ to: [to], messages: [text('m')] }, mkey))).status).toBe(409);
    env.clock.advance(24 * 3600 * 1000 + 1);
    await env.client.multicast({ to: [to], messages: [text('m')] }, mkey);
    expect(env.channel.sentMessages()).toHaveLength(3);
  });

  it('an X-Line-Retry-Key that is not a UUID -> 400', async () => {
    const err = await lineError(env.client.pushMessage({ to: friendIds(1)[0]!, messages: [text('x')] }, 'not-a-uuid'));
    expect(err.status).toBe(400);
    expect(err.body.details).toEqual([{ message: 'Invalid format (expected uuid)', property: 'X-Line-Retry-Key' }]);
  });

  it('invalid, reused or expired reply tokens -> 400 Invalid reply token', async () => {
    const friend = env.channel.createFriend();
    const delivery = await friend.follow();
    const token = delivery.events[0]!.replyToken!;
    expect(await lineError(env.client.replyMessage({ replyToken: 'nope', messages: [text('x')] }))).toMatchObject({
      status: 400,
      body: { message: 'Invalid reply token' },
    });
    env.clock.advance(60_001);
    expect((await lineError(env.client.replyMessage({ replyToken: token, messages: [text('x')] }))).status).toBe(400);
    expect(env.channel.sentMessages()).toEqual([]);
  });

  it('monthly quota exhausted -> 429 "You have reached your monthly limit." and nothing recorded', async () => {
    const to = friendIds(2);
    env.channel.setQuota(3);
    const err = await lineError(env.client.multicast({ to, messages: [text('1'), text('2')] }));
    expect(err).toMatchObject({ status: 429, body: { message: 'You have reached your monthly limit.' } });
    expect(env.channel.sentMessages()).toEqual([]);
    expect((await env.client.getMessageQuotaConsumption()).totalUsage).toBe(0);
    await env.client.multicast({ to, messages: [text('1')] });
    await env.client.pushMessage({ to: to[0]!, messages: [text('3')] });
    expect((await env.client.getMessageQuotaConsumption()).totalUsage).toBe(3);
    expect((await lineError(env.client.broadcast({ messages: [text('4')] }))).status).toBe(429);
    expect(env.channel.sentMessages()).toHaveLength(3);
  });

  it('per-channel rate limits -> 429 (sliding windows on the injectable clock)', async () => {
    const to = friendIds(1);
    const limited = { status: 429, body: { message: 'The API rate limit has been exceeded. Try again later.' } };
    env.channel.setQuota(null);
    // multicast: 200 requests per second.
    await Promise.all(Array.from({ length: 200 }, () => env.client.multicast({ to, messages: [text('m')] })));
    expect(await lineError(env.client.multicast({ to, messages: [text('m')] }))).toMatchObject(limited);
    // Other endpoints have their own windows.
    await env.client.pushMessage({ to: to[0]!, messages: [text('p')] });
    env.clock.advance(1000);
    await env.client.multicast({ to, messages: [text('m')] });

    // broadcast: 60 per hour, sliding.
    for (let i = 0; i < 60; i++) {
      await env.client.broadcast({ messages: [text('b')] });
      env.clock.advance(30_000);
    }
    expect(await lineError(env.client.broadcast({ messages: [text('b')] }))).toMatchObject(limited);
    env.clock.advance(3600_000 - 60 * 30_000 + 1); // the first broadcast leaves the window
    await env.client.broadcast({ messages: [text('b')] });
    expect(await lineError(env.client.broadcast({ messages: [text('b')] }))).toMatchObject(limited);

    // rich menu create: 100 per hour.
    const menu = {
      size: { width: 800, height: 540 },
      selected: false,
      name: 'm',
      chatBarText: 'm',
      areas: [],
    };
    for (let i = 0; i < 100; i++) await env.client.createRichMenu(menu);
    expect(await lineError(env.client.createRichMenu(menu))).toMatchObject(limited);
  });

  it('push: 2,000 requests per second', async () => {
    const to = friendIds(1)[0]!;
    env.channel.setQuota(null);
    for (let batch = 0; batch < 20; batch++) {
      await Promise.all(Array.from({ length: 100 }, () => env.client.pushMessage({ to, messages: [text('p')] })));
    }
    expect((await lineError(env.client.pushMessage({ to, messages: [text('p')] }))).status).toBe(429);
    env.clock.advance(1000);
    await env.client.pushMessage({ to, messages: [text('p')] });
    expect(env.channel.sentMessageCount()).toBe(2001);
  });

  it('rich menu objects and images LINE would refuse -> 400', async () => {
    const base = { selected: false, name: 'm', chatBarText: 'm', areas: [] };
    const narrow = await lineError(env.client.createRichMenu({ ...base, size: { width: 700, height: 250 } }));
    expect(narrow.body.details).toContainEqual({ message: 'must be between 800 and 2500', property: 'size.width' });
    const tooLongBar = await lineError(
      env.client.createRichMenu({ ...base, chatBarText: 'あ'.repeat(15), size: { width: 800, height: 250 } }),
    );
    expect(tooLongBar.body.details).toEqual([{ message: 'Length must be between 0 and 14', property: 'chatBarText' }]);
    const badAlias = await lineError(
      env.client.createRichMenuAlias({ richMenuAliasId: 'Upper Case', richMenuId: 'x' }),
    );
    expect(badAlias.body.details?.[0]?.property).toBe('richMenuAliasId');

    const { richMenuId } = await env.client.createRichMenu({ ...base, size: { width: 1200, height: 810 } });
    const upload = (bytes: Buffer, type = 'image/png') =>
      lineError(env.blob.setRichMenuImage(richMenuId, blobOf(bytes, type)));
    expect((await upload(makePng(1200, 1000))).body.message).toMatch(/aspect ratio/); // 1.2 < 1.45
    expect((await upload(makePng(700, 300))).body.message).toMatch(/width/);
    expect((await upload(Buffer.from('GIF89a....'), 'image/gif')).body.message).toMatch(/JPEG or PNG/);
    expect((await upload(makePng(1200, 810), 'image/jpeg')).status).toBe(400);
    const big = Buffer.concat([makePng(1200, 810), Buffer.alloc(1024 * 1024)]);
    expect((await upload(big)).body.message).toMatch(/1 MB/);
    await env.blob.setRichMenuImage(richMenuId, blobOf(makePng(1200, 810), 'image/png'));
    expect((await upload(makePng(1200, 810))).body.message).toMatch(/already been uploaded/);
    expect(
      (await lineError(env.blob.setRichMenuImage('richmenu-none', blobOf(makePng(1200, 810), 'image/png')))).status,
    ).toBe(404);

    const bulk = await lineError(env.client.linkRichMenuIdToUsers({ richMenuId, userIds: friendIds(501) }));
    expect(bulk.body.details).toEqual([{ message: 'Size must be between 1 and 500', property: 'userIds' }]);
  });
});

describe('SlidingWindow', () => {
  it('allows `limit` requests in any window of `windowMs`', () => {
    const w = new SlidingWindow(3, 1000);
    expect([0, 100, 200, 300].map((t) => w.tryAcquire(t))).toEqual([true, true, true, false]);
    expect(w.tryAcquire(999)).toBe(false);
    expect(w.tryAcquire(1000)).toBe(true); // t=0 has left the window
    expect(w.tryAcquire(1050)).toBe(false);
    expect(w.tryAcquire(1100)).toBe(true);
  });
});
