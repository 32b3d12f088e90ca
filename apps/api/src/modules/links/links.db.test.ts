import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startLineSimulator, type LineSimulator, type SimChannel } from '@linq/line-simulator';
import { newImageCarouselColumn, type BuilderMessage, type TemplateDetail } from '@linq/contract';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import type { Tenant } from '../../test/factory.ts';
import { friends } from '../friends/schema.ts';
import { userLineAccounts } from '../line-accounts/schema.ts';
import { trackedLinks } from './schema.ts';
import { REALTIME_CHANNEL, type RealtimeEvent } from '../../platform/realtime.ts';
import { waitFor } from '../../test/wait.ts';
import { action, EXAMPLE_IMAGE_URL, messageOf, payloadOf } from '../templates/test-support.ts';
import { trackedLinksFor } from './service.ts';

let sim: LineSimulator;
let t: TestApp;
let tenant: Tenant;
let channel: SimChannel;
let lineAccountId: number;
let consoleUrl: string;
const realtime: RealtimeEvent[] = [];
let stopListening: () => Promise<void>;

beforeAll(async () => {
  sim = await startLineSimulator();
  t = await startTestApp({}, { simulator: sim });
  consoleUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  tenant = await t.factory.tenant();
  const bound = await t.factory.simulatedChannel(tenant.account.id, sim, consoleUrl);
  channel = bound.channel;
  lineAccountId = bound.row.id;
  await t.runtime.ctx.database.db.insert(userLineAccounts).values({ userId: tenant.staff.id, lineAccountId });
  stopListening = await t.runtime.ctx.database.listen(REALTIME_CHANNEL, (payload) => {
    realtime.push(JSON.parse(payload) as RealtimeEvent);
  });
});
afterAll(async () => {
  await stopListening?.();
  await t?.stop();
  await sim?.stop();
});

const db = () => t.runtime.ctx.database.db;
const scoreOf = async (friendId: number) =>
  (await db().select({ score: friends.score }).from(friends).where(eq(friends.id, friendId)))[0]!.score;
const linksOf = (friendId: number) => db().select().from(trackedLinks).where(eq(trackedLinks.friendId, friendId));

async function createTemplate(message: BuilderMessage): Promise<TemplateDetail> {
  const response = await t.request({
    method: 'POST',
    path: '/service/templates',
    body: payloadOf(message),
    token: tenant.tokens.staff,
    lineAccountId,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.json as unknown as TemplateDetail;
}

const followingFriend = (displayName?: string) => t.factory.followingFriend(channel, lineAccountId, displayName);

/** Sends the template as a test and answers the LINE message the friend's phone received. */
async function sendTest(templateId: number, simFriend: ReturnType<SimChannel['createFriend']>, friendId: number) {
  const received = simFriend.inbox().length;
  const response = await t.request({
    method: 'POST',
    path: `/service/templates/${templateId}/send_test`,
    body: { friend_id: friendId },
    token: tenant.tokens.staff,
    lineAccountId,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  await waitFor(() => simFriend.inbox().length === received + 1);
  return simFriend.inbox()[received]!.message as Record<string, unknown>;
}

/** Follows a tracked link as a friend's browser does: no session, by the token in its address. */
const follow = (address: string) =>
  t.request({ method: 'GET', path: `/public/redirects/${new URL(address).pathname.split('/').pop()}` });

const REDIRECT_ADDRESS = /^http:\/\/localhost:\d+\/redirects\/[A-Za-z0-9_-]{22}$/;

/** A confirm whose answers are a web link (score 7) and a phone number (score 3). */
function linkConfirm(): BuilderMessage {
  const confirm = messageOf('confirm');
  return {
    ...confirm,
    message_confirm: {
      ...confirm.message_confirm!,
      message_actions: [
        { ...action('uri', 'サイトへ', 7), uri: 'https://example.com/campaign?from=line' },
        { ...action('uri', '電話する', 3), uri: 'tel:0312345678' },
      ],
    },
  };
}

describe('tracked links', () => {
  it('sends a web link as the friend’s /redirects page; the first opening adds the score, later ones only count', async () => {
    const { friend, row } = await followingFriend('リンク 太郎');
    const template = await createTemplate(linkConfirm());
    const [web, phone] = template.plan_actions[0]!.message.message_confirm!.message_actions;

    const sent = (await sendTest(template.plan.id, friend, row.id)) as {
      template: { actions: { type: string; uri: string }[] };
    };
    const [tracked, plain] = sent.template.actions;
    expect(tracked!.uri).toMatch(REDIRECT_ADDRESS);
    // tel: opens the phone, never a page of ours: it stays as it is, with no link stored.
    expect(plain).toEqual({ type: 'uri', label: '電話する', uri: 'tel:0312345678' });
    const [link] = await linksOf(row.id);
    expect(await linksOf(row.id)).toHaveLength(1);
    expect(link).toMatchObject({
      lineAccountId,
      actionItemId: web!.id,
      targetUrl: 'https://example.com/campaign?from=line',
      clickCount: 0,
      firstClickedAt: null,
    });
    expect(link!.actionItemId).not.toBe(phone!.id);

    const first = await follow(tracked!.uri);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ data: { url: 'https://example.com/campaign?from=line' } });
    expect(first.headers['cache-control']).toBe('no-store');
    expect(await scoreOf(row.id)).toBe(7);
    // The console hears of the new score (the follow was the friend's first friend.updated).
    await waitFor(
      () => realtime.filter((event) => event.type === 'friend.updated' && event.friendId === row.id).length === 2,
    );

    const again = await follow(tracked!.uri);
    expect(again.body).toEqual({ data: { url: 'https://example.com/campaign?from=line' } });
    expect(await scoreOf(row.id)).toBe(7);
    const [opened] = await linksOf(row.id);
    expect(opened!.clickCount).toBe(2);
    expect(opened!.firstClickedAt).toBeInstanceOf(Date);
  });

  it('tracks an image carousel’s link areas too', async () => {
    const { friend, row } = await followingFriend('画像 花子');
    const column = newImageCarouselColumn({ url: EXAMPLE_IMAGE_URL, width: 1000, height: 800 });
    const template = await createTemplate({
      ...messageOf('image_carousel'),
      message_image_carousels: [
        {
          ...column,
          link_urls: [
            { ...action('uri', '', 4), uri: 'https://example.com/area', axis_x: 0, axis_y: 0, width: 500, height: 800 },
            { ...action('postback', '右', 1), axis_x: 500, axis_y: 0, width: 500, height: 800 },
          ],
        },
      ],
    });
    const sent = (await sendTest(template.plan.id, friend, row.id)) as {
      contents: { contents: { body: { contents: { action?: { type: string; uri?: string } }[] } }[] };
    };
    const [, area, postback] = sent.contents.contents[0]!.body.contents;
    expect(area!.action!.uri).toMatch(REDIRECT_ADDRESS);
    expect(postback!.action!.type).toBe('postback');

    expect((await follow(area!.action!.uri!)).body).toEqual({ data: { url: 'https://example.com/area' } });
    expect(await scoreOf(row.id)).toBe(4);
  });

  it('gives every friend and every send links of their own', async () => {
    const first = await followingFriend('一郎');
    const second = await followingFriend('二郎');
    const template = await createTemplate(linkConfirm());
    const uriOf = (message: Record<string, unknown>) =>
      (message as { template: { actions: { uri: string }[] } }).template.actions[0]!.uri;
    const firstLink = uriOf(await sendTest(template.plan.id, first.friend, first.row.id));
    const secondLink = uriOf(await sendTest(template.plan.id, second.friend, second.row.id));
    const resent = uriOf(await sendTest(template.plan.id, first.friend, first.row.id));
    expect(new Set([firstLink, secondLink, resent]).size).toBe(3);

    await follow(secondLink);
    expect([await scoreOf(first.row.id), await scoreOf(second.row.id)]).toEqual([0, 7]);
    await follow(firstLink);
    await follow(resent);
    expect(await scoreOf(first.row.id)).toBe(14);
  });

  it('adds the score once when the link is opened several times at the same moment', async () => {
    const { friend, row } = await followingFriend('同時 四郎');
    const template = await createTemplate(linkConfirm());
    const sent = (await sendTest(template.plan.id, friend, row.id)) as { template: { actions: { uri: string }[] } };
    const answers = await Promise.all([1, 2, 3].map(() => follow(sent.template.actions[0]!.uri)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await scoreOf(row.id)).toBe(7);
    expect((await linksOf(row.id))[0]!.clickCount).toBe(3);
  });

  it('still opens once its template is deleted, adding nothing', async () => {
    const { friend, row } = await followingFriend('削除 三郎');
    const template = await createTemplate(linkConfirm());
    const sent = (await sendTest(template.plan.id, friend, row.id)) as { template: { actions: { uri: string }[] } };
    const removed = await t.request({
      method: 'DELETE',
      path: `/service/templates/${template.plan.id}`,
      token: tenant.tokens.staff,
      lineAccountId,
    });
    expect(removed.status).toBe(200);

    const opened = await follow(sent.template.actions[0]!.uri);
    expect(opened.body).toEqual({ data: { url: 'https://example.com/campaign?from=line' } });
    expect(await scoreOf(row.id)).toBe(0);
  });

  it('answers 404 for a token that names no link, with nothing but its message', async () => {
    for (const token of ['AAAAAAAAAAAAAAAAAAAAAA', 'x']) {
      const response = await t.request({ method: 'GET', path: `/public/redirects/${token}` });
      expect(response.status).toBe(404);
      expect(response.json).toEqual({ success: false, errors: 'リンクが見つかりません。' });
    }
  });

  it('keeps the addresses where a friend could not open the console: a real channel on an http console', async () => {
    const realFriend = await t.factory.friend(tenant.channels[0]!.id);
    const message = { ...linkConfirm(), id: 1 };
    message.message_confirm = {
      ...message.message_confirm!,
      message_actions: message.message_confirm!.message_actions.map((item, index) => ({ ...item, id: 10 + index })),
    };
    const onHttp = await trackedLinksFor(db(), realFriend, message, 'http://localhost:3000');
    expect(onHttp).toEqual({ uris: {}, rows: [] });
    const onHttps = await trackedLinksFor(db(), realFriend, message, 'https://console.example');
    expect(Object.keys(onHttps.uris)).toEqual(['10']);
    expect(onHttps.uris[10]).toMatch(/^https:\/\/console\.example\/redirects\/[A-Za-z0-9_-]{22}$/);
  });
});
