import { messagingApi, validateSignature } from '@line/bot-sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makePng, startLineSimulator, type LineSimulator } from './index.ts';
import { blobOf, WebhookReceiver } from './test-support.ts';

/** Only plain HTTP below, as another process (the console's phone panel, a benchmark) would do. */
let sim: LineSimulator;
let receiver: WebhookReceiver;
beforeEach(async () => {
  sim = await startLineSimulator({ redeliveryDelaysMs: [5], validateResponses: true });
  receiver = await WebhookReceiver.start();
});
afterEach(async () => {
  await sim.stop();
  await receiver.close();
});

async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (Buffer.isBuffer(body)) init.body = new Uint8Array(body);
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const res = await fetch(sim.url + path, init);
  const type = res.headers.get('content-type') ?? '';
  const payload = type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer());
  return { status: res.status, body: payload as T, headers: res.headers };
}

const channelBody = {
  channelId: '1650000001',
  channelSecret: 'secret-over-http',
  channelAccessToken: 'token-over-http',
  botName: 'HTTP店',
};

describe('/_sim control routes over plain HTTP', () => {
  it('drive a whole conversation: channel, friend, follow, messages, inbox, records', async () => {
    const created = await call('POST', '/_sim/channels', { ...channelBody, webhookUrl: receiver.url });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      channelId: '1650000001',
      webhookUrl: receiver.url,
      quota: { limit: 1000, used: 0 },
    });
    expect(created.headers.get('x-line-request-id')).toBeTruthy();
    expect((await call('POST', '/_sim/channels', channelBody)).status).toBe(409);

    const friend = await call('POST', '/_sim/channels/1650000001/friends', { displayName: '鈴木 一郎' });
    expect(friend.status).toBe(201);
    const userId = friend.body['userId'] as string;
    expect(userId).toMatch(/^U[0-9a-f]{32}$/);
    expect(friend.body).toMatchObject({ following: false, profile: { displayName: '鈴木 一郎', language: 'ja' } });

    const follow = await call('POST', `/_sim/friends/${userId}/follow`);
    expect(follow.status).toBe(200);
    expect(follow.body).toMatchObject({ ok: true, statusCode: 200, events: [{ type: 'follow' }] });
    expect((await call('POST', `/_sim/friends/${userId}/text`, { text: '営業時間は？' })).body).toMatchObject({
      events: [{ type: 'message', message: { type: 'text', text: '営業時間は？' } }],
    });
    await call('POST', `/_sim/friends/${userId}/sticker`, { packageId: '446', stickerId: '1988' });
    await call('POST', `/_sim/friends/${userId}/postback`, { data: 'menu=coupon' });
    const png = makePng(100, 80);
    const image = await call('POST', `/_sim/friends/${userId}/image`, png, { 'content-type': 'image/png' });
    const imageId = (image.body['events'] as { message: { id: string } }[])[0]!.message.id;
    const hooks = await receiver.waitFor(5);
    for (const h of hooks) {
      expect(validateSignature(h.raw, 'secret-over-http', h.headers['x-line-signature'] as string)).toBe(true);
    }
    const content = await call('GET', `/_sim/channels/1650000001/content/${imageId}`);
    expect(Buffer.compare(content.body as unknown as Buffer, png)).toBe(0);

    // The channel answers through the Messaging API.
    const client = new messagingApi.MessagingApiClient({ channelAccessToken: 'token-over-http', baseURL: sim.url });
    const replyToken = hooks[1]!.body.events[0]!['replyToken'] as string;
    await client.replyMessage({ replyToken, messages: [{ type: 'text', text: '10時から19時です' }] });
    await client.pushMessage({ to: userId, messages: [{ type: 'sticker', packageId: '446', stickerId: '1989' }] });

    const inbox = await call<{ endpoint: string }[]>('GET', `/_sim/friends/${userId}/inbox`);
    expect(inbox.body.map((s) => s.endpoint)).toEqual(['replyMessage', 'pushMessage']);
    const conversation = await call<{ direction: string }[]>('GET', `/_sim/friends/${userId}/conversation`);
    expect(conversation.body.map((c) => c.direction)).toEqual([
      'fromFriend',
      'fromFriend',
      'fromFriend',
      'fromFriend',
      'toFriend',
      'toFriend',
    ]);
    expect((await call<unknown[]>('GET', `/_sim/friends/${userId}/outbox`)).body).toHaveLength(4);

    const sent = await call('GET', '/_sim/channels/1650000001/sent');
    expect(sent.body).toMatchObject({ total: 2, offset: 0 });
    const webhooks = await call('GET', '/_sim/channels/1650000001/webhooks?offset=1&limit=2');
    expect(webhooks.body).toMatchObject({ total: 5, offset: 1 });
    expect((webhooks.body['items'] as unknown[]).length).toBe(2);

    expect((await call('POST', `/_sim/friends/${userId}/unfollow`)).body).toMatchObject({
      events: [{ type: 'unfollow' }],
    });
    expect((await call('GET', `/_sim/friends/${userId}`)).body).toMatchObject({ following: false });
    expect((await call('POST', `/_sim/friends/${userId}/text`, { text: 'x' })).status).toBe(409);
    const channel = await call('GET', '/_sim/channels/1650000001');
    expect(channel.body).toMatchObject({ friendCount: 1, followerCount: 0, sentMessageCount: 2 });
  });

  it('faults, quota and latency', async () => {
    await call('POST', '/_sim/channels', channelBody);
    const client = new messagingApi.MessagingApiClient({ channelAccessToken: 'token-over-http', baseURL: sim.url });
    const bulk = await call('POST', '/_sim/channels/1650000001/friends/bulk', { count: 3 });
    expect(bulk.body['count']).toBe(3);
    const to = bulk.body['userIds'] as string[];

    const injected = await call('POST', '/_sim/faults', { mode: 'error500', count: 1, endpoint: 'multicast' });
    expect(injected.status).toBe(201);
    expect(injected.body).toEqual([{ mode: 'error500', count: 1, endpoint: 'multicast' }]);
    await expect(client.multicast({ to, messages: [{ type: 'text', text: 'x' }] })).rejects.toMatchObject({
      status: 500,
    });
    await client.multicast({ to, messages: [{ type: 'text', text: 'x' }] });
    expect((await call('POST', '/_sim/faults', { mode: 'boom', count: 1 })).status).toBe(400);
    await call('POST', '/_sim/faults', { mode: 'rate429', count: 3 });
    expect((await call('DELETE', '/_sim/faults')).body).toEqual([]);

    expect((await call('PUT', '/_sim/channels/1650000001/quota', { limit: 5, used: 4 })).body).toEqual({
      limit: 5,
      used: 4,
    });
    expect(await client.getMessageQuota()).toEqual({ type: 'limited', value: 5 });
    expect(await client.getMessageQuotaConsumption()).toEqual({ totalUsage: 4 });
    await expect(client.multicast({ to, messages: [{ type: 'text', text: 'x' }] })).rejects.toMatchObject({
      status: 429,
    });
    await call('PUT', '/_sim/channels/1650000001/quota', { limit: null });
    expect(await client.getMessageQuota()).toEqual({ type: 'none' });

    expect((await call('PUT', '/_sim/latency', { ms: 80 })).status).toBe(200);
    const t0 = performance.now();
    await client.getBotInfo();
    expect(performance.now() - t0).toBeGreaterThanOrEqual(70);
    expect((await call('PUT', '/_sim/latency', { ms: -1 })).status).toBe(400);
    await call('DELETE', '/_sim/faults');
  });

  it('channel access token: revoked, then reissued', async () => {
    await call('POST', '/_sim/channels', channelBody);
    const client = new messagingApi.MessagingApiClient({ channelAccessToken: 'token-over-http', baseURL: sim.url });
    expect((await call('PUT', '/_sim/channels/1650000001/token', { channelAccessToken: null })).body).toEqual({
      channelAccessToken: null,
    });
    await expect(client.getBotInfo()).rejects.toMatchObject({ status: 401 });
    expect((await call('PUT', '/_sim/channels/1650000001/token', { channelAccessToken: 'new-token' })).status).toBe(
      200,
    );
    const reissued = new messagingApi.MessagingApiClient({ channelAccessToken: 'new-token', baseURL: sim.url });
    expect((await reissued.getBotInfo()).basicId).toBeTruthy();
    await expect(client.getBotInfo()).rejects.toMatchObject({ status: 401 });
    expect((await call('PUT', '/_sim/channels/1650000001/token', { channelAccessToken: '' })).status).toBe(400);
    expect((await call('PUT', '/_sim/channels/1650000001/token', {})).status).toBe(400);
  });

  it('webhook settings, rich menu view for the phone panel, avatars and errors', async () => {
    await call('POST', '/_sim/channels', { ...channelBody, quota: 10 });
    expect(
      (await call('PATCH', '/_sim/channels/1650000001', { webhookUrl: receiver.url, redelivery: true })).body,
    ).toMatchObject({
      webhookUrl: receiver.url,
      redelivery: true,
    });
    const friend = await call('POST', '/_sim/channels/1650000001/friends', { following: true });
    const userId = friend.body['userId'] as string;
    expect((await call('GET', `/_sim/friends/${userId}/richmenu`)).status).toBe(404);

    const client = new messagingApi.MessagingApiClient({ channelAccessToken: 'token-over-http', baseURL: sim.url });
    const blob = new messagingApi.MessagingApiBlobClient({ channelAccessToken: 'token-over-http', baseURL: sim.url });
    const { richMenuId } = await client.createRichMenu({
      size: { width: 800, height: 270 },
      selected: true,
      name: 'menu',
      chatBarText: 'メニュー',
      areas: [{ bounds: { x: 0, y: 0, width: 800, height: 270 }, action: { type: 'postback', data: 'tap=1' } }],
    });
    await blob.setRichMenuImage(richMenuId, blobOf(makePng(800, 270), 'image/png'));
    await client.setDefaultRichMenu(richMenuId);
    const view = await call('GET', `/_sim/friends/${userId}/richmenu`);
    expect(view.body).toMatchObject({ richMenuId, chatBarText: 'メニュー' });
    const image = await fetch(view.body['imageUrl'] as string);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await call('GET', '/_sim/channels/1650000001/richmenus')).body).toMatchObject([
      { richMenuId, hasImage: true, isDefault: true, aliases: [] },
    ]);

    const avatar = await fetch((friend.body['profile'] as { pictureUrl: string }).pictureUrl);
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml');
    expect(await avatar.text()).toContain('<svg');

    expect((await call('GET', '/_sim/friends/Unknown')).status).toBe(404);
    expect((await call('GET', '/_sim/nothing')).status).toBe(404);
    expect((await call('DELETE', '/_sim/channels')).status).toBe(405);
    expect((await call('POST', '/_sim/channels/1650000001/friends', '[1]' as unknown as object)).status).toBe(400);
    expect((await call('GET', '/_sim/health')).body).toEqual({ ok: true });
  });
});
