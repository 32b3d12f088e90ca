/**
 * Inflow routes through the API: CRUD with history, copy and delete, the list's figures over a date
 * range and its CSV, the charts, QR downloads, permissions, the friend's inflow section and the
 * audience leaf (attribution through LINE Login is in attribution.db.test.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  conversionsApi,
  friendsApi,
  INFLOW_CODE_PATTERN,
  inflowsApi as api,
  inflowPublicApi,
  type AudienceExpression,
  type FormActions,
  type FormSettings,
  type InflowInput,
} from '@linq/contract';
import { useTestApp, type Caller } from '../../test/kit.ts';
import { countAudience } from '../audience/repository/read.ts';
import { channelScope } from '../../platform/principal.ts';
import { formAnswers, forms } from '../forms/schema.ts';
import { friends } from '../friends/schema.ts';
import { trackedLinks } from '../links/schema.ts';
import * as repo from './repository.ts';

const t = useTestApp({ tenants: 2, config: { LOG_LEVEL: 'error' } });
let as: Caller;
let lineAccountId: number;

beforeEach(() => {
  as = t.staff;
  lineAccountId = t.tenant.channels[0]!.id;
});

const input = (name: string, more: Partial<InflowInput> = {}): InflowInput => ({ name, ...more });
const create = async (name: string, more: Partial<InflowInput> = {}) =>
  (await t.call(api.create, { body: input(name, more) }, as)).output.data;

/** A friend attributed to the route at `at` (as the callback and follow would leave it). */
async function attributed(routeId: number, at: Date, kind: 'new' | 're_add' | 'unblock' | 'revisit' = 'new') {
  const friend = await t.factory.friend(lineAccountId, { language: 'ja' });
  const scope = channelScope(lineAccountId);
  const route = (await repo.findRoute(t.db, scope, routeId))!;
  await repo.insertAttribution(t.db, scope, {
    friendId: friend.id,
    routeId,
    visitId: null,
    kind,
    firstTouch: !(await repo.hasAttribution(t.db, scope, friend.id)),
    actions: route.actions,
    actionsApplied: false,
    attributedAt: at,
  });
  return friend;
}

/** The friend opens the conversion page through a tracked link sent to them. */
async function converted(pagePath: string, friendId: number) {
  const token = `${Math.random()}`.slice(2);
  await t.db
    .insert(trackedLinks)
    .values({ token, lineAccountId, friendId, actionItemId: 900_000 + friendId, targetUrl: pagePath });
  const code = new URL(pagePath, 'https://console.test').searchParams.get('c')!;
  return t.request({ method: 'GET', path: `/public/conversions/${encodeURIComponent(code)}`, query: { via: token } });
}

async function visited(routeId: number, at: Date) {
  await repo.insertVisit(t.db, channelScope(lineAccountId), {
    routeId,
    token: `${Math.random()}`,
    nonce: 'n',
    visitedAt: at,
  });
}

describe('inflow routes', () => {
  it('are created with an unguessable code, saved with history, copied and deleted', async () => {
    const tag = await t.factory.tag(lineAccountId);
    const folder = await t.factory.folder(lineAccountId, 'inflows');
    const created = await create('Instagram広告', {
      folder_id: folder.id,
      actions: { mode: 'first_add_only', tag_ids: [tag.id] },
      costs: [{ from: '2026-01-01', to: '2026-01-31', amount: 31000 }],
    });
    expect(created.code).toMatch(INFLOW_CODE_PATTERN);
    expect(created.path).toBe(`/inflow?c=${created.code}`);
    expect(created.actions).toEqual({
      mode: 'first_add_only',
      tag_ids: [tag.id],
      mark_ids: [],
      plan_id: null,
      rich_menu_id: null,
    });
    // No LINE Login on this channel: a plain add-friend link, and the route says so.
    expect(created.attribution).toMatchObject({ mode: 'plain', reason: 'login_not_configured' });

    const saved = await t.call(
      api.update,
      {
        params: { id: created.id },
        body: input('Instagram広告', {
          folder_id: folder.id,
          actions: { mode: 'every_time', tag_ids: [tag.id] },
          costs: [{ from: '2026-01-01', to: '2026-01-31', amount: 31000 }],
        }),
      },
      as,
    );
    expect(saved.output.data.code).toBe(created.code);
    const { output: history } = await t.call(api.history, { params: { id: created.id } }, as);
    expect(history.data.map((entry) => [entry.kind, entry.changed_fields])).toEqual([
      ['updated', ['actions']],
      ['created', ['name', 'folder_id', 'use_login', 'destination_url', 'actions', 'costs', 'memo']],
    ]);
    expect(history.data[0]).toMatchObject({
      actor_name: t.tenant.staff.name,
      before: { actions: { mode: 'first_add_only' } },
      after: { actions: { mode: 'every_time' } },
    });
    // Saving the same settings again records nothing.
    await t.call(
      api.update,
      { params: { id: created.id }, body: { ...saved.output.data, costs: saved.output.data.costs } },
      as,
    );
    expect((await t.call(api.history, { params: { id: created.id } }, as)).output.data).toHaveLength(2);

    const { output: copy } = await t.call(api.copy, { params: { id: created.id }, body: {} }, as);
    expect(copy.data).toMatchObject({ name: 'Instagram広告のコピー', folder_id: folder.id });
    expect(copy.data.code).not.toBe(created.code);

    await t.call(api.remove, { params: { id: copy.data.id } }, as);
    expect((await t.send(api.get, { params: { id: copy.data.id } }, as)).status).toBe(404);
    // Its URL stops working.
    expect((await t.send(inflowPublicApi.visit, { body: { code: copy.data.code } })).status).toBe(404);
  });

  it('refuse another channel’s tags, plans and folders in their actions', async () => {
    const foreignTag = await t.factory.tag(t.other.channels[0]!.id);
    const refused = await t.send(api.create, { body: input('x', { actions: { tag_ids: [foreignTag.id] } }) }, as);
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toHaveProperty(['actions.tag_ids']);
    const tagsFolder = await t.factory.folder(lineAccountId, 'tags');
    expect((await t.send(api.create, { body: input('x', { folder_id: tagsFolder.id }) }, as)).status).toBe(422);
    const badCost = await t.send(
      api.create,
      { body: input('x', { costs: [{ from: '2026-02-01', to: '2026-01-01', amount: 1 }] }) },
      as,
    );
    expect(badCost.status).toBe(422);
  });

  it('list their figures over a date range, with cost per friend, as JSON and CSV', async () => {
    const route = await create('店頭QR', { costs: [{ from: '2026-03-01', to: '2026-03-10', amount: 10000 }] });
    const inRange = new Date('2026-03-05T03:00:00Z');
    await visited(route.id, inRange);
    await visited(route.id, inRange);
    await visited(route.id, new Date('2026-02-01T03:00:00Z'));
    await attributed(route.id, inRange);
    const blocker = await attributed(route.id, inRange, 're_add');
    await t.db
      .update(friends)
      .set({ status: 'blocked', blockedAt: new Date('2026-03-06T03:00:00Z') })
      .where(eq(friends.id, blocker.id));
    await attributed(route.id, inRange, 'unblock');
    // The buyer converts twice: once in the range, once after it (counted by the conversions module).
    const point = (await t.call(conversionsApi.create, { body: { name: '購入', count_mode: 'every' } }, as)).output
      .data;
    const buyer = await attributed(route.id, inRange);
    for (const at of ['2026-03-05T04:00:00Z', '2026-03-07T04:00:00Z']) {
      t.ctx.clock.set(new Date(at));
      expect((await converted(point.page_path, buyer.id)).status).toBe(200);
    }

    const range = { from: '2026-03-01', to: '2026-03-05' };
    const { output } = await t.call(api.list, { query: { ...range, name: '店頭' } }, as);
    expect(output.data.map((row) => row.id)).toEqual([route.id]);
    // Half of the cost period's days are in the range: 5,000 yen over 3 friends added (the unblock is
    // not one) and over the one conversion in the range.
    expect(output.data[0]!.stats).toEqual({
      visits: 2,
      friends_added: 3,
      blocks: 1,
      conversions: 1,
      cost: 5000,
      cost_per_friend: 1667,
      cost_per_conversion: 5000,
    });

    const csv = await t.send(api.exportCsv, { query: { ...range, name: '店頭' } }, as);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('流入経路名');
    expect(lines[1]).toContain(`店頭QR`);
    expect(lines[1]).toContain(`/inflow?c=${route.code}`);
    expect(lines[1]).toContain(',2,3,1,1,5000,1667,5000,');

    const { output: chart } = await t.call(
      api.chart,
      { params: { id: route.id }, query: { from: '2026-03-04', to: '2026-03-06' } },
      as,
    );
    expect(chart.data.days).toEqual([
      { date: '2026-03-04', visits: 0, friends_added: 0, blocks: 0 },
      { date: '2026-03-05', visits: 2, friends_added: 3, blocks: 0 },
      { date: '2026-03-06', visits: 0, friends_added: 0, blocks: 1 },
    ]);

    const { output: profile } = await t.call(api.profileChart, { params: { id: route.id }, query: range }, as);
    expect(profile.data.friend_count).toBe(4);
    expect(profile.data.facets.find((facet) => facet.kind === 'language')?.buckets).toEqual([
      { label: 'ja', count: 4 },
    ]);
    // The forms module's facet: the route's friends who answered each form (one answer of the blocker).
    expect(profile.data.facets.find((facet) => facet.kind === 'form')?.buckets).toEqual([]);
    const [survey] = await t.db
      .insert(forms)
      .values({
        lineAccountId,
        name: '来店アンケート',
        title: 'アンケート',
        fields: [],
        settings: {} as FormSettings,
        actions: {} as FormActions,
        publicCode: 'inflow-facet',
      })
      .returning();
    await t.db.insert(formAnswers).values({
      lineAccountId,
      formId: survey!.id,
      friendId: blocker.id,
      submissionId: 'inflow-facet',
      values: {},
      items: [],
      answeredAt: new Date(),
    });
    const { output: withForms } = await t.call(api.profileChart, { params: { id: route.id }, query: range }, as);
    expect(withForms.data.facets.find((facet) => facet.kind === 'form')?.buckets).toEqual([
      { label: '来店アンケート', count: 1 },
    ]);

    const { output: attributedFriends } = await t.call(api.friends, { params: { id: route.id } }, as);
    expect(attributedFriends.total_item_count).toBe(4);
    expect(attributedFriends.data.find((row) => row.friend_id === blocker.id)).toMatchObject({
      kind: 're_add',
      blocked: true,
    });

    const refused = await t.send(api.list, { query: { from: '2026-03-05', to: '2026-03-01' } }, as);
    expect(refused.status).toBe(422);
  });

  it('give their QR code as PNG and SVG', async () => {
    const route = await create('チラシ', { use_login: false });
    const png = await t.send(api.qrPng, { params: { id: route.id }, query: { size: 256 } }, as);
    expect(png.status).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    // The PNG signature (its first byte is no UTF-8, so the text reads it as U+FFFD).
    expect(png.text.startsWith('\uFFFDPNG\r\n')).toBe(true);
    const svg = await t.send(api.qrSvg, { params: { id: route.id } }, as);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.text).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  it('are read by view-only staff, changed only by staff who may edit them', async () => {
    const route = await create('閲覧');
    const viewer = { token: t.tenant.tokens.viewer, lineAccountId };
    expect((await t.send(api.get, { params: { id: route.id } }, viewer)).status).toBe(200);
    expect((await t.send(api.create, { body: input('x') }, viewer)).status).toBe(403);
    expect((await t.send(api.update, { params: { id: route.id }, body: input('x') }, viewer)).status).toBe(403);
    expect((await t.send(api.remove, { params: { id: route.id } }, viewer)).status).toBe(403);
    expect((await t.send(api.copy, { params: { id: route.id }, body: {} }, viewer)).status).toBe(403);
  });

  it('show on the friend: first and last route, every attribution; and filter the friend list', async () => {
    const first = await create('最初の経路');
    const later = await create('次の経路');
    const friend = await attributed(first.id, new Date('2026-04-01T00:00:00Z'));
    const scope = channelScope(lineAccountId);
    await repo.insertAttribution(t.db, scope, {
      friendId: friend.id,
      routeId: later.id,
      visitId: null,
      kind: 'revisit',
      firstTouch: false,
      actions: first.actions,
      actionsApplied: false,
      attributedAt: new Date('2026-04-02T00:00:00Z'),
    });
    const { output } = await t.call(api.ofFriend, { params: { friend_id: friend.id } }, as);
    expect(output.data.first).toMatchObject({ route_id: first.id, route_name: '最初の経路' });
    expect(output.data.last).toMatchObject({ route_id: later.id, route_name: '次の経路' });
    expect(output.data.attributions.map((a) => a.kind)).toEqual(['revisit', 'new']);

    const count = (expression: AudienceExpression) =>
      countAudience({ db: t.db, registries: t.ctx.registries }, scope, expression);
    expect(await count({ kind: 'inflow_route', match: 'first', ids: [first.id] })).toBe(1);
    expect(await count({ kind: 'inflow_route', match: 'first', ids: [later.id] })).toBe(0);
    expect(await count({ kind: 'inflow_route', match: 'any', ids: [later.id] })).toBe(1);

    // The friend list's filter.
    const listed = async (query: { inflow_route_ids: number[]; inflow_match: 'first' | 'any' }) =>
      (await t.call(friendsApi.list, { query }, as)).output.data.map((row) => row.id);
    expect(await listed({ inflow_route_ids: [first.id], inflow_match: 'first' })).toEqual([friend.id]);
    expect(await listed({ inflow_route_ids: [later.id], inflow_match: 'first' })).toEqual([]);
    expect(await listed({ inflow_route_ids: [later.id], inflow_match: 'any' })).toEqual([friend.id]);

    // A deleted route narrows, never widens: its friends keep the attribution, unnamed.
    await t.call(api.remove, { params: { id: later.id } }, as);
    expect(await count({ kind: 'inflow_route', match: 'any', ids: [later.id] })).toBe(0);
    expect(await count({ kind: 'not', of: { kind: 'inflow_route', match: 'any', ids: [later.id] } })).toBe(0);
    const after = await t.call(api.ofFriend, { params: { friend_id: friend.id } }, as);
    expect(after.output.data.last).toMatchObject({ route_id: null, route_name: null });
  });
});
