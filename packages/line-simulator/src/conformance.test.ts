import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makePng } from './index.ts';
import { blobOf, lineError, readAll, setup, text, type Env } from './test-support.ts';

let env: Env;
beforeEach(async () => {
  env = await setup();
});
afterEach(async () => {
  await env.stop();
});

async function followers(n: number) {
  const friends = [];
  for (let i = 0; i < n; i++) {
    const f = env.channel.createFriend();
    await f.follow();
    friends.push(f);
  }
  return friends;
}

describe('Messaging API through @line/bot-sdk', () => {
  it('push: answers sent message ids and records the message for the friend', async () => {
    const [friend] = await followers(1);
    const res = await env.client.pushMessage(
      { to: friend!.userId, messages: [text('こんにちは'), { type: 'sticker', packageId: '446', stickerId: '1988' }] },
      '123e4567-e89b-12d3-a456-426614174000',
    );
    expect(res.sentMessages).toHaveLength(2);
    expect(res.sentMessages[0]!.id).toMatch(/^\d+$/);
    expect(res.sentMessages[0]!.quoteToken).toBeTruthy();
    const sent = env.channel.sentMessages();
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({
      channelId: '2000000001',
      to: friend!.userId,
      message: { type: 'text', text: 'こんにちは' },
      messageId: res.sentMessages[0]!.id,
      retryKey: '123e4567-e89b-12d3-a456-426614174000',
      endpoint: 'pushMessage',
      delivered: true,
      sentAt: env.clock.t,
    });
    expect(sent[0]!.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(friend!.inbox().map((s) => s.message['type'])).toEqual(['text', 'sticker']);
  });

  it('push to a stranger or a friend who blocked the channel is accepted but not delivered', async () => {
    const [blocked] = await followers(1);
    await blocked!.unfollow();
    await env.client.pushMessage({ to: blocked!.userId, messages: [text('届かない')] });
    await env.client.pushMessage({ to: 'U' + '0'.repeat(32), messages: [text('だれ？')] });
    expect(env.channel.sentMessages().map((s) => s.delivered)).toEqual([false, false]);
    expect(blocked!.inbox()).toEqual([]);
  });

  it('multicast: one record per recipient, delivered only to following friends', async () => {
    const [a, b, c] = await followers(3);
    await c!.unfollow();
    await env.client.multicast({
      to: [a!.userId, b!.userId, c!.userId, 'Uffffffffffffffffffffffffffffffff'],
      messages: [text('セール開始')],
    });
    const sent = env.channel.sentMessages();
    expect(sent.map((s) => [s.to, s.delivered])).toEqual([
      [a!.userId, true],
      [b!.userId, true],
      [c!.userId, false],
      ['Uffffffffffffffffffffffffffffffff', false],
    ]);
    expect(new Set(sent.map((s) => s.requestId)).size).toBe(1);
    expect(a!.inbox()[0]!.message).toEqual({ type: 'text', text: 'セール開始' });
    expect((await env.client.getMessageQuotaConsumption()).totalUsage).toBe(4);
  });

  it('broadcast reaches every following friend', async () => {
    const [a, b, c] = await followers(3);
    await b!.unfollow();
    await env.client.broadcast({ messages: [text('お知らせ')] });
    expect(env.channel.sentMessages().map((s) => s.to)).toEqual([a!.userId, c!.userId]);
    expect(b!.inbox()).toEqual([]);
    expect(env.channel.sentMessages().every((s) => s.endpoint === 'broadcast' && s.delivered)).toBe(true);
  });

  it('narrowcast is accepted (202), honours limit.max, and its progress reports succeeded', async () => {
    await followers(3);
    const res = await env.client.narrowcastWithHttpInfo({ messages: [text('限定クーポン')], limit: { max: 2 } });
    expect(res.httpResponse.status).toBe(202);
    const requestId = res.httpResponse.headers.get('x-line-request-id')!;
    expect(requestId).toBeTruthy();
    const progress = await env.client.getNarrowcastProgress(requestId);
    expect(progress).toMatchObject({ phase: 'succeeded', successCount: 2, failureCount: 0, targetCount: 2 });
    expect(progress.acceptedTime).toBe(new Date(env.clock.t).toISOString());
    expect(env.channel.sentMessages().map((s) => s.endpoint)).toEqual(['narrowcast', 'narrowcast']);
    expect((await lineError(env.client.getNarrowcastProgress('nope'))).status).toBe(404);
  });

  it('reply with the token a webhook carried (valid once)', async () => {
    const [friend] = await followers(1);
    await friend!.sendText('予約できますか？');
    const [, messageHook] = await env.receiver.waitFor(2);
    const replyToken = messageHook!.body.events[0]!['replyToken'] as string;
    const res = await env.client.replyMessage({ replyToken, messages: [text('はい、承ります')] });
    expect(res.sentMessages).toHaveLength(1);
    expect(friend!.inbox()).toMatchObject([{ endpoint: 'replyMessage', message: { text: 'はい、承ります' } }]);
    const again = await lineError(env.client.replyMessage({ replyToken, messages: [text('二回目')] }));
    expect(again).toMatchObject({ status: 400, body: { message: 'Invalid reply token' } });
    // Reply messages are free.
    expect((await env.client.getMessageQuotaConsumption()).totalUsage).toBe(0);
  });

  it('profile of a follower; 404 once the friend blocked the channel', async () => {
    const friend = env.channel.createFriend({ displayName: '山田 花子', statusMessage: 'よろしく', language: 'ja' });
    await friend.follow();
    const profile = await env.client.getProfile(friend.userId);
    expect(profile).toEqual({
      userId: friend.userId,
      displayName: '山田 花子',
      pictureUrl: friend.profile.pictureUrl,
      statusMessage: 'よろしく',
      language: 'ja',
    });
    await friend.unfollow();
    expect((await lineError(env.client.getProfile(friend.userId))).status).toBe(404);
  });

  it('default profiles look Japanese', () => {
    const f = env.channel.createFriend();
    expect(f.userId).toMatch(/^U[0-9a-f]{32}$/);
    expect(f.profile.displayName).toMatch(
      /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+ [\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+$/u,
    );
    expect(f.profile.language).toBe('ja');
    expect(f.profile.pictureUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/_sim\/avatar\//);
  });

  it('followers ids page with start/limit and skip blocked friends', async () => {
    const friends = env.channel.createFriends(25);
    await friends[3]!.unfollow();
    const seen: string[] = [];
    let start: string | undefined;
    let pages = 0;
    do {
      const page = await env.client.getFollowers(start, 10);
      expect(page.userIds.length).toBeLessThanOrEqual(10);
      seen.push(...page.userIds);
      start = page.next;
      pages++;
    } while (start);
    expect(pages).toBe(3);
    expect(seen).toEqual(friends.filter((_, i) => i !== 3).map((f) => f.userId));
    expect((await env.client.getFollowers()).userIds).toHaveLength(24);
    expect((await lineError(env.client.getFollowers(undefined, 1001))).status).toBe(400);
  });

  it('bot info', async () => {
    const info = await env.client.getBotInfo();
    expect(info).toEqual({
      userId: env.channel.botUserId,
      basicId: expect.stringMatching(/^@\d{3}[a-z]{4}$/),
      displayName: 'テスト店',
      chatMode: 'bot',
      markAsReadMode: 'auto',
    });
    expect(info.userId).toMatch(/^U[0-9a-f]{32}$/);
  });

  it('quota and consumption follow accepted sends', async () => {
    await followers(2);
    expect(await env.client.getMessageQuota()).toEqual({ type: 'limited', value: 1000 });
    await env.client.broadcast({ messages: [text('1'), text('2')] });
    expect(await env.client.getMessageQuotaConsumption()).toEqual({ totalUsage: 4 });
    env.channel.setQuota(null);
    expect(await env.client.getMessageQuota()).toEqual({ type: 'none' });
  });

  it('message content: downloads the image a friend sent', async () => {
    const [friend] = await followers(1);
    const image = makePng(320, 200, [200, 30, 30]);
    await friend!.sendImage(image);
    const [, hook] = await env.receiver.waitFor(2);
    const message = hook!.body.events[0]!['message'] as { id: string; type: string };
    expect(message.type).toBe('image');
    const res = await env.blob.getMessageContentWithHttpInfo(message.id);
    expect(res.httpResponse.headers.get('content-type')).toBe('image/png');
    expect(Buffer.compare(await readAll(res.body), image)).toBe(0);
    expect((await lineError(env.blob.getMessageContent('123'))).status).toBe(404);
  });

  it('rich menus: create, validate, upload and download the image, get, list, delete', async () => {
    const menu = {
      size: { width: 2500, height: 843 },
      selected: true,
      name: 'メインメニュー',
      chatBarText: 'メニュー',
      areas: [{ bounds: { x: 0, y: 0, width: 1250, height: 843 }, action: { type: 'postback' as const, data: 'a=1' } }],
    };
    await env.client.validateRichMenuObject(menu);
    const { richMenuId } = await env.client.createRichMenu(menu);
    expect(richMenuId).toMatch(/^richmenu-[0-9a-f]{32}$/);
    const image = makePng(2500, 843);
    await env.blob.setRichMenuImage(richMenuId, blobOf(image, 'image/png'));
    const downloaded = await env.blob.getRichMenuImageWithHttpInfo(richMenuId);
    expect(downloaded.httpResponse.headers.get('content-type')).toBe('image/png');
    expect(Buffer.compare(await readAll(downloaded.body), image)).toBe(0);
    expect(await env.client.getRichMenu(richMenuId)).toEqual({ richMenuId, ...menu });
    expect((await env.client.getRichMenuList()).richmenus.map((m) => m.richMenuId)).toEqual([richMenuId]);
    await env.client.deleteRichMenu(richMenuId);
    expect((await env.client.getRichMenuList()).richmenus).toEqual([]);
    expect((await lineError(env.client.getRichMenu(richMenuId))).status).toBe(404);
  });

  it('rich menus: default, per-user link, bulk link/unlink and aliases', async () => {
    const [a, b, c] = await followers(3);
    const menu = (name: string) => ({
      size: { width: 1200, height: 405 },
      selected: false,
      name,
      chatBarText: 'タップ',
      areas: [{ bounds: { x: 0, y: 0, width: 1200, height: 405 }, action: { type: 'message' as const, text: 'hi' } }],
    });
    const { richMenuId: main } = await env.client.createRichMenu(menu('main'));
    const { richMenuId: vip } = await env.client.createRichMenu(menu('vip'));
    // Linking needs an image first, like LINE.
    expect(await lineError(env.client.setDefaultRichMenu(main))).toMatchObject({
      status: 400,
      body: { message: 'must upload richmenu image before applying it to user' },
    });
    for (const id of [main, vip]) {
      await env.blob.setRichMenuImage(id, blobOf(makePng(1200, 405), 'image/png'));
    }
    expect((await lineError(env.client.getDefaultRichMenuId())).status).toBe(404);
    await env.client.setDefaultRichMenu(main);
    expect(await env.client.getDefaultRichMenuId()).toEqual({ richMenuId: main });
    expect(c!.richMenuId()).toBe(main);

    await env.client.linkRichMenuIdToUser(a!.userId, vip);
    expect(await env.client.getRichMenuIdOfUser(a!.userId)).toEqual({ richMenuId: vip });
    expect(a!.richMenuId()).toBe(vip);
    await env.client.unlinkRichMenuIdFromUser(a!.userId);
    expect((await lineError(env.client.getRichMenuIdOfUser(a!.userId))).status).toBe(404);

    const bulk = await env.client.linkRichMenuIdToUsersWithHttpInfo({
      richMenuId: vip,
      userIds: [a!.userId, b!.userId],
    });
    expect(bulk.httpResponse.status).toBe(202);
    expect((await env.client.getRichMenuIdOfUser(b!.userId)).richMenuId).toBe(vip);
    await env.client.unlinkRichMenuIdFromUsers({ userIds: [a!.userId, b!.userId] });
    expect((await lineError(env.client.getRichMenuIdOfUser(b!.userId))).status).toBe(404);
    expect(b!.richMenuId()).toBe(main);

    await env.client.cancelDefaultRichMenu();
    expect((await lineError(env.client.getDefaultRichMenuId())).status).toBe(404);

    await env.client.createRichMenuAlias({ richMenuAliasId: 'menu-main', richMenuId: main });
    await env.client.createRichMenuAlias({ richMenuAliasId: 'menu-vip', richMenuId: vip });
    expect(
      await lineError(env.client.createRichMenuAlias({ richMenuAliasId: 'menu-vip', richMenuId: main })),
    ).toMatchObject({ status: 400 });
    expect(await env.client.getRichMenuAlias('menu-main')).toEqual({ richMenuAliasId: 'menu-main', richMenuId: main });
    await env.client.updateRichMenuAlias('menu-main', { richMenuId: vip });
    expect((await env.client.getRichMenuAlias('menu-main')).richMenuId).toBe(vip);
    expect((await env.client.getRichMenuAliasList()).aliases).toEqual([
      { richMenuAliasId: 'menu-main', richMenuId: vip },
      { richMenuAliasId: 'menu-vip', richMenuId: vip },
    ]);
    await env.client.deleteRichMenuAlias('menu-vip');
    expect((await lineError(env.client.getRichMenuAlias('menu-vip'))).status).toBe(404);
    expect((await env.client.getRichMenuAliasList()).aliases).toHaveLength(1);
  });

  it('every answer carries x-line-request-id', async () => {
    const res = await env.client.getBotInfoWithHttpInfo();
    expect(res.httpResponse.headers.get('x-line-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const err = await lineError(env.client.getProfile('Unope'));
    expect(err.headers.get('x-line-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
