import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { InfoField } from '@linq/contract';
import { startTestApp, type TestApp, type TestRequest } from '../../test/harness.ts';
import type { Tenant } from '../../test/factory.ts';
import { friendInfoFields, friendInfoValues } from './schema.ts';
import {
  DUPLICATE_NAME_MESSAGE,
  DUPLICATE_OPTION_MESSAGE,
  INFO_FIELDS_PER_CHANNEL,
  NO_OPTIONS_MESSAGE,
  optionInUseMessage,
  TOO_MANY_MESSAGE,
  TYPE_IN_USE_MESSAGE,
} from './info-field-service.ts';

let t: TestApp;
let tenant: Tenant;
let other: Tenant;
beforeAll(async () => {
  t = await startTestApp();
  tenant = await t.factory.tenant();
  other = await t.factory.tenant();
});
afterAll(() => t.stop());

const BASE = '/service/friend_info_fields';
const call = (request: Omit<TestRequest, 'lineAccountId'>, lineAccountId = tenant.channels[0]!.id) =>
  t.request({ token: tenant.tokens.staff, lineAccountId, ...request });
async function create(body: Record<string, unknown>, lineAccountId = tenant.channels[0]!.id): Promise<InfoField> {
  const r = await call({ method: 'POST', path: BASE, body: { field_type: 'text', ...body } }, lineAccountId);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.json.data as InfoField;
}
const listOf = async (lineAccountId = tenant.channels[0]!.id) =>
  (await call({ method: 'GET', path: BASE }, lineAccountId)).json.data as InfoField[];

describe('friend info fields', () => {
  it('creates, lists by sort_index then id, updates and deletes (with the values)', async () => {
    const channel = tenant.channels[1]!.id;
    const rank = await create(
      { name: ' 会員ランク ', field_type: 'select', options: [' ゴールド ', 'シルバー'], sort_index: 2 },
      channel,
    );
    expect(rank).toEqual({
      id: rank.id,
      name: '会員ランク',
      field_type: 'select',
      options: ['ゴールド', 'シルバー'],
      sort_index: 2,
    });
    const birthday = await create({ name: '誕生日', field_type: 'date', sort_index: null }, channel);
    // Options of a non-select field are dropped.
    const phone = await create({ name: '電話番号', options: ['x'], sort_index: 2 }, channel);
    expect(birthday.sort_index).toBe(0);
    expect(phone.options).toEqual([]);
    expect((await listOf(channel)).map((f) => f.id)).toEqual([birthday.id, rank.id, phone.id]);
    // Another channel's list does not have them.
    expect((await listOf()).map((f) => f.id)).not.toContain(rank.id);

    const updated = await call(
      {
        method: 'PUT',
        path: `${BASE}/${rank.id}`,
        body: { name: 'ランク', field_type: 'select', options: ['ゴールド', 'シルバー', 'ブロンズ'], sort_index: 0 },
      },
      channel,
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.json.data).toMatchObject({ name: 'ランク', options: ['ゴールド', 'シルバー', 'ブロンズ'] });

    const friend = await t.factory.friend(channel, { info: { [rank.id]: 'ゴールド', [phone.id]: '03' } });
    const removed = await call({ method: 'DELETE', path: `${BASE}/${rank.id}` }, channel);
    expect(removed.status).toBe(200);
    expect((removed.json.data as InfoField).id).toBe(rank.id);
    const db = t.runtime.ctx.database.db;
    expect(
      (await db.select().from(friendInfoValues).where(eq(friendInfoValues.friendId, friend.id))).map((v) => v.fieldId),
    ).toEqual([phone.id]);
    expect((await call({ method: 'DELETE', path: `${BASE}/${rank.id}` }, channel)).status).toBe(404);
  });

  it('validates: name required and unique per channel, select needs options without repeats', async () => {
    await create({ name: '住所' });
    const invalid = async (body: Record<string, unknown>, field: string, message?: string) => {
      const r = await call({ method: 'POST', path: BASE, body: { field_type: 'text', ...body } });
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(r.json.errors as object), JSON.stringify(body)).toEqual([field]);
      if (message) expect((r.json.errors as Record<string, { description: string }>)[field]!.description).toBe(message);
    };
    await invalid({ name: '住所' }, 'name', DUPLICATE_NAME_MESSAGE);
    await invalid({ name: '  ' }, 'name');
    await invalid({ name: 'x'.repeat(51) }, 'name');
    await invalid({ name: '種類', field_type: 'color' }, 'field_type');
    await invalid({ name: '選択', field_type: 'select', options: [] }, 'options', NO_OPTIONS_MESSAGE);
    await invalid({ name: '選択', field_type: 'select' }, 'options', NO_OPTIONS_MESSAGE);
    await invalid({ name: '選択', field_type: 'select', options: ['A', ' A'] }, 'options', DUPLICATE_OPTION_MESSAGE);
    await invalid({ name: '選択', field_type: 'select', options: ['A', ''] }, 'options.1');
    // The same name in another channel is fine.
    await create({ name: '住所' }, tenant.channels[1]!.id);
    // Renaming onto an existing name.
    const other = await create({ name: '住所2' });
    const r = await call({ method: 'PUT', path: `${BASE}/${other.id}`, body: { name: '住所', field_type: 'text' } });
    expect(r.status).toBe(422);
    expect(r.json.errors).toEqual({ name: { description: DUPLICATE_NAME_MESSAGE } });
  });

  it('refuses a type change while any friend has a value, and removing a chosen option', async () => {
    const field = await create({ name: '年齢', field_type: 'text' });
    const put = (body: Record<string, unknown>) =>
      call({ method: 'PUT', path: `${BASE}/${field.id}`, body: { name: '年齢', ...body } });
    // No values yet: the type may change.
    expect((await put({ field_type: 'number' })).status).toBe(200);
    const friend = await t.factory.friend(tenant.channels[0]!.id, { info: { [field.id]: '30' } });
    const refused = await put({ field_type: 'text' });
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual({ field_type: { description: TYPE_IN_USE_MESSAGE } });
    // Renaming keeps working.
    expect((await put({ name: '年齢（歳）', field_type: 'number' })).status).toBe(200);
    await t.runtime.ctx.database.db.delete(friendInfoValues).where(eq(friendInfoValues.friendId, friend.id));
    expect((await put({ field_type: 'select', options: ['20代', '30代'] })).status).toBe(200);

    await t.factory.friend(tenant.channels[0]!.id, { info: { [field.id]: '30代' } });
    const dropped = await put({ field_type: 'select', options: ['20代'] });
    expect(dropped.status).toBe(422);
    expect(dropped.json.errors).toEqual({ options: { description: optionInUseMessage(['30代']) } });
    expect((await put({ field_type: 'select', options: ['30代', '40代'] })).status).toBe(200);
  });

  it(`allows ${INFO_FIELDS_PER_CHANNEL} fields per channel`, async () => {
    const channel = await t.factory.lineAccount(tenant.account.id);
    await t.runtime.ctx.database.db.insert(friendInfoFields).values(
      Array.from({ length: INFO_FIELDS_PER_CHANNEL }, (_, i) => ({
        lineAccountId: channel.id,
        name: `field ${i}`,
        fieldType: 'text' as const,
      })),
    );
    const user = await t.factory.user('service', {
      accountId: tenant.account.id,
      staffAuthorityId: tenant.fullAuthority.id,
      lineAccountIds: [channel.id],
    });
    const token = await t.factory.login('service', user.email);
    const r = await t.request({
      method: 'POST',
      path: BASE,
      token,
      lineAccountId: channel.id,
      body: { name: 'one more', field_type: 'text' },
    });
    expect(r.status).toBe(422);
    expect(r.json.errors).toEqual({ name: { description: TOO_MANY_MESSAGE } });
  });

  it('scopes every call to the channel: another tenant’s field is 404, its channel 403; view-only staff read', async () => {
    const created = await call(
      { method: 'POST', path: BASE, body: { name: 'theirs', field_type: 'text' } },
      other.channels[0]!.id,
    );
    expect(created.status).toBe(403);
    const [foreign] = await t.runtime.ctx.database.db
      .insert(friendInfoFields)
      .values({ lineAccountId: other.channels[0]!.id, name: 'foreign', fieldType: 'text' })
      .returning();
    const body = { name: 'hijack', field_type: 'number' };
    expect((await call({ method: 'PUT', path: `${BASE}/${foreign!.id}`, body })).status).toBe(404);
    expect((await call({ method: 'DELETE', path: `${BASE}/${foreign!.id}` })).status).toBe(404);
    expect((await call({ method: 'GET', path: BASE }, other.channels[0]!.id)).status).toBe(403);
    const [after] = await t.runtime.ctx.database.db
      .select()
      .from(friendInfoFields)
      .where(eq(friendInfoFields.id, foreign!.id));
    expect(after).toMatchObject({ name: 'foreign', fieldType: 'text' });

    const viewer = { token: tenant.tokens.viewer };
    expect((await call({ method: 'GET', path: BASE, ...viewer })).status).toBe(200);
    expect(
      (await call({ method: 'POST', path: BASE, body: { name: 'v', field_type: 'text' }, ...viewer })).status,
    ).toBe(403);
  });
});
