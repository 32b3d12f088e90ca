import { createServer, type IncomingMessage, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  CONVERSION_SIGNATURE_HEADER,
  conversionsApi,
  defaultPlan,
  permissionsWith,
  talksApi,
  type ConversionPointInput,
  type ConversionWebhookBody,
} from '@linq/contract';
import { rowsOf } from '../../platform/db.ts';
import { consumeEvent } from '../../platform/outbox.ts';
import { contribution } from '../../platform/registry.ts';
import { useTestApp } from '../../test/kit.ts';
import { friends } from '../friends/schema.ts';
import { friendTags } from '../labels/schema.ts';
import { trackedLinks } from '../links/schema.ts';
import { planEnrolments } from '../plans/schema.ts';
import { activePlan } from '../plan-engine/test-support.ts';
import { simplePlan } from '../plans/test-support.ts';
import { CONVERSION_ORIGINS } from './origins.ts';
import { conversions } from './schema.ts';
import { deliver, retryDelayMs, signatureOf, webhookConsumer } from './webhook.ts';

const ORIGIN = 'https://console.test';
/** Friends whose inflow visit carried a Google click id (the inflows module's part, played here). */
const clickIds = new Map<number, string>();
const origins = {
  name: 'test-origins',
  contributes: [
    contribution(CONVERSION_ORIGINS, {
      originOf: async (_db, _scope, friendId) => {
        const gclid = clickIds.get(friendId);
        return gclid ? { inflowRouteId: 7, inflowRouteName: '検索広告', clickIds: { gclid } } : null;
      },
    }),
  ],
};
const t = useTestApp({ role: 'api', tenants: 2, config: { PUBLIC_URL: ORIGIN }, modules: [origins] });
let lineAccountId: number;

beforeAll(() => {
  lineAccountId = t.tenant.channels[0]!.id;
});

const as = () => t.staff;
async function createPoint(input: Partial<ConversionPointInput> = {}) {
  const response = await t.call(conversionsApi.create, { body: { name: '購入完了', ...input } }, as());
  expect(response.status, response.text).toBeLessThan(300);
  return response.output.data;
}
const codeOf = (point: { page_path: string }) => new URL(point.page_path, ORIGIN).searchParams.get('c')!;
const countsOf = async (id: number) => (await t.call(conversionsApi.get, { params: { id } }, as())).output.data.counts;

/** A tracked link sent to the friend (of the channel), leading to `target`; answers its token. */
async function linkTo(friendId: number, target: string, channel = lineAccountId) {
  const token = randomBytes(16).toString('base64url');
  await t.db
    .insert(trackedLinks)
    .values({ token, lineAccountId: channel, friendId, actionItemId: 900_000 + friendId, targetUrl: target });
  return token;
}
const follow = (token: string) => t.request({ method: 'GET', path: `/public/redirects/${token}` });
const hit = (code: string, options: { via?: string; cookie?: string } = {}) =>
  t.request({
    method: 'GET',
    path: `/public/conversions/${encodeURIComponent(code)}`,
    ...(options.via ? { query: { via: options.via } } : {}),
    ...(options.cookie ? { headers: { cookie: options.cookie } } : {}),
  });
const cookieOf = (response: { headers: Record<string, unknown> }) =>
  String(response.headers['set-cookie']).split(';')[0]!;
const scoreOf = async (friendId: number) =>
  (await t.db.select({ score: friends.score }).from(friends).where(eq(friends.id, friendId)))[0]!.score;
const tagged = async (friendId: number, tagId: number) =>
  (
    await t.db
      .select()
      .from(friendTags)
      .where(and(eq(friendTags.friendId, friendId), eq(friendTags.tagId, tagId)))
  ).length;

describe('conversion points', () => {
  it('creates, lists, saves and deletes points; a foreign tag is refused', async () => {
    const tag = await t.factory.tag(lineAccountId);
    const point = await createPoint({
      name: '資料請求',
      value: 3000,
      tag_ids: [tag.id],
      goal_url: 'https://shop.example/thanks',
    });
    expect(point).toMatchObject({ name: '資料請求', count_mode: 'once', value: 3000, tag_ids: [tag.id] });
    expect(point.page_path).toMatch(/^\/links\?c=[A-Za-z0-9_-]{24}$/);
    expect(point.pixel_path).toBe(`/api/public/conversions/pixel?c=${codeOf(point)}`);

    const list = await t.call(conversionsApi.list, { query: { name: '資料' } }, as());
    expect(list.output.data.map((row) => row.id)).toContain(point.id);

    const saved = await t.call(
      conversionsApi.update,
      { params: { id: point.id }, body: { name: '資料請求（改）', count_mode: 'every' } },
      as(),
    );
    expect(saved.output.data).toMatchObject({
      name: '資料請求（改）',
      count_mode: 'every',
      page_path: point.page_path,
    });

    const otherTag = await t.factory.tag(t.other.channels[0]!.id);
    const foreign = await t.send(conversionsApi.create, { body: { name: 'x', tag_ids: [otherTag.id] } }, as());
    expect(foreign.status).toBe(422);

    expect((await t.call(conversionsApi.remove, { params: { id: point.id } }, as())).status).toBe(200);
    expect((await t.send(conversionsApi.get, { params: { id: point.id } }, as())).status).toBe(404);
  });

  it('lets a view-only staff member read but not change points', async () => {
    const authority = await t.factory.staffAuthority(t.tenant.account.id, permissionsWith('view', false));
    const viewer = await t.factory.user('service', {
      accountId: t.tenant.account.id,
      staffAuthorityId: authority.id,
      lineAccountIds: [lineAccountId],
    });
    const caller = { token: await t.factory.login('service', viewer.email), lineAccountId };
    expect((await t.call(conversionsApi.list, {}, caller)).status).toBe(200);
    expect((await t.send(conversionsApi.create, { body: { name: 'x' } }, caller)).status).toBe(403);
  });
});

describe('hits', () => {
  it('counts a friend once per point through their tracked link, adding score and tags once', async () => {
    const tag = await t.factory.tag(lineAccountId);
    const point = await createPoint({ score: 5, tag_ids: [tag.id], goal_url: 'https://shop.example/thanks' });
    const friend = await t.factory.friend(lineAccountId);
    const token = await linkTo(friend.id, `${ORIGIN}${point.page_path}`);

    const opened = await follow(token);
    const address = new URL((opened.json.data as { url: string }).url);
    expect(address.searchParams.get('via')).toBe(token);
    for (let i = 0; i < 2; i++) {
      const answer = await hit(codeOf(point), { via: token });
      expect(answer.json).toEqual({ data: { url: 'https://shop.example/thanks', point_name: '購入完了' } });
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    expect(await countsOf(point.id)).toEqual({ total: 1, known: 1, anonymous: 0, friends: 1 });
    expect(await scoreOf(friend.id)).toBe(5);
    expect(await tagged(friend.id, tag.id)).toBe(1);
  });

  it('counts every hit when the point says so, still adding the score only once', async () => {
    const point = await createPoint({ count_mode: 'every', score: 2 });
    const friend = await t.factory.friend(lineAccountId);
    const token = await linkTo(friend.id, `${ORIGIN}${point.page_path}`);
    for (let i = 0; i < 3; i++) await hit(codeOf(point), { via: token });
    expect(await countsOf(point.id)).toEqual({ total: 3, known: 3, anonymous: 0, friends: 1 });
    expect(await scoreOf(friend.id)).toBe(2);
  });

  it('knows the friend from the signed cookie a tracked link set; a forged or foreign cookie is anonymous', async () => {
    const point = await createPoint();
    const friend = await t.factory.friend(lineAccountId);
    const opened = await follow(await linkTo(friend.id, 'https://elsewhere.example/'));
    const setCookie = String(opened.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Secure');
    expect((await hit(codeOf(point), { cookie: cookieOf(opened) })).status).toBe(200);
    await hit(codeOf(point), { cookie: `linq_friend_${lineAccountId}=v1.forged.value.x` });
    const other = await t.factory.friend(t.other.channels[0]!.id);
    const otherOpened = await follow(await linkTo(other.id, 'https://elsewhere.example/', t.other.channels[0]!.id));
    await hit(codeOf(point), {
      cookie: cookieOf(otherOpened).replace(/^linq_friend_\d+/, `linq_friend_${lineAccountId}`),
    });
    expect(await countsOf(point.id)).toEqual({ total: 3, known: 1, anonymous: 2, friends: 1 });
    const byFriend = await t.call(
      conversionsApi.breakdown,
      { params: { id: point.id }, query: { by: 'friend' } },
      as(),
    );
    expect(byFriend.output.data).toEqual([
      expect.objectContaining({ id: null, count: 2 }),
      expect.objectContaining({ id: friend.id, name: friend.displayName, count: 1 }),
    ]);
  });

  it('counts the pixel and answers a GIF, also for an unknown code', async () => {
    const point = await createPoint();
    const pixel = await t.request({ method: 'GET', path: '/public/conversions/pixel', query: { c: codeOf(point) } });
    expect(pixel.status).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
    expect(
      (await t.request({ method: 'GET', path: '/public/conversions/pixel', query: { c: 'nothing' } })).status,
    ).toBe(200);
    expect(await countsOf(point.id)).toEqual({ total: 1, known: 0, anonymous: 1, friends: 0 });
    expect((await hit('nothing')).status).toBe(404);
  });

  it('shows in the friend’s talk and detail, with the link opening', async () => {
    const point = await createPoint({ name: 'セミナー申込' });
    const friend = await t.factory.friend(lineAccountId);
    const token = await linkTo(friend.id, `${ORIGIN}${point.page_path}`);
    await follow(token);
    await hit(codeOf(point), { via: token });
    const talk = await t.call(talksApi.history, { query: { friend_id: friend.id } }, as());
    expect(talk.output.data.map((entry) => [entry.type, entry.content])).toEqual([
      ['conversion', { point_name: 'セミナー申込' }],
      ['link_opened', { url: `${ORIGIN}${point.page_path}` }],
    ]);
    const detail = await t.call(conversionsApi.ofFriend, { params: { id: friend.id } }, as());
    expect(detail.output.data).toEqual([expect.objectContaining({ point_id: point.id, point_name: 'セミナー申込' })]);
  });

  it('starts the scenarios its trigger names, for the friend who converted', async () => {
    const point = await createPoint({ name: 'トリガー' });
    const detail = simplePlan('scenario', 'CV後シナリオ');
    const plan = await activePlan(t, as(), {
      ...detail,
      plan: {
        ...defaultPlan('scenario'),
        ...detail.plan,
        scenario_trigger: 'conversion_reached',
        trigger_ref_id: point.id,
      },
    });
    const friend = await t.factory.friend(lineAccountId);
    await hit(codeOf(point), { via: await linkTo(friend.id, `${ORIGIN}${point.page_path}`) });
    const [enrolment] = await t.db
      .select()
      .from(planEnrolments)
      .where(and(eq(planEnrolments.friendId, friend.id), eq(planEnrolments.planId, plan.plan.id!)));
    expect(enrolment).toMatchObject({ trigger: 'conversion_reached' });
  });
});

describe('exports', () => {
  it('writes the CSV with a BOM and neutralised formulas, and the ad export with click ids only', async () => {
    const point = await createPoint({ name: '=CV', value: 1200 });
    const withAd = await t.factory.friend(lineAccountId, { displayName: '=HYPERLINK("x")' });
    const plain = await t.factory.friend(lineAccountId, { displayName: '普通 さん' });
    clickIds.set(withAd.id, 'Cj0KCQ-test');
    t.ctx.clock.set(new Date('2026-03-01T01:02:03Z'));
    await hit(codeOf(point), { via: await linkTo(withAd.id, `${ORIGIN}${point.page_path}`) });
    await hit(codeOf(point), { via: await linkTo(plain.id, `${ORIGIN}${point.page_path}`) });

    const csv = await t.send(conversionsApi.exportCsv, { params: { id: point.id } }, as());
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text.startsWith('\uFEFF日時,')).toBe(true);
    expect(csv.text).toContain(
      `2026-03-01 10:02:03+09:00,'=CV,${withAd.id},"'=HYPERLINK(""x"")",リンク,1200,検索広告,`,
    );

    const ads = await t.send(
      conversionsApi.adExport,
      { params: { id: point.id }, query: { from: '2026-03-01', to: '2026-03-01' } },
      as(),
    );
    expect(ads.text).toBe(
      '\uFEFFGoogle Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency\r\n' +
        "Cj0KCQ-test,'=CV,2026-03-01 10:02:03+09:00,1200,JPY\r\n",
    );
    const byInflow = await t.call(
      conversionsApi.breakdown,
      { params: { id: point.id }, query: { by: 'inflow' } },
      as(),
    );
    expect(byInflow.output.data.map((row) => [row.name, row.count])).toEqual([
      ['検索広告', 1],
      [null, 1],
    ]);
    const outside = await t.call(conversionsApi.get, { params: { id: point.id }, query: { from: '2026-03-02' } }, as());
    expect(outside.output.data.counts.total).toBe(0);
  });
});

describe('webhook', () => {
  let server: Server;
  let url: string;
  const received: { body: string; headers: IncomingMessage['headers'] }[] = [];
  const answers: number[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ body, headers: request.headers });
        response.statusCode = answers.shift() ?? 200;
        response.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts each conversion signed, retrying with back-off until the receiver acknowledges it', async () => {
    const saved = await t.call(conversionsApi.saveWebhook, { body: { url } }, as());
    const secret = saved.output.data.secret!;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const point = await createPoint({ name: 'Webhook', value: 500 });
    t.ctx.clock.set(new Date('2026-04-01T00:00:00Z'));
    await hit(codeOf(point));
    const [conversion] = await t.db.select().from(conversions).where(eq(conversions.pointId, point.id));
    const [event] = rowsOf<{ id: number }>(
      await t.db.execute(
        sql`select id from outbox_events where name = 'conversion.reached' and payload->>'conversionId' = ${String(conversion!.id)}`,
      ),
    );
    await consumeEvent(t.ctx, webhookConsumer, Number(event!.id));
    expect((await t.call(conversionsApi.webhook, {}, as())).output.data.pending).toBe(1);

    answers.push(500);
    const payload = { lineAccountId, conversionId: conversion!.id };
    await deliver(t.ctx, payload);
    expect(received).toHaveLength(1);
    // Not yet due: nothing is posted.
    await deliver(t.ctx, payload);
    expect(received).toHaveLength(1);
    t.ctx.clock.advance(retryDelayMs(1));
    await deliver(t.ctx, payload);
    expect(received).toHaveLength(2);
    const [first, second] = received;
    expect(second!.body).toBe(first!.body);
    expect(second!.headers[CONVERSION_SIGNATURE_HEADER.toLowerCase()]).toBe(signatureOf(secret, second!.body));
    const body = JSON.parse(second!.body) as ConversionWebhookBody;
    expect(body).toMatchObject({ id: `conversion-${conversion!.id}`, value: 500, currency: 'JPY', test: false });
    const [after] = await t.db.select().from(conversions).where(eq(conversions.id, conversion!.id));
    expect(after).toMatchObject({ webhookState: 'delivered', webhookAttempts: 2 });
    // Delivered: another attempt posts nothing.
    await deliver(t.ctx, payload);
    expect(received).toHaveLength(2);

    const test = await t.call(conversionsApi.testWebhook, {}, as());
    expect(test.output.data).toEqual({ ok: true, status: 200, error: null });
  });
});
