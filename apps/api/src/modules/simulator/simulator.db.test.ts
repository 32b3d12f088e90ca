import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { messagingApi } from '@line/bot-sdk';
import { makePng, type SimChannel } from '@linq/line-simulator';
import {
  friendsApi,
  permissionsWith,
  simulatorApi,
  SIMULATOR_NOT_CONNECTED,
  VIRTUAL_FRIEND_NOT_FOUND,
  type ConversationEntry,
} from '@linq/contract';
import type { TestRequest, TestResponse } from '../../test/harness.ts';
import { outputOf, useTestApp } from '../../test/kit.ts';
import { friends } from '../friends/schema.ts';
import { userLineAccounts } from '../line-accounts/schema.ts';
import { bindSimulatedChannels } from './bind.ts';

const t = useTestApp({ simulator: true, tenants: 2 });
let consoleUrl: string;
/** tenant's simulated channel, assigned to its staff and viewer. */
let laid: number;
let channel: SimChannel;
let token: string;
/** other's simulated channel. */
let otherChannel: SimChannel;

async function assign(userIds: number[], lineAccountId: number) {
  await t.db.insert(userLineAccounts).values(userIds.map((userId) => ({ userId, lineAccountId })));
}

beforeAll(async () => {
  consoleUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const bound = await t.factory.simulatedChannel(t.tenant.account.id, t.sim, consoleUrl);
  ({ channel, token } = bound);
  laid = bound.row.id;
  await assign([t.tenant.staff.id, t.tenant.viewer.id], laid);
  const foreign = await t.factory.simulatedChannel(t.other.account.id, t.sim, consoleUrl);
  otherChannel = foreign.channel;
  await assign([t.other.staff.id], foreign.row.id);
  await bindSimulatedChannels(t.ctx, consoleUrl, { seedDemoFriends: false });
});

const asStaff = (request: Omit<TestRequest, 'token' | 'lineAccountId'>, lineAccountId = laid) =>
  t.request({ token: t.tenant.tokens.staff, lineAccountId, ...request });
const outcomeOf = (r: TestResponse) => outputOf(simulatorApi.follow, r).data;

async function newFriend(displayName?: string) {
  const r = await asStaff({
    method: 'POST',
    path: '/service/simulator/friends',
    body: displayName ? { display_name: displayName } : {},
  });
  expect(r.status).toBe(201);
  return outputOf(simulatorApi.createFriend, r).data;
}
const act = (userId: string, action: string, body?: unknown) =>
  asStaff({ method: 'POST', path: `/service/simulator/friends/${userId}/${action}`, ...(body ? { body } : {}) });
const summary = async () =>
  outputOf(friendsApi.summary, await asStaff({ method: 'GET', path: '/service/friends/summary' })).data;
const conversationOf = async (userId: string) =>
  (
    await t.call(
      simulatorApi.conversation,
      { params: { userId } },
      { token: t.tenant.tokens.staff, lineAccountId: laid },
    )
  ).output.data;

describe('phone panel API', () => {
  it('tells the panel that the channel is simulated, with the bot name', async () => {
    const r = await asStaff({ method: 'GET', path: '/service/simulator' });
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({
      simulated: true,
      bot_name: channel.botName,
      basic_id: channel.basicId,
      seeding: false,
    });
  });

  it('answers 404 on every route for a channel that is not simulated, or without a simulator', async () => {
    const friend = channel.createFriend();
    const routes: [TestRequest['method'], string, unknown?][] = [
      ['GET', '/service/simulator'],
      ['GET', '/service/simulator/friends'],
      ['POST', '/service/simulator/friends', {}],
      ...['follow', 'unfollow', 'image'].map((a): [TestRequest['method'], string] => [
        'POST',
        `/service/simulator/friends/${friend.userId}/${a}`,
      ]),
      ['POST', `/service/simulator/friends/${friend.userId}/text`, { text: 'x' }],
      ['POST', `/service/simulator/friends/${friend.userId}/sticker`, { package_id: '446', sticker_id: '1988' }],
      ['POST', `/service/simulator/friends/${friend.userId}/postback`, { data: 'a=1' }],
      ['GET', `/service/simulator/friends/${friend.userId}/conversation`],
    ];
    const plain = t.tenant.channels[0]!.id;
    for (const [method, path, body] of routes) {
      const r = await asStaff({ method, path, ...(body ? { body } : {}) }, plain);
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.json.errors).toBe(SIMULATOR_NOT_CONNECTED);
    }
    const ctx = t.ctx;
    const running = ctx.simulator;
    ctx.simulator = null;
    try {
      for (const [method, path, body] of routes) {
        const r = await asStaff({ method, path, ...(body ? { body } : {}) });
        expect(r.status, `${method} ${path}`).toBe(404);
        expect(r.json.errors).toBe(SIMULATOR_NOT_CONNECTED);
      }
    } finally {
      ctx.simulator = running;
    }
    expect(friend.following).toBe(false);
  });

  it('creates a virtual friend who does not follow yet, listed first', async () => {
    const friend = await newFriend('  テスト 太郎  ');
    expect(friend).toMatchObject({ display_name: 'テスト 太郎', following: false });
    expect(friend.user_id).toMatch(/^U[0-9a-f]{32}$/);
    expect(friend.picture_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/_sim\/avatar\//);
    const generated = await newFriend();
    expect(generated.display_name).not.toBe('');
    const list = (await t.call(simulatorApi.friends, {}, { token: t.tenant.tokens.staff, lineAccountId: laid })).output
      .data;
    expect(list.slice(0, 2).map((f) => f.user_id)).toEqual([generated.user_id, friend.user_id]);
    expect(channel.friend(friend.user_id)?.following).toBe(false);
  });

  it('follows through a signed webhook, answered once the console has processed it', async () => {
    const before = await summary();
    const friend = await newFriend('フォロー 花子');
    const r = await act(friend.user_id, 'follow');
    expect(r.status).toBe(200);
    expect(outcomeOf(r)).toMatchObject({ ok: true, status_code: 200, error: null, processed: true });
    expect(outcomeOf(r).webhook_event_ids).toHaveLength(1);
    expect(await summary()).toEqual({ ...before, total: before.total + 1, following: before.following + 1 });
    const [row] = await t.db
      .select()
      .from(friends)
      .where(and(eq(friends.lineAccountId, laid), eq(friends.lineUserId, friend.user_id)));
    expect(row).toMatchObject({ displayName: 'フォロー 花子', status: 'following' });

    expect((await act(friend.user_id, 'follow')).status).toBe(409);
  });

  it('writes text, an image, a sticker and taps a postback; the talk shows both directions in order', async () => {
    const friend = await newFriend();
    await act(friend.user_id, 'follow');
    const client = new messagingApi.MessagingApiClient({ channelAccessToken: token, baseURL: t.sim.url });
    await client.pushMessage({ to: friend.user_id, messages: [{ type: 'text', text: 'ようこそ！' }] });
    expect(outcomeOf(await act(friend.user_id, 'text', { text: '<b>こんにちは</b>🍣' })).ok).toBe(true);
    const buttons = {
      type: 'template' as const,
      altText: 'ご予約',
      template: {
        type: 'buttons' as const,
        text: 'ご予約はこちら',
        actions: [{ type: 'postback' as const, label: '予約する', data: 'action=reserve' }],
      },
    };
    await client.pushMessage({ to: friend.user_id, messages: [buttons] });
    expect(outcomeOf(await act(friend.user_id, 'image')).ok).toBe(true);
    expect(outcomeOf(await act(friend.user_id, 'sticker', { package_id: '446', sticker_id: '1988' })).ok).toBe(true);
    expect(outcomeOf(await act(friend.user_id, 'postback', { data: 'action=reserve' })).processed).toBe(true);

    const talk = await conversationOf(friend.user_id);
    expect(talk.map((e) => (e.direction === 'to_friend' ? `to:${String(e.message.type)}` : `from:${e.type}`))).toEqual([
      'to:text',
      'from:text',
      'to:template',
      'from:image',
      'from:sticker',
      'from:postback',
    ]);
    expect(talk[0]).toMatchObject({ direction: 'to_friend', endpoint: 'pushMessage', message: { text: 'ようこそ！' } });
    expect(talk[1]).toMatchObject({ direction: 'from_friend', text: '<b>こんにちは</b>🍣', image_url: null });
    expect(talk[2]).toMatchObject({ direction: 'to_friend', message: buttons });
    const image = talk[3] as Extract<ConversationEntry, { direction: 'from_friend' }>;
    expect(image.image_url).toMatch(/^data:image\/png;base64,iVBOR/);
    expect(talk[4]).toMatchObject({ package_id: '446', sticker_id: '1988' });
    expect(talk[5]).toMatchObject({ data: 'action=reserve', message_id: null });
    for (const entry of talk) expect(Date.parse(entry.at)).not.toBeNaN();
  });

  it('blocks: the count goes down, and a blocked friend cannot write until they follow again', async () => {
    const friend = await newFriend();
    await act(friend.user_id, 'follow');
    const before = await summary();
    const r = await act(friend.user_id, 'unfollow');
    expect(outcomeOf(r)).toMatchObject({ ok: true, processed: true });
    expect(await summary()).toEqual({
      total: before.total,
      following: before.following - 1,
      blocked: before.blocked + 1,
    });
    const refused = await act(friend.user_id, 'text', { text: 'まだいますか' });
    expect(refused.status).toBe(409);
    expect((await act(friend.user_id, 'unfollow')).status).toBe(409);
    expect(outcomeOf(await act(friend.user_id, 'follow')).processed).toBe(true);
    expect(await summary()).toEqual(before);
  });

  it('shows the friend’s rich menu with its image and areas, and taps it as LINE’s app would', async () => {
    const friend = await newFriend('メニュー 次郎');
    await act(friend.user_id, 'follow');
    const shown = (userId: string) =>
      asStaff({ method: 'GET', path: `/service/simulator/friends/${userId}/rich_menu` });
    expect(outputOf(simulatorApi.richMenu, await shown(friend.user_id)).data).toBeNull();
    expect((await act(friend.user_id, 'rich_menu/tap', { area_index: 0 })).status).toBe(409);

    const client = new messagingApi.MessagingApiClient({ channelAccessToken: token, baseURL: t.sim.url });
    const blob = new messagingApi.MessagingApiBlobClient({ channelAccessToken: token, baseURL: t.sim.url });
    const { richMenuId } = await client.createRichMenu({
      size: { width: 800, height: 270 },
      selected: false,
      name: 'panel',
      chatBarText: 'メニュー',
      areas: [
        { bounds: { x: 0, y: 0, width: 400, height: 270 }, action: { type: 'postback', data: 'panel=1' } },
        { bounds: { x: 400, y: 0, width: 400, height: 270 }, action: { type: 'uri', uri: 'https://example.com/' } },
      ],
    });
    await blob.setRichMenuImage(richMenuId, new Blob([new Uint8Array(makePng(800, 270))], { type: 'image/png' }));
    await client.setDefaultRichMenu(richMenuId);
    try {
      const menu = outputOf(simulatorApi.richMenu, await shown(friend.user_id)).data!;
      expect(menu).toMatchObject({ chat_bar_text: 'メニュー', selected: false, width: 800, height: 270 });
      expect(menu.image_url).toMatch(/^data:image\/png;base64,/);
      expect(menu.areas).toEqual([
        { x: 0, y: 0, width: 400, height: 270, action_type: 'postback', uri: null },
        { x: 400, y: 0, width: 400, height: 270, action_type: 'uri', uri: 'https://example.com/' },
      ]);
      const postback = await act(friend.user_id, 'rich_menu/tap', { area_index: 0 });
      expect(outputOf(simulatorApi.tapRichMenu, postback).data).toMatchObject({ ok: true, processed: true });
      expect((await conversationOf(friend.user_id)).at(-1)).toMatchObject({ type: 'postback', data: 'panel=1' });
      // A link sends nothing (the panel opens it).
      expect(
        outputOf(simulatorApi.tapRichMenu, await act(friend.user_id, 'rich_menu/tap', { area_index: 1 })).data,
      ).toBeNull();
      expect((await act(friend.user_id, 'rich_menu/tap', { area_index: 5 })).status).toBe(409);
      expect((await act(friend.user_id, 'rich_menu/tap', { area_index: 20 })).status).toBe(422);
      // Another channel's friend is not found here.
      expect((await shown(otherChannel.createFriend().userId)).status).toBe(404);
    } finally {
      await client.cancelDefaultRichMenu();
    }
  });

  it('validates the bodies', async () => {
    const friend = await newFriend();
    await act(friend.user_id, 'follow');
    expect((await act(friend.user_id, 'text', { text: '   ' })).status).toBe(422);
    expect((await act(friend.user_id, 'text', { text: 'x'.repeat(5001) })).status).toBe(422);
    expect((await act(friend.user_id, 'sticker', { package_id: 'abc', sticker_id: '1' })).status).toBe(422);
    expect((await act(friend.user_id, 'postback', { data: '' })).status).toBe(422);
    const longName = await asStaff({
      method: 'POST',
      path: '/service/simulator/friends',
      body: { display_name: 'あ'.repeat(21) },
    });
    expect(longName.status).toBe(422);
  });

  it('answers 404 for another channel’s virtual friend or an unknown id, and changes nothing there', async () => {
    const foreign = otherChannel.createFriend();
    await foreign.follow();
    const own = await t.factory.simulatedChannel(t.tenant.account.id, t.sim, consoleUrl);
    const sibling = own.channel.createFriend();
    for (const userId of [foreign.userId, sibling.userId, 'U' + randomBytes(16).toString('hex'), 'nonsense']) {
      for (const action of ['follow', 'unfollow', 'image']) {
        const r = await act(userId, action);
        expect(r.status, `${action} ${userId}`).toBe(404);
        expect(r.json.errors).toBe(VIRTUAL_FRIEND_NOT_FOUND);
      }
      expect((await act(userId, 'text', { text: 'hi' })).status).toBe(404);
      expect((await asStaff({ method: 'GET', path: `/service/simulator/friends/${userId}/conversation` })).status).toBe(
        404,
      );
    }
    expect(foreign.following).toBe(true);
    expect(foreign.outbox()).toEqual([]);
    expect(sibling.following).toBe(false);
    const list = (await t.call(simulatorApi.friends, {}, { token: t.tenant.tokens.staff, lineAccountId: laid })).output
      .data;
    expect(list.map((f) => f.user_id)).not.toContain(foreign.userId);
    expect(list.map((f) => f.user_id)).not.toContain(sibling.userId);
  });

  it('refuses a channel the staff user is not assigned to (403), a missing header (400) and staff without talks', async () => {
    const foreignLaid = t.other.channels[0]!.id;
    expect((await asStaff({ method: 'GET', path: '/service/simulator' }, foreignLaid)).status).toBe(403);
    expect((await asStaff({ method: 'GET', path: '/service/friends/summary' }, foreignLaid)).status).toBe(403);
    expect((await t.request({ method: 'GET', path: '/service/simulator', token: t.tenant.tokens.staff })).status).toBe(
      400,
    );
    expect((await t.request({ method: 'GET', path: '/service/simulator', token: t.tenant.tokens.owner })).status).toBe(
      401,
    );

    // View-only staff may use the panel (talks: view) and read the counts (friends: view).
    const viewer = { token: t.tenant.tokens.viewer, lineAccountId: laid };
    expect((await t.request({ method: 'GET', path: '/service/simulator', ...viewer })).status).toBe(200);
    expect((await t.request({ method: 'GET', path: '/service/friends/summary', ...viewer })).status).toBe(200);

    const permissions = permissionsWith('edit', true);
    const noTalks = await t.factory.staffAuthority(t.tenant.account.id, {
      ...permissions,
      features: { ...permissions.features, talks: 'none', friends: 'none' },
    });
    const user = await t.factory.user('service', {
      accountId: t.tenant.account.id,
      staffAuthorityId: noTalks.id,
      lineAccountIds: [laid],
    });
    const blocked = { token: await t.factory.login('service', user.email), lineAccountId: laid };
    expect((await t.request({ method: 'GET', path: '/service/simulator', ...blocked })).status).toBe(403);
    expect((await t.request({ method: 'POST', path: '/service/simulator/friends', body: {}, ...blocked })).status).toBe(
      403,
    );
    expect((await t.request({ method: 'GET', path: '/service/friends/summary', ...blocked })).status).toBe(403);
  });

  it('binds a simulated channel connected after the start on its first use', async () => {
    const secret = randomBytes(16).toString('hex');
    const accessToken = randomBytes(32).toString('base64url');
    const channelId = String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999));
    const row = await t.factory.lineAccount(t.tenant.account.id, {
      simulated: true,
      channelId,
      channelSecretSealed: t.ctx.secrets.seal(secret),
      channelAccessTokenSealed: t.ctx.secrets.seal(accessToken),
    });
    await assign([t.tenant.staff.id], row.id);
    expect(t.sim.channel(channelId)).toBeUndefined();
    const r = await asStaff({ method: 'GET', path: '/service/simulator' }, row.id);
    expect(r.status).toBe(200);
    const late = t.sim.channel(channelId)!;
    expect(late.webhookUrl).toBe(`${consoleUrl}/webhooks/line/${row.webhookKey}`);
    const created = await asStaff({ method: 'POST', path: '/service/simulator/friends', body: {} }, row.id);
    const friend = outputOf(simulatorApi.createFriend, created).data;
    const followed = await asStaff(
      { method: 'POST', path: `/service/simulator/friends/${friend.user_id}/follow` },
      row.id,
    );
    expect(outcomeOf(followed)).toMatchObject({ ok: true, processed: true });
    expect((await asStaff({ method: 'GET', path: '/service/friends/summary' }, row.id)).json.data).toEqual({
      total: 1,
      following: 1,
      blocked: 0,
    });
  });
});
