import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agencyNewsApi,
  NEWS_AGENCY_REQUIRED_MESSAGE,
  NEWS_DELETED_MESSAGE,
  NEWS_OEM_PLATFORM_ONLY_MESSAGE,
  NEWS_UNKNOWN_AGENCY_MESSAGE,
  NEWS_UNKNOWN_OEM_MESSAGE,
  newsApi,
  serviceNewsApi,
  type NewsBody,
} from '@linq/contract';
import type { Caller } from '../../test/kit.ts';
import { useTestApp } from '../../test/kit.ts';
import { news } from './schema.ts';

const t = useTestApp({ tenants: 2, role: 'api', admin: true });

const DAY_MS = 86_400_000;
const at = (offsetMs: number) => new Date(t.ctx.clock.now().getTime() + offsetMs).toISOString();
const body = (values: Partial<NewsBody> = {}): NewsBody => ({
  title: 'メンテナンスのお知らせ',
  body: '**12月1日** 2:00〜4:00 に[メンテナンス](https://example.jp)を行います。',
  audience: 'all',
  publish_at: at(-DAY_MS),
  ...values,
});

let adminA: Caller;
let adminB: Caller;
let staffA: Caller;
let viewerA: Caller;
let staffB: Caller;
/** Staff of a second account of A's OEM, in another agency. */
let staffA2: Caller;
let agencyA: Caller;
let agencyB: Caller;
let secondAgencyId: number;

beforeAll(async () => {
  adminA = { token: t.tenant.tokens.oemAdmin };
  adminB = { token: t.other.tokens.oemAdmin };
  staffA = { token: t.tenant.tokens.staff };
  viewerA = { token: t.tenant.tokens.viewer };
  staffB = { token: t.other.tokens.staff };
  agencyA = { token: t.tenant.tokens.agency };
  agencyB = { token: t.other.tokens.agency };
  const oemId = t.tenant.agency.oemId;
  const agency = await t.factory.agency({ oemId });
  secondAgencyId = agency.id;
  const account = await t.factory.account({ oemId, agencyId: agency.id });
  const channel = await t.factory.lineAccount(account.id);
  const authority = await t.factory.staffAuthority(account.id);
  const user = await t.factory.user('service', {
    accountId: account.id,
    staffAuthorityId: authority.id,
    lineAccountIds: [channel.id],
  });
  staffA2 = { token: await t.factory.login('service', user.email) };
});

async function seenBy(caller: Caller): Promise<number[]> {
  const list = await t.call(serviceNewsApi.list, { query: { limit: 1000 } }, caller);
  expect(list.status).toBe(200);
  return list.output.data.map((item) => item.id);
}
async function seenByAgency(caller: Caller): Promise<number[]> {
  const list = await t.call(agencyNewsApi.list, { query: { limit: 1000 } }, caller);
  expect(list.status).toBe(200);
  return list.output.data.map((item) => item.id);
}
async function create(values: Partial<NewsBody>, caller: Caller, query?: { oem_id?: number }) {
  const created = await t.call(newsApi.create, { body: body(values), ...(query ? { query } : {}) }, caller);
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return created.output.data;
}

describe('news (admin area)', () => {
  it('creates, lists with search and status filter, reads, updates and deletes a notice', async () => {
    const item = await create({ title: '年末年始の営業について', pinned: true }, adminA);
    expect(item).toMatchObject({
      title: '年末年始の営業について',
      audience: 'all',
      every_oem: false,
      audience_oem: null,
      audience_agency: null,
      pinned: true,
      status: 'published',
    });
    const scheduled = await create({ title: '年末年始の新機能', publish_at: at(3 * DAY_MS) }, adminA);
    expect(scheduled.status).toBe('scheduled');

    const search = await t.call(newsApi.list, { query: { q: '年末年始' } }, adminA);
    expect(search.output.data.map((n) => n.id)).toEqual([scheduled.id, item.id]);
    const published = await t.call(newsApi.list, { query: { q: '年末年始', status: 'published' } }, adminA);
    expect(published.output.data.map((n) => n.id)).toEqual([item.id]);
    const upcoming = await t.call(newsApi.list, { query: { q: '年末年始', status: 'scheduled' } }, adminA);
    expect(upcoming.output.data.map((n) => n.id)).toEqual([scheduled.id]);
    const page = await t.call(newsApi.list, { query: { q: '年末年始', page: 2, limit: 1 } }, adminA);
    expect(page.output).toMatchObject({ total_item_count: 2, pagination: { current: 2, pageSize: 1 } });
    expect(page.output.data.map((n) => n.id)).toEqual([item.id]);

    const updated = await t.call(
      newsApi.update,
      {
        params: { id: item.id },
        body: body({ title: '営業日のお知らせ', audience: 'agency', audience_agency_id: t.tenant.agency.id }),
      },
      adminA,
    );
    expect(updated.status).toBe(200);
    expect(updated.output.data).toMatchObject({
      title: '営業日のお知らせ',
      audience: 'agency',
      audience_agency: { id: t.tenant.agency.id, name: t.tenant.agency.name },
      pinned: false,
    });
    expect((await t.call(newsApi.get, { params: { id: item.id } }, adminA)).output.data.title).toBe('営業日のお知らせ');

    const removed = await t.call(newsApi.remove, { params: { id: item.id } }, adminA);
    expect(removed.output.data.message).toBe(NEWS_DELETED_MESSAGE);
    expect((await t.call(newsApi.get, { params: { id: item.id } }, adminA)).status).toBe(404);
    expect((await t.call(newsApi.remove, { params: { id: scheduled.id } }, adminA)).status).toBe(200);
  });

  it('refuses invalid input with Japanese messages (422)', async () => {
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ title: '' }, 'title', '入力してください'],
      [{ title: 'あ'.repeat(101) }, 'title'],
      [{ body: '   ' }, 'body', '入力してください'],
      [{ publish_at: '2026-13-01' }, 'publish_at', '公開日時の形式が正しくありません'],
      [{ pinned: 'yes' }, 'pinned', '固定するかどうかを選択してください'],
      [{ audience: 'everyone' }, 'audience', '配信先を選択してください'],
      [{ audience: 'agency' }, 'audience_agency_id', NEWS_AGENCY_REQUIRED_MESSAGE],
      // Another OEM's agency is no agency of the acting OEM.
      [
        { audience: 'agency', audience_agency_id: t.other.agency.id },
        'audience_agency_id',
        NEWS_UNKNOWN_AGENCY_MESSAGE,
      ],
      // One OEM as the audience is the platform admins' only.
      [{ audience: 'oem', audience_oem_id: t.tenant.agency.oemId }, 'audience', NEWS_OEM_PLATFORM_ONLY_MESSAGE],
    ];
    for (const [values, field, message] of cases) {
      const response = await t.send(newsApi.create, { body: { ...body(), ...values } }, adminA);
      expect(response.status, field).toBe(422);
      const errors = response.json.errors as Record<string, { description: string }>;
      expect(Object.keys(errors), field).toContain(field);
      if (message) expect(errors[field]?.description).toBe(message);
    }
    const unknownOem = await t.send(
      newsApi.create,
      { body: { ...body(), audience: 'oem', audience_oem_id: 2_000_000_000 } },
      t.admin,
    );
    expect(unknownOem.status).toBe(422);
    expect(unknownOem.json.errors).toEqual({ audience_oem_id: { description: NEWS_UNKNOWN_OEM_MESSAGE } });
    expect(await t.db.select().from(news).where(eq(news.oemId, t.tenant.agency.oemId))).toEqual([]);
  });

  it("gives another OEM's admin 404 for a notice, leaves it out of their list and changes nothing", async () => {
    const item = await create({ title: '非公開のお知らせ' }, adminA);
    const [before] = await t.db.select().from(news).where(eq(news.id, item.id));
    expect((await t.call(newsApi.get, { params: { id: item.id } }, adminB)).status).toBe(404);
    expect(
      (await t.call(newsApi.update, { params: { id: item.id }, body: body({ title: '奪取' }) }, adminB)).status,
    ).toBe(404);
    expect((await t.call(newsApi.remove, { params: { id: item.id } }, adminB)).status).toBe(404);
    const list = await t.call(newsApi.list, { query: { limit: 1000 } }, adminB);
    expect(list.output.data.map((n) => n.id)).not.toContain(item.id);
    // Naming A's OEM as the acting OEM is a 404 for B's admin.
    const acting = await t.call(newsApi.list, { query: { oem_id: t.tenant.agency.oemId } }, adminB);
    expect(acting.status).toBe(404);
    const [after] = await t.db.select().from(news).where(eq(news.id, item.id));
    expect(after).toEqual(before);
    // A platform admin acting on A's OEM sees and manages it.
    const platform = await t.call(
      newsApi.get,
      { params: { id: item.id }, query: { oem_id: t.tenant.agency.oemId } },
      t.admin,
    );
    expect(platform.output.data.title).toBe('非公開のお知らせ');
    await t.call(newsApi.remove, { params: { id: item.id } }, adminA);
  });
});

describe('news audience (readers)', () => {
  it('reaches every OEM, one OEM, the OEM of a partner or one agency as addressed', async () => {
    const everyone = await create({ title: '全体' }, t.admin);
    expect(everyone.every_oem).toBe(true);
    const oemOfB = await create({ title: 'B社OEM', audience: 'oem', audience_oem_id: t.other.agency.oemId }, t.admin);
    expect(oemOfB.audience_oem).toMatchObject({ id: t.other.agency.oemId });
    const allOfA = await create({ title: 'A社OEMの全体' }, adminA);
    expect(allOfA.every_oem).toBe(false);
    const agencyOfA = await create(
      { title: 'A社代理店', audience: 'agency', audience_agency_id: t.tenant.agency.id },
      adminA,
    );
    const secondAgency = await create(
      { title: '第二代理店', audience: 'agency', audience_agency_id: secondAgencyId },
      adminA,
    );
    // A platform admin acting on B's OEM: "all" is B's OEM.
    const allOfB = await create({ title: 'B社OEMの全体' }, t.admin, { oem_id: t.other.agency.oemId });
    expect(allOfB.every_oem).toBe(false);
    const mine = [everyone, oemOfB, allOfA, agencyOfA, secondAgency, allOfB].map((n) => n.id);
    const only = (ids: number[]) => ids.filter((id) => mine.includes(id)).sort((a, b) => a - b);

    expect(only(await seenBy(staffA))).toEqual([everyone.id, allOfA.id, agencyOfA.id]);
    expect(only(await seenBy(viewerA))).toEqual([everyone.id, allOfA.id, agencyOfA.id]);
    expect(only(await seenBy(staffA2))).toEqual([everyone.id, allOfA.id, secondAgency.id]);
    expect(only(await seenBy(staffB))).toEqual([everyone.id, oemOfB.id, allOfB.id]);
    expect(only(await seenByAgency(agencyA))).toEqual([everyone.id, allOfA.id, agencyOfA.id]);
    expect(only(await seenByAgency(agencyB))).toEqual([everyone.id, oemOfB.id, allOfB.id]);

    // A notice that does not reach the reader cannot be marked read.
    expect((await t.call(serviceNewsApi.markRead, { params: { id: oemOfB.id } }, staffA)).status).toBe(404);
    expect((await t.call(agencyNewsApi.markRead, { params: { id: secondAgency.id } }, agencyA)).status).toBe(404);
  });

  it('keeps a scheduled notice from readers until its publish time (the test clock moves)', async () => {
    const scheduled = await create({ title: '予約', publish_at: at(2 * DAY_MS) }, adminA);
    expect(await seenBy(staffA)).not.toContain(scheduled.id);
    expect(await seenByAgency(agencyA)).not.toContain(scheduled.id);
    expect((await t.call(serviceNewsApi.markRead, { params: { id: scheduled.id } }, staffA)).status).toBe(404);
    t.ctx.clock.set(new Date(Date.parse(scheduled.publish_at) + 60_000));
    expect(await seenBy(staffA)).toContain(scheduled.id);
    expect(await seenByAgency(agencyA)).toContain(scheduled.id);
    expect((await t.call(newsApi.get, { params: { id: scheduled.id } }, adminA)).output.data.status).toBe('published');
    await t.call(newsApi.remove, { params: { id: scheduled.id } }, adminA);
  });

  it('lists pinned first, then newest, and keeps read marks per user', async () => {
    const older = await create({ title: '古い', publish_at: at(-3 * DAY_MS) }, adminA);
    const newer = await create({ title: '新しい', publish_at: at(-DAY_MS) }, adminA);
    const pinned = await create({ title: '固定', publish_at: at(-5 * DAY_MS), pinned: true }, adminA);
    const ids = [older.id, newer.id, pinned.id];
    const listOf = async (caller: Caller) => {
      const list = await t.call(serviceNewsApi.list, { query: { limit: 1000 } }, caller);
      return list.output;
    };
    const before = await listOf(staffA);
    expect(before.data.filter((n) => ids.includes(n.id)).map((n) => n.id)).toEqual([pinned.id, newer.id, older.id]);
    expect(before.data.find((n) => n.id === newer.id)).toMatchObject({ read: false, title: '新しい' });

    const marked = await t.call(serviceNewsApi.markRead, { params: { id: newer.id } }, staffA);
    expect(marked.status).toBe(200);
    // Twice is fine: one mark.
    expect((await t.call(serviceNewsApi.markRead, { params: { id: newer.id } }, staffA)).status).toBe(200);
    const after = await listOf(staffA);
    expect(after.data.find((n) => n.id === newer.id)?.read).toBe(true);
    expect(after.data.find((n) => n.id === older.id)?.read).toBe(false);
    expect(after.unread_count).toBe(before.unread_count - 1);
    // Another user of the same account has not read it.
    expect((await listOf(viewerA)).data.find((n) => n.id === newer.id)?.read).toBe(false);
    // An agency user's marks are their own too.
    expect((await t.call(agencyNewsApi.markRead, { params: { id: older.id } }, agencyA)).status).toBe(200);
    const agencyList = await t.call(agencyNewsApi.list, { query: { limit: 1000 } }, agencyA);
    expect(agencyList.output.data.find((n) => n.id === older.id)?.read).toBe(true);
    expect(agencyList.output.data.find((n) => n.id === newer.id)?.read).toBe(false);
    expect((await listOf(staffA)).data.find((n) => n.id === older.id)?.read).toBe(false);
  });
});
