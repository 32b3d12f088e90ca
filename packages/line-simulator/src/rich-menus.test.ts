import { messagingApi } from '@line/bot-sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makePng, type SimFriend } from './index.ts';
import { blobOf, lineError, raw, readAll, setup, type Env } from './test-support.ts';

let env: Env;
beforeEach(async () => {
  env = await setup();
});
afterEach(async () => {
  await env.stop();
});

const HOUR = 3600_000;
const limited = { status: 429, body: { message: 'The API rate limit has been exceeded. Try again later.' } };

type Action = messagingApi.Action;

/** A 1200x405 menu: one area per action, side by side. */
function menu(
  name: string,
  actions: Action[] = [{ type: 'postback', data: `menu=${name}` }],
): messagingApi.RichMenuRequest & { areas: messagingApi.RichMenuArea[] } {
  const width = Math.floor(1200 / actions.length);
  return {
    size: { width: 1200, height: 405 },
    selected: false,
    name,
    chatBarText: 'メニュー',
    areas: actions.map((action, i) => ({ bounds: { x: i * width, y: 0, width, height: 405 }, action })),
  };
}

/** Creates a menu and uploads its image (a menu needs one before it is linked or made the default). */
async function published(name: string, actions?: Action[]): Promise<string> {
  const { richMenuId } = await env.client.createRichMenu(menu(name, actions));
  await env.blob.setRichMenuImage(richMenuId, blobOf(makePng(1200, 405), 'image/png'));
  return richMenuId;
}

async function followers(n: number): Promise<SimFriend[]> {
  const friends: SimFriend[] = [];
  for (let i = 0; i < n; i++) {
    const f = env.channel.createFriend();
    await f.follow();
    friends.push(f);
  }
  return friends;
}

describe('rich menus: the menu itself', () => {
  it('create, validate, image upload and download (data host path), get, list, delete', async () => {
    const body = menu('メイン', [
      { type: 'postback', data: 'a=1' },
      { type: 'uri', uri: 'https://example.com/' },
    ]);
    await env.client.validateRichMenuObject(body);
    const { richMenuId } = await env.client.createRichMenu(body);
    expect(richMenuId).toMatch(/^richmenu-[0-9a-f]{32}$/);
    expect((await lineError(env.blob.getRichMenuImage(richMenuId))).status).toBe(404);
    const image = makePng(1200, 405, [200, 30, 30]);
    await env.blob.setRichMenuImage(richMenuId, blobOf(image, 'image/png'));
    const downloaded = await env.blob.getRichMenuImageWithHttpInfo(richMenuId);
    expect(downloaded.httpResponse.headers.get('content-type')).toBe('image/png');
    expect(Buffer.compare(await readAll(downloaded.body), image)).toBe(0);
    expect(await env.client.getRichMenu(richMenuId)).toEqual({ richMenuId, ...body });
    expect((await env.client.getRichMenuList()).richmenus).toEqual([{ richMenuId, ...body }]);
    await env.client.deleteRichMenu(richMenuId);
    expect((await env.client.getRichMenuList()).richmenus).toEqual([]);
    expect(env.channel.operationCount('setRichMenuImage')).toBe(1);
  });

  it('invalid bodies -> 400 with LINE details; unknown ids -> 404', async () => {
    const base = menu('m');
    const tooMany = await lineError(
      env.client.createRichMenu({
        ...base,
        areas: Array.from({ length: 21 }, () => base.areas[0]!),
      }),
    );
    expect(tooMany).toMatchObject({
      status: 400,
      body: {
        message: 'The request body has 1 error(s)',
        details: [{ message: 'Size must be between 0 and 20', property: 'areas' }],
      },
    });
    // Chat-bar text: 14 characters, counted as characters (14 kanji pass, 15 do not).
    await env.client.validateRichMenuObject({ ...base, chatBarText: '漢'.repeat(14) });
    expect(
      (await lineError(env.client.createRichMenu({ ...base, chatBarText: '漢'.repeat(15) }))).body.details,
    ).toEqual([{ message: 'Length must be between 0 and 14', property: 'chatBarText' }]);
    const { name: _name, ...noName } = base;
    expect((await lineError(env.client.validateRichMenuObject(noName as messagingApi.RichMenuRequest))).body).toEqual({
      message: 'The request body has 1 error(s)',
      details: [{ message: 'must be specified', property: 'name' }],
    });
    const noData = await raw(env.sim, 'POST', '/v2/bot/richmenu', {
      ...base,
      areas: [{ ...base.areas[0], action: { type: 'postback' } }],
    });
    expect(noData.status).toBe(400);
    expect(noData.json['details']).toEqual([{ message: 'must be specified', property: 'areas[0].action.data' }]);
    expect((await env.client.getRichMenuList()).richmenus).toEqual([]);

    const unknown = 'richmenu-' + '0'.repeat(32);
    for (const call of [
      env.client.getRichMenu(unknown),
      env.client.deleteRichMenu(unknown),
      env.client.setDefaultRichMenu(unknown),
      env.client.linkRichMenuIdToUser('U' + 'a'.repeat(32), unknown),
      env.blob.getRichMenuImage(unknown),
      env.blob.setRichMenuImage(unknown, blobOf(makePng(1200, 405))),
    ]) {
      expect(await lineError(call)).toMatchObject({ status: 404, body: { message: 'richmenu not found' } });
    }
  });

  it('the image: JPEG or PNG of the menu size, at most 1 MB, uploaded once', async () => {
    const { richMenuId } = await env.client.createRichMenu(menu('m'));
    const upload = (bytes: Buffer, type = 'image/png') =>
      lineError(env.blob.setRichMenuImage(richMenuId, blobOf(bytes, type)));
    // Valid on its own (LINE's size rules) but not the menu's size.
    expect(await upload(makePng(2500, 843))).toMatchObject({
      status: 400,
      body: { message: 'The image size (2500x843) must match the rich menu size (1200x405)' },
    });
    expect((await upload(Buffer.from('GIF89a....'), 'image/gif')).body.message).toMatch(/JPEG or PNG/);
    const big = Buffer.concat([makePng(1200, 405), Buffer.alloc(1024 * 1024)]);
    expect((await upload(big)).body.message).toBe('The image size must be 1 MB or less');
    await env.blob.setRichMenuImage(richMenuId, blobOf(makePng(1200, 405)));
    expect((await upload(makePng(1200, 405))).body.message).toMatch(/already been uploaded/);
  });

  it('1,000 menus per channel; create and delete 100 per hour (the 101st is 429)', async () => {
    const body = menu('m', []);
    const ids: string[] = [];
    for (let hour = 0; hour < 10; hour++) {
      for (let i = 0; i < 100; i++) ids.push((await env.client.createRichMenu(body)).richMenuId);
      if (hour === 0) expect(await lineError(env.client.createRichMenu(body))).toMatchObject(limited);
      env.clock.advance(HOUR);
    }
    expect((await env.client.getRichMenuList()).richmenus).toHaveLength(1000);
    expect(await lineError(env.client.createRichMenu(body))).toMatchObject({
      status: 400,
      body: { message: 'The number of rich menus has reached the upper limit (1000)' },
    });
    // Validation does not create: it is not limited by the count.
    await env.client.validateRichMenuObject(body);

    for (let i = 0; i < 100; i++) await env.client.deleteRichMenu(ids[i]!);
    expect(await lineError(env.client.deleteRichMenu(ids[100]!))).toMatchObject(limited);
    env.clock.advance(HOUR);
    await env.client.deleteRichMenu(ids[100]!);
    expect((await env.client.createRichMenu(body)).richMenuId).toMatch(/^richmenu-/);
  });
});

describe('rich menus: who sees which menu', () => {
  it('a per-user menu beats the default; unlinking shows the default again', async () => {
    const [a, b] = await followers(2);
    const main = await published('main');
    const vip = await published('vip');
    await env.client.setDefaultRichMenu(main);
    await env.client.linkRichMenuIdToUser(a!.userId, vip);
    expect(a!.richMenuId()).toBe(vip);
    expect(b!.richMenuId()).toBe(main);
    // The default is not a per-user link.
    expect(await env.client.getRichMenuIdOfUser(a!.userId)).toEqual({ richMenuId: vip });
    expect((await lineError(env.client.getRichMenuIdOfUser(b!.userId))).status).toBe(404);

    const view = await raw(env.sim, 'GET', `/_sim/friends/${a!.userId}/richmenu`);
    expect(view.json).toMatchObject({ richMenuId: vip, source: 'user', chatBarText: 'メニュー' });
    expect((await raw(env.sim, 'GET', `/_sim/friends/${b!.userId}/richmenu`)).json).toMatchObject({
      richMenuId: main,
      source: 'default',
    });

    await env.client.unlinkRichMenuIdFromUser(a!.userId);
    expect(a!.richMenuId()).toBe(main);
    await env.client.cancelDefaultRichMenu();
    expect(a!.richMenuId()).toBeUndefined();
    expect((await lineError(env.client.getDefaultRichMenuId())).status).toBe(404);
  });

  it('bulk link and unlink 500 user ids (202); 501 -> 400', async () => {
    const userIds = env.channel.createFriends(501).map((f) => f.userId);
    const vip = await published('vip');
    const res = await env.client.linkRichMenuIdToUsersWithHttpInfo({ richMenuId: vip, userIds: userIds.slice(0, 500) });
    expect(res.httpResponse.status).toBe(202);
    expect(env.channel.friends().filter((f) => f.richMenuId() === vip)).toHaveLength(500);
    const over = await lineError(env.client.linkRichMenuIdToUsers({ richMenuId: vip, userIds }));
    expect(over.body.details).toEqual([{ message: 'Size must be between 1 and 500', property: 'userIds' }]);
    const badId = await lineError(env.client.unlinkRichMenuIdFromUsers({ userIds: ['nobody'] }));
    expect(badId.body.details).toEqual([{ message: 'invalid ID', property: 'userIds[0]' }]);
    await env.client.unlinkRichMenuIdFromUsers({ userIds: userIds.slice(0, 500) });
    expect(env.channel.friends().filter((f) => f.richMenuId() === vip)).toHaveLength(0);
  });

  it('batch: link/unlink/unlinkAll by menu, progress by request id, 3 per hour', async () => {
    const friends = env.channel.createFriends(6);
    const [a, b, c, d, e, f] = friends;
    const one = await published('one');
    const two = await published('two');
    const three = await published('three');
    await env.client.linkRichMenuIdToUsers({ richMenuId: one, userIds: [a!.userId, b!.userId] });
    await env.client.linkRichMenuIdToUsers({ richMenuId: two, userIds: [c!.userId, d!.userId] });
    await env.client.linkRichMenuIdToUsers({ richMenuId: three, userIds: [e!.userId] });

    // Operations see the links as they were before the batch (LINE runs them in parallel per user):
    // one -> two moves a and b, two -> nothing unlinks c and d; it does not unlink a and b again.
    const request = {
      operations: [
        { type: 'link', from: one, to: two },
        { type: 'unlink', from: two },
      ],
    } as messagingApi.RichMenuBatchRequest;
    await env.client.validateRichMenuBatchRequest(request);
    const accepted = await env.client.richMenuBatchWithHttpInfo(request);
    expect(accepted.httpResponse.status).toBe(202);
    const requestId = accepted.httpResponse.headers.get('x-line-request-id')!;
    expect(friends.map((x) => x.richMenuId() ?? null)).toEqual([two, two, null, null, three, null]);
    expect(await env.client.getRichMenuBatchProgress(requestId)).toEqual({
      phase: 'succeeded',
      acceptedTime: new Date(env.clock.t).toISOString(),
      completedTime: new Date(env.clock.t).toISOString(),
    });

    await env.client.richMenuBatch({ operations: [{ type: 'unlinkAll' }] } as messagingApi.RichMenuBatchRequest);
    expect(friends.every((x) => x.richMenuId() === undefined)).toBe(true);
    expect(f!.richMenuId()).toBeUndefined();

    await env.client.richMenuBatch({ operations: [{ type: 'unlinkAll' }] } as messagingApi.RichMenuBatchRequest);
    expect(
      await lineError(
        env.client.richMenuBatch({ operations: [{ type: 'unlinkAll' }] } as messagingApi.RichMenuBatchRequest),
      ),
    ).toMatchObject(limited);
    env.clock.advance(HOUR);
    await env.client.richMenuBatch({ operations: [{ type: 'unlinkAll' }] } as messagingApi.RichMenuBatchRequest);

    expect((await lineError(env.client.getRichMenuBatchProgress('no-such-request'))).status).toBe(404);
    // Progress is kept 14 days.
    env.clock.advance(14 * 24 * HOUR);
    expect((await lineError(env.client.getRichMenuBatchProgress(requestId))).status).toBe(404);
  });

  it('batch: refusals of the body (YAML and unknown menus)', async () => {
    const one = await published('one');
    const { richMenuId: noImage } = await env.client.createRichMenu(menu('no image'));
    const unknown = 'richmenu-' + 'f'.repeat(32);
    const bad = await lineError(
      env.client.validateRichMenuBatchRequest({
        operations: [
          { type: 'link', from: unknown, to: noImage },
          { type: 'unlink', from: one },
        ],
      } as messagingApi.RichMenuBatchRequest),
    );
    expect(bad).toMatchObject({
      status: 400,
      body: {
        message: 'The request body has 2 error(s)',
        details: [
          { message: 'richmenu not found', property: 'operations[0].from' },
          { message: 'must upload richmenu image before applying it to user', property: 'operations[0].to' },
        ],
      },
    });
    const missingTo = await raw(env.sim, 'POST', '/v2/bot/richmenu/batch', {
      operations: [{ type: 'link', from: one }],
    });
    expect(missingTo.status).toBe(400);
    expect(missingTo.json['details']).toContainEqual({ message: 'must be specified', property: 'operations[0].to' });
    const badKey = await raw(env.sim, 'POST', '/v2/bot/richmenu/batch', {
      operations: [{ type: 'unlinkAll' }],
      resumeRequestKey: 'not allowed!',
    });
    expect(badKey.status).toBe(400);
    expect((badKey.json['details'] as { property: string }[])[0]!.property).toBe('resumeRequestKey');
    const tooMany = await raw(env.sim, 'POST', '/v2/bot/richmenu/batch', {
      operations: Array.from({ length: 1001 }, () => ({ type: 'unlinkAll' })),
    });
    expect(tooMany.json['details']).toEqual([{ message: 'Size must be between 0 and 1000', property: 'operations' }]);
    // Nothing refused by the YAML reached the handler.
    expect(env.channel.operationCount('richMenuBatch')).toBe(0);
  });

  it('batch: ongoing, failed, then resumed with the same resumeRequestKey; a key still ongoing is 409', async () => {
    const friends = env.channel.createFriends(10);
    const old = await published('old');
    const next = await published('next');
    await env.client.linkRichMenuIdToUsers({ richMenuId: old, userIds: friends.map((f) => f.userId) });
    env.channel.setRichMenuSettings({ batchFailAfterUsers: 4, batchDurationMs: 60_000 });
    const request = {
      operations: [{ type: 'link', from: old, to: next }],
      resumeRequestKey: 'relink-2026-07-01_a',
    } as messagingApi.RichMenuBatchRequest;
    const first = (await env.client.richMenuBatchWithHttpInfo(request)).httpResponse.headers.get('x-line-request-id')!;
    expect((await env.client.getRichMenuBatchProgress(first)).phase).toBe('ongoing');
    expect(await lineError(env.client.richMenuBatch(request))).toMatchObject({
      status: 409,
      body: { message: 'A batch with the same resumeRequestKey is still in progress' },
    });
    env.clock.advance(60_000);
    expect(await env.client.getRichMenuBatchProgress(first)).toMatchObject({
      phase: 'failed',
      completedTime: new Date(env.clock.t).toISOString(),
    });
    expect(friends.filter((f) => f.richMenuId() === next)).toHaveLength(4);

    const resumed = (await env.client.richMenuBatchWithHttpInfo(request)).httpResponse.headers.get(
      'x-line-request-id',
    )!;
    env.clock.advance(60_000);
    expect((await env.client.getRichMenuBatchProgress(resumed)).phase).toBe('succeeded');
    expect(friends.every((f) => f.richMenuId() === next)).toBe(true);
    expect(env.channel.setRichMenuSettings({})).toEqual({
      batchFailAfterUsers: null,
      batchDurationMs: 60_000,
      insightPrivacyThreshold: 20,
    });
  });
});

describe('rich menus: aliases and tabs', () => {
  it('create, get, list, update, delete; id pattern and duplicates refused', async () => {
    const tabA = await published('a');
    const tabB = await published('b');
    await env.client.createRichMenuAlias({ richMenuAliasId: 'tab-a', richMenuId: tabA });
    await env.client.createRichMenuAlias({ richMenuAliasId: 'tab_b', richMenuId: tabB });
    expect(await env.client.getRichMenuAlias('tab-a')).toEqual({ richMenuAliasId: 'tab-a', richMenuId: tabA });
    expect(
      await lineError(env.client.createRichMenuAlias({ richMenuAliasId: 'tab-a', richMenuId: tabB })),
    ).toMatchObject({ status: 400, body: { message: 'conflict richmenu alias id' } });
    const pattern = await lineError(env.client.createRichMenuAlias({ richMenuAliasId: 'Tab A', richMenuId: tabA }));
    expect(pattern.status).toBe(400);
    expect(pattern.body.details).toContainEqual({
      message: 'must match ^[a-z0-9_-]{1,32}$',
      property: 'richMenuAliasId',
    });
    expect(
      (await lineError(env.client.createRichMenuAlias({ richMenuAliasId: 'x'.repeat(33), richMenuId: tabA }))).status,
    ).toBe(400);
    await env.client.updateRichMenuAlias('tab-a', { richMenuId: tabB });
    expect((await env.client.getRichMenuAliasList()).aliases).toEqual([
      { richMenuAliasId: 'tab-a', richMenuId: tabB },
      { richMenuAliasId: 'tab_b', richMenuId: tabB },
    ]);
    await env.client.deleteRichMenuAlias('tab_b');
    expect((await lineError(env.client.getRichMenuAlias('tab_b'))).status).toBe(404);
    // Deleting a menu removes its aliases.
    await env.client.deleteRichMenu(tabB);
    expect((await env.client.getRichMenuAliasList()).aliases).toEqual([]);
  });

  it('a friend taps: postback, message, switch to another tab (alias), and an alias that no longer exists', async () => {
    const [friend] = await followers(1);
    const tabB = await published('b', [{ type: 'postback', data: 'tab=b' }]);
    await env.client.createRichMenuAlias({ richMenuAliasId: 'tab-b', richMenuId: tabB });
    const tabA = await published('a', [
      { type: 'postback', data: 'score=10', displayText: 'ポイント' },
      { type: 'message', text: '予約したい' },
      { type: 'richmenuswitch', richMenuAliasId: 'tab-b', data: 'switch=b' },
      { type: 'uri', uri: 'https://example.com/rich-menu' },
      { type: 'richmenuswitch', richMenuAliasId: 'gone', data: 'switch=gone' },
      { type: 'datetimepicker', data: 'pick', mode: 'date', initial: '2026-07-10' },
    ]);
    await env.client.setDefaultRichMenu(tabA);

    const postback = await friend!.tapRichMenu(0);
    expect(postback).toMatchObject({ richMenuId: tabA, areaIndex: 0, richMenuIdAfter: tabA });
    expect(postback.delivery!.events[0]).toMatchObject({ type: 'postback', postback: { data: 'score=10' } });
    const message = await friend!.tapRichMenu(1);
    expect(message.delivery!.events[0]).toMatchObject({
      type: 'message',
      message: { type: 'text', text: '予約したい' },
    });
    const uri = await friend!.tapRichMenu(3);
    expect(uri).toMatchObject({ delivery: null, action: { type: 'uri', uri: 'https://example.com/rich-menu' } });
    const missing = await friend!.tapRichMenu(4);
    expect(missing.delivery!.events[0]!.postback).toEqual({
      data: 'switch=gone',
      params: { newRichMenuAliasId: 'gone', status: 'RICHMENU_ALIAS_ID_NOTFOUND' },
    });
    expect(missing.richMenuIdAfter).toBe(tabA);
    const picked = await friend!.tapRichMenu(5, '2026-07-15');
    expect(picked.delivery!.events[0]!.postback).toEqual({ data: 'pick', params: { date: '2026-07-15' } });

    // The switch goes through HTTP, as the phone panel sends it.
    const switched = await raw(env.sim, 'POST', `/_sim/friends/${friend!.userId}/richmenu/tap`, { areaIndex: 2 });
    expect(switched.json).toMatchObject({ richMenuId: tabA, richMenuIdAfter: tabB });
    expect(friend!.richMenuId()).toBe(tabB);
    expect(await env.client.getRichMenuIdOfUser(friend!.userId)).toEqual({ richMenuId: tabB });
    const webhook = (await env.receiver.waitFor(6))[5]!;
    expect(webhook.body.events[0]).toMatchObject({
      type: 'postback',
      postback: { data: 'switch=b', params: { newRichMenuAliasId: 'tab-b', status: 'SUCCESS' } },
    });
    // Each tap is in the friend's talk.
    expect(friend!.outbox().map((m) => m.data ?? m.text)).toEqual([
      'score=10',
      '予約したい',
      'switch=gone',
      'pick',
      'switch=b',
    ]);

    expect((await raw(env.sim, 'POST', `/_sim/friends/${friend!.userId}/richmenu/tap`, { areaIndex: 9 })).status).toBe(
      400,
    );
    await env.client.cancelDefaultRichMenu();
    await env.client.unlinkRichMenuIdFromUser(friend!.userId);
    await expect(friend!.tapRichMenu(0)).rejects.toMatchObject({ status: 409 });
  });
});

describe('rich menus: insight (insight.yml)', () => {
  const insight = (kind: 'summary' | 'daily', id: string, from: string, to: string) =>
    raw(env.sim, 'GET', `/v2/bot/insight/richmenu/${id}/${kind}?from=${from}&to=${to}`);

  it('taps and impressions per area and JST day; below the privacy threshold only the id', async () => {
    // 2026-07-01T09:00Z is 18:00 JST on 1 July.
    const friends = await followers(3);
    const id = await published('m', [
      { type: 'postback', data: 'left' },
      { type: 'postback', data: 'right' },
    ]);
    await env.client.setDefaultRichMenu(id);
    for (const f of friends) {
      f.openRichMenu();
      await f.tapRichMenu(0);
    }
    env.clock.advance(6 * HOUR); // 00:00 JST on 2 July
    await friends[0]!.tapRichMenu(1);
    await friends[0]!.tapRichMenu(1);
    await raw(env.sim, 'POST', `/_sim/friends/${friends[1]!.userId}/richmenu/open`);

    const withheld = await insight('summary', id, '20260701', '20260702');
    expect(withheld).toMatchObject({ status: 200, json: { richMenuId: id } });
    expect(Object.keys(withheld.json)).toEqual(['richMenuId']);

    env.channel.setRichMenuSettings({ insightPrivacyThreshold: 3 });
    const summary = await insight('summary', id, '20260701', '20260731');
    expect(summary.json).toEqual({
      richMenuId: id,
      metricsFrom: '20260701',
      metricsTo: '20260702', // today (JST): no figures exist after it
      impression: { metrics: { count: 4, uniqueUsers: 3 } },
      clicks: [
        { bounds: { x: 0, y: 0, width: 600, height: 405 }, metrics: { count: 3, uniqueUsers: 3 } },
        { bounds: { x: 600, y: 0, width: 600, height: 405 }, metrics: { count: 2, uniqueUsers: 1 } },
      ],
    });
    const daily = await insight('daily', id, '20260701', '20260702');
    expect(daily.json).toMatchObject({
      impression: {
        metrics: [
          { date: '20260701', count: 3, uniqueUsers: 3 },
          { date: '20260702', count: 1, uniqueUsers: 1 },
        ],
      },
      clicks: [
        {
          metrics: [
            { date: '20260701', count: 3, uniqueUsers: 3 },
            { date: '20260702', count: 0, uniqueUsers: 0 },
          ],
        },
        {
          metrics: [
            { date: '20260701', count: 0, uniqueUsers: 0 },
            { date: '20260702', count: 2, uniqueUsers: 1 },
          ],
        },
      ],
    });
    // Only 2 July: one clicker, below the threshold of 3.
    expect(Object.keys((await insight('daily', id, '20260702', '20260702')).json)).toEqual(['richMenuId']);
  });

  it('refuses bad periods (400) and unknown menus (404); insight operations it does not simulate answer 501', async () => {
    const id = await published('m');
    const missing = await raw(env.sim, 'GET', `/v2/bot/insight/richmenu/${id}/summary?from=20260701`);
    expect(missing.status).toBe(400);
    expect(missing.json['details']).toEqual([{ message: 'must be specified', property: 'to' }]);
    const pattern = await insight('summary', id, '2026-07-01', '20260702');
    expect(pattern.status).toBe(400);
    expect((pattern.json['details'] as { property: string }[])[0]!.property).toBe('from');
    expect((await insight('summary', id, '20260231', '20260301')).json).toEqual({
      message: 'The request has 1 invalid parameter(s)',
      details: [{ message: 'Invalid date', property: 'from' }],
    });
    expect((await insight('summary', id, '20260702', '20260701')).status).toBe(400);
    expect((await insight('daily', id, '20260301', '20260609')).status).toBe(400); // 100 days
    expect((await insight('daily', id, '20260301', '20260608')).status).toBe(200); // 99 days
    expect((await insight('summary', id, '20250601', '20260703')).status).toBe(400); // 397 days
    expect((await insight('summary', id, '20250601', '20260702')).status).toBe(200); // 396 days
    expect((await insight('summary', id, '20230601', '20230602')).status).toBe(400); // over 3 years ago
    expect(await insight('daily', 'richmenu-' + '0'.repeat(32), '20260701', '20260701')).toMatchObject({
      status: 404,
      json: { message: 'richmenu not found' },
    });
    expect((await raw(env.sim, 'GET', '/v2/bot/insight/message/event?requestId=abc')).status).toBe(501);
  });
});

describe('rich menus: control routes', () => {
  it('settings over HTTP, validated', async () => {
    const path = `/_sim/channels/${env.channel.channelId}/richmenu-settings`;
    expect((await raw(env.sim, 'GET', path)).json).toEqual({
      batchFailAfterUsers: null,
      batchDurationMs: 0,
      insightPrivacyThreshold: 20,
    });
    expect((await raw(env.sim, 'PUT', path, { insightPrivacyThreshold: 1, batchFailAfterUsers: 0 })).json).toEqual({
      batchFailAfterUsers: 0,
      batchDurationMs: 0,
      insightPrivacyThreshold: 1,
    });
    expect((await raw(env.sim, 'PUT', path, { batchDurationMs: -1 })).status).toBe(400);
    expect((await raw(env.sim, 'PUT', path, { insightPrivacyThreshold: '3' })).status).toBe(400);
  });
});
