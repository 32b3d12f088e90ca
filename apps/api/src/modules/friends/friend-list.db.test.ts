import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { friendsApi, permissionsWith, talksApi, type EndpointOutput } from '@linq/contract';
import { outputOf, useTestApp } from '../../test/kit.ts';
import { accounts } from '../tenants/schema.ts';

const t = useTestApp({ tenants: 2 });

type Query = Record<string, string | number | string[]>;
type Page = EndpointOutput<typeof friendsApi.list>;

/** A channel of its own per test, so each test sees only its friends; with a view-only staff login too. */
async function freshChannel() {
  const channel = await t.factory.staffedChannel(t.tenant.account.id, t.tenant.fullAuthority.id);
  const viewAuthority = await t.factory.staffAuthority(t.tenant.account.id, permissionsWith('view', false));
  const viewer = await t.factory.user('service', {
    accountId: t.tenant.account.id,
    staffAuthorityId: viewAuthority.id,
    lineAccountIds: [channel.id],
  });
  return { ...channel, viewerToken: await t.factory.login('service', viewer.email) };
}
type Channel = Awaited<ReturnType<typeof freshChannel>>;

async function list(channel: Channel, query: Query = {}, token = channel.token) {
  const r = await t.request({ method: 'GET', path: '/service/friends', token, lineAccountId: channel.id, query });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return outputOf(friendsApi.list, r);
}
const ids = (page: Page) => page.data.map((f) => f.id);
const day = (iso: string) => new Date(iso);

describe('GET /service/friends', () => {
  it('lists the channel’s friends newest first with tags and marks, paginated', async () => {
    const channel = await freshChannel();
    const vip = await t.factory.tag(channel.id, { name: 'VIP', sortIndex: 2 });
    const fresh = await t.factory.tag(channel.id, { name: '新規', sortIndex: 1 });
    const todo = await t.factory.mark(channel.id, { name: '要対応', color: '#FF4D4F' });
    const created = [];
    for (let i = 0; i < 5; i++) {
      created.push(
        await t.factory.friend(channel.id, {
          displayName: `friend ${i}`,
          followedAt: day(`2024-05-0${i + 1}T03:00:00Z`),
          tagIds: i === 0 ? [vip.id, fresh.id] : [],
          markIds: i === 0 ? [todo.id] : [],
        }),
      );
    }
    // Another channel's friend never shows.
    await t.factory.friend(t.other.channels[0]!.id);

    const first = await list(channel, { limit: 2 });
    expect(first.total_item_count).toBe(5);
    expect(first.pagination).toEqual({ current: 1, pageSize: 2 });
    expect(ids(first)).toEqual([created[4]!.id, created[3]!.id]);
    const last = await list(channel, { limit: 2, page: 3 });
    expect(ids(last)).toEqual([created[0]!.id]);
    const [oldest] = last.data;
    expect(oldest).toEqual({
      id: created[0]!.id,
      display_name: 'friend 0',
      picture_url: null,
      status: 'following',
      followed_at: '2024-05-01T03:00:00.000Z',
      blocked_at: null,
      last_message_at: null,
      score: 0,
      // Labels by sort_index, then id.
      tags: [
        { id: fresh.id, name: '新規' },
        { id: vip.id, name: 'VIP' },
      ],
      marks: [{ id: todo.id, name: '要対応', color: '#FF4D4F' }],
    });
    expect(last.data.every((f) => Array.isArray(f.tags))).toBe(true);
    expect((await list(channel, { page: 9 })).data).toEqual([]);
  });

  it('filters by tags: any, all and none of them; another channel’s tag matches nothing', async () => {
    const channel = await freshChannel();
    const [a, b] = [await t.factory.tag(channel.id), await t.factory.tag(channel.id)];
    const foreign = await t.factory.tag(t.other.channels[0]!.id);
    const both = await t.factory.friend(channel.id, { tagIds: [a.id, b.id] });
    const onlyA = await t.factory.friend(channel.id, { tagIds: [a.id] });
    const onlyB = await t.factory.friend(channel.id, { tagIds: [b.id] });
    const none = await t.factory.friend(channel.id);
    await t.factory.friend(t.other.channels[0]!.id, { tagIds: [foreign.id] });
    const sorted = (page: Page) => ids(page).sort((x, y) => x - y);
    const tagIds = [String(a.id), String(b.id)];

    expect(sorted(await list(channel, { tag_ids: tagIds }))).toEqual([both.id, onlyA.id, onlyB.id]);
    expect(sorted(await list(channel, { tag_ids: tagIds, tag_match: 'any' }))).toEqual([both.id, onlyA.id, onlyB.id]);
    expect(sorted(await list(channel, { tag_ids: tagIds, tag_match: 'all' }))).toEqual([both.id]);
    expect(sorted(await list(channel, { tag_ids: tagIds, tag_match: 'none' }))).toEqual([none.id]);
    expect(sorted(await list(channel, { tag_ids: [String(a.id)], tag_match: 'none' }))).toEqual([onlyB.id, none.id]);
    // One id, sent in bracket form as the web client does; and a repeated id counts once for "all".
    expect(sorted(await list(channel, { tag_ids: [String(b.id)] }))).toEqual([both.id, onlyB.id]);
    expect(sorted(await list(channel, { tag_ids: [String(a.id), String(a.id)], tag_match: 'all' }))).toEqual([
      both.id,
      onlyA.id,
    ]);
    // Another channel's tag: matches nothing (and "all" with it matches no one).
    expect(ids(await list(channel, { tag_ids: [String(foreign.id)] }))).toEqual([]);
    expect(ids(await list(channel, { tag_ids: [String(a.id), String(foreign.id)], tag_match: 'all' }))).toEqual([]);
    expect((await list(channel, { tag_ids: [String(foreign.id)], tag_match: 'none' })).total_item_count).toBe(4);
    // No tags: no tag filter at all, whatever the mode.
    expect((await list(channel, { tag_match: 'all' })).total_item_count).toBe(4);
    // Bad ids are a validation error.
    const bad = await t.request({
      method: 'GET',
      path: '/service/friends',
      token: channel.token,
      lineAccountId: channel.id,
      query: { tag_ids: ['x'] },
    });
    expect(bad.status).toBe(422);
  });

  it('counts what it lists for every tag mode, alone and with the other filters', async () => {
    const channel = await freshChannel();
    const [a, b, c] = [
      await t.factory.tag(channel.id),
      await t.factory.tag(channel.id),
      await t.factory.tag(channel.id),
    ];
    const foreign = await t.factory.tag(t.other.channels[0]!.id);
    const mark = await t.factory.mark(channel.id);
    // Every combination of the three tags, following or blocked, marked or not, two names.
    const made: { id: number; tags: number[]; blocked: boolean; marked: boolean; name: string }[] = [];
    for (let i = 0; i < 32; i++) {
      const tags = [a.id, b.id, c.id].filter((_, bit) => i & (1 << bit));
      const spec = { tags, blocked: (i & 8) !== 0, marked: (i & 16) !== 0, name: i % 3 === 0 ? 'Kato' : 'Ito' };
      const friend = await t.factory.friend(channel.id, {
        displayName: spec.name,
        status: spec.blocked ? 'blocked' : 'following',
        tagIds: tags,
        markIds: spec.marked ? [mark.id] : [],
      });
      made.push({ id: friend.id, ...spec });
    }
    // Another channel's friend with the foreign tag: never counted.
    await t.factory.friend(t.other.channels[0]!.id, { tagIds: [foreign.id] });

    const tagSets = [[a.id], [a.id, b.id], [a.id, b.id, c.id], [c.id, foreign.id], [foreign.id]];
    const others: [Query, (f: (typeof made)[number]) => boolean][] = [
      [{}, () => true],
      [{ status: 'blocked' }, (f) => f.blocked],
      [{ name: 'kato' }, (f) => f.name === 'Kato'],
      [{ mark_ids: [String(mark.id)] }, (f) => f.marked],
    ];
    for (const tagIds of tagSets) {
      for (const match of ['any', 'all', 'none'] as const) {
        const carries = (f: (typeof made)[number]) =>
          match === 'any'
            ? tagIds.some((id) => f.tags.includes(id))
            : match === 'all'
              ? tagIds.every((id) => f.tags.includes(id))
              : !tagIds.some((id) => f.tags.includes(id));
        for (const [query, keeps] of others) {
          const page = await list(channel, { ...query, tag_ids: tagIds.map(String), tag_match: match, limit: 100 });
          const expected = made.filter((f) => carries(f) && keeps(f)).map((f) => f.id);
          const label = `${match} ${tagIds.length} tags ${JSON.stringify(query)}`;
          expect(
            ids(page).sort((x, y) => x - y),
            label,
          ).toEqual(expected);
          expect(page.total_item_count, label).toBe(expected.length);
        }
      }
    }
  });

  it('filters by marks (any of them) and by status', async () => {
    const channel = await freshChannel();
    const [todo, doing] = [await t.factory.mark(channel.id), await t.factory.mark(channel.id)];
    const foreign = await t.factory.mark(t.other.channels[0]!.id);
    const marked = await t.factory.friend(channel.id, { markIds: [todo.id] });
    const both = await t.factory.friend(channel.id, { markIds: [todo.id, doing.id], status: 'blocked' });
    const plain = await t.factory.friend(channel.id);
    const sorted = (page: Page) => ids(page).sort((x, y) => x - y);
    expect(sorted(await list(channel, { mark_ids: [String(todo.id), String(doing.id)] }))).toEqual([
      marked.id,
      both.id,
    ]);
    expect(sorted(await list(channel, { mark_ids: [String(doing.id)] }))).toEqual([both.id]);
    expect(ids(await list(channel, { mark_ids: [String(foreign.id)] }))).toEqual([]);
    expect(sorted(await list(channel, { status: 'following' }))).toEqual([marked.id, plain.id]);
    expect(sorted(await list(channel, { status: 'blocked' }))).toEqual([both.id]);
    expect(sorted(await list(channel, { status: 'blocked', mark_ids: [String(todo.id)] }))).toEqual([both.id]);
  });

  it('searches the shown name (override or LINE’s), anywhere and case-insensitive, with % and _ literal', async () => {
    const channel = await freshChannel();
    const yamada = await t.factory.friend(channel.id, { displayName: 'Yamada Hanako' });
    const renamed = await t.factory.friend(channel.id, { displayName: 'LINE name', displayNameOverride: '鈴木 VIP様' });
    const percent = await t.factory.friend(channel.id, { displayName: '100% 果汁' });
    const underscore = await t.factory.friend(channel.id, { displayName: 'a_b' });
    await t.factory.friend(channel.id, { displayName: 'axb' });
    await t.factory.friend(channel.id, { displayName: '1000 果汁' });
    const found = async (name: string) => ids(await list(channel, { name })).sort((x, y) => x - y);
    expect(await found('hana')).toEqual([yamada.id]);
    expect(await found('HANAKO')).toEqual([yamada.id]);
    expect(await found('vip')).toEqual([renamed.id]);
    // LINE's own name still finds a renamed friend; the list shows the override.
    expect(await found('line')).toEqual([renamed.id]);
    expect((await list(channel, { name: 'line' })).data[0]!.display_name).toBe('鈴木 VIP様');
    expect(await found('0%')).toEqual([percent.id]);
    expect(await found('_')).toEqual([underscore.id]);
    expect(await found('nobody')).toEqual([]);
  });

  it('filters by followed date, whole days in the account’s time zone (inclusive)', async () => {
    const channel = await freshChannel();
    // Asia/Tokyo (UTC+9): 2024-03-31T14:59:59Z is 23:59:59 on 31 March there; 15:00:00Z is midnight of 1 April.
    const lastOfMarch = await t.factory.friend(channel.id, { followedAt: day('2024-03-31T14:59:59Z') });
    const firstOfApril = await t.factory.friend(channel.id, { followedAt: day('2024-03-31T15:00:00Z') });
    const endOfApril = await t.factory.friend(channel.id, { followedAt: day('2024-04-30T14:59:59.999Z') });
    const may = await t.factory.friend(channel.id, { followedAt: day('2024-04-30T15:00:00Z') });
    await t.factory.friend(channel.id, { followedAt: null, status: 'blocked' });
    const sorted = (page: Page) => ids(page).sort((x, y) => x - y);
    expect(sorted(await list(channel, { followed_from: '2024-04-01', followed_to: '2024-04-30' }))).toEqual([
      firstOfApril.id,
      endOfApril.id,
    ]);
    expect(sorted(await list(channel, { followed_to: '2024-03-31' }))).toEqual([lastOfMarch.id]);
    expect(sorted(await list(channel, { followed_from: '2024-05-01' }))).toEqual([may.id]);
    expect(sorted(await list(channel, { followed_from: '2024-04-01', followed_to: '2024-04-01' }))).toEqual([
      firstOfApril.id,
    ]);

    // In UTC the same instants fall on other days.
    const db = t.db;
    await db.update(accounts).set({ timeZone: 'UTC' }).where(eq(accounts.id, t.tenant.account.id));
    try {
      expect(sorted(await list(channel, { followed_from: '2024-03-31', followed_to: '2024-03-31' }))).toEqual([
        lastOfMarch.id,
        firstOfApril.id,
      ]);
      expect(sorted(await list(channel, { followed_from: '2024-04-30', followed_to: '2024-04-30' }))).toEqual([
        endOfApril.id,
        may.id,
      ]);
    } finally {
      await db.update(accounts).set({ timeZone: 'Asia/Tokyo' }).where(eq(accounts.id, t.tenant.account.id));
    }

    for (const bad of ['2024-02-30', '2024-4-1', 'yesterday']) {
      const r = await t.request({
        method: 'GET',
        path: '/service/friends',
        token: channel.token,
        lineAccountId: channel.id,
        query: { followed_from: bad },
      });
      expect(r.status, bad).toBe(422);
      expect(Object.keys(r.json.errors as object)).toEqual(['followed_from']);
    }
  });

  it('sorts by each key in both directions, nulls last, id breaking ties', async () => {
    const channel = await freshChannel();
    const f = async (values: Parameters<typeof t.factory.friend>[1]) => (await t.factory.friend(channel.id, values)).id;
    const a = await f({
      displayName: 'Bさん',
      followedAt: day('2024-01-02T00:00:00Z'),
      lastMessageAt: day('2024-02-01T00:00:00Z'),
      score: 5,
    });
    const b = await f({
      displayName: 'zz',
      displayNameOverride: 'Aさん',
      followedAt: day('2024-01-01T00:00:00Z'),
      lastMessageAt: null,
      score: -3,
    });
    const c = await f({ displayName: 'Cさん', followedAt: null, lastMessageAt: day('2024-03-01T00:00:00Z'), score: 5 });
    const d = await f({
      displayName: 'Bさん',
      followedAt: day('2024-01-02T00:00:00Z'),
      lastMessageAt: day('2024-02-01T00:00:00Z'),
      score: 0,
    });
    const order = async (sort: string, direction: string) => ids(await list(channel, { sort, order: direction }));

    expect(await order('followed_at', 'desc')).toEqual([d, a, b, c]);
    expect(await order('followed_at', 'asc')).toEqual([b, a, d, c]);
    expect(await order('display_name', 'asc')).toEqual([b, a, d, c]);
    expect(await order('display_name', 'desc')).toEqual([c, d, a, b]);
    expect(await order('last_message_at', 'desc')).toEqual([c, d, a, b]);
    expect(await order('last_message_at', 'asc')).toEqual([a, d, c, b]);
    expect(await order('score', 'desc')).toEqual([c, a, d, b]);
    expect(await order('score', 'asc')).toEqual([b, d, a, c]);
    // The default: followed_at desc.
    expect(ids(await list(channel))).toEqual([d, a, b, c]);
    // Pages follow the same order without gaps or repeats.
    const paged = [
      ...ids(await list(channel, { sort: 'score', order: 'desc', limit: 3, page: 1 })),
      ...ids(await list(channel, { sort: 'score', order: 'desc', limit: 3, page: 2 })),
    ];
    expect(paged).toEqual([c, a, d, b]);
    // A page of 20 gathers these four friends and sorts them; pages of one walk the order's index
    // (audience gatherFirst): the same order either way.
    for (const sort of ['followed_at', 'display_name', 'last_message_at', 'score']) {
      for (const direction of ['asc', 'desc']) {
        const walked = [];
        for (let page = 1; page <= 4; page++) {
          walked.push(...ids(await list(channel, { sort, order: direction, limit: 1, page })));
        }
        expect(walked, `${sort} ${direction}`).toEqual(await order(sort, direction));
      }
    }
  });

  it('hides the picture from staff without personal data; display names stay', async () => {
    const channel = await freshChannel();
    await t.factory.friend(channel.id, { displayName: 'Hanako', pictureUrl: 'https://profile.example/p.png' });
    expect((await list(channel)).data[0]).toMatchObject({
      display_name: 'Hanako',
      picture_url: 'https://profile.example/p.png',
    });
    expect((await list(channel, {}, channel.viewerToken)).data[0]).toMatchObject({
      display_name: 'Hanako',
      picture_url: null,
    });
  });

  it('refuses staff without friends (403) and another tenant’s channel (403)', async () => {
    const permissions = permissionsWith('edit', true);
    const authority = await t.factory.staffAuthority(t.tenant.account.id, {
      ...permissions,
      features: { ...permissions.features, friends: 'none' },
    });
    const user = await t.factory.user('service', {
      accountId: t.tenant.account.id,
      staffAuthorityId: authority.id,
      lineAccountIds: [t.tenant.channels[0]!.id],
    });
    const token = await t.factory.login('service', user.email);
    const r = await t.request({
      method: 'GET',
      path: '/service/friends',
      token,
      lineAccountId: t.tenant.channels[0]!.id,
    });
    expect(r.status).toBe(403);
    const foreign = await t.request({
      method: 'GET',
      path: '/service/friends',
      token: t.tenant.tokens.staff,
      lineAccountId: t.other.channels[0]!.id,
    });
    expect(foreign.status).toBe(403);
  });
});

describe('display-name override in the talk list', () => {
  it('shows the override and finds the friend by it or by LINE’s name', async () => {
    const channel = await freshChannel();
    const friend = await t.factory.friend(channel.id, {
      displayName: 'LINEの名前',
      lastMessageAt: new Date(),
      unreadCount: 1,
    });
    const conversations = async (query: Query = {}) => {
      const r = await t.request({
        method: 'GET',
        path: '/service/messages/conversations',
        token: channel.token,
        lineAccountId: channel.id,
        query,
      });
      expect(r.status).toBe(200);
      return outputOf(talksApi.conversations, r).data;
    };
    expect((await conversations())[0]!.display_name).toBe('LINEの名前');
    const renamed = await t.request({
      method: 'PUT',
      path: `/service/friends/${friend.id}`,
      token: channel.token,
      lineAccountId: channel.id,
      body: { display_name: '常連の山田さん' },
    });
    expect(renamed.status).toBe(200);
    expect((await conversations())[0]!.display_name).toBe('常連の山田さん');
    expect((await conversations({ name: '常連' })).map((c) => c.id)).toEqual([friend.id]);
    expect((await conversations({ name: 'LINEの' })).map((c) => c.id)).toEqual([friend.id]);
    expect(await conversations({ name: '佐藤' })).toEqual([]);
  });
});
