import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { friendsApi, permissionsWith } from '@linq/contract';
import { type TestRequest } from '../../test/harness.ts';
import { outputOf, useTestApp } from '../../test/kit.ts';
import { friendInfoValues, friends } from './schema.ts';
import {
  DATE_MESSAGE,
  NUMBER_MESSAGE,
  OPTION_MESSAGE,
  PERSONAL_DATA_MESSAGE,
  REPEATED_FIELD_MESSAGE,
  UNKNOWN_FIELD_MESSAGE,
} from './service.ts';

const t = useTestApp({ tenants: 2 });
/** Staff of the tenant's first channel who may edit friends but not see personal data. */
let noPersonalToken: string;
beforeAll(async () => {
  const authority = await t.factory.staffAuthority(t.tenant.account.id, {
    ...permissionsWith('edit', true),
    personal_data: false,
  });
  const user = await t.factory.user('service', {
    accountId: t.tenant.account.id,
    staffAuthorityId: authority.id,
    lineAccountIds: [t.tenant.channels[0]!.id],
  });
  noPersonalToken = await t.factory.login('service', user.email);
});

const channelId = () => t.tenant.channels[0]!.id;
const call = (request: Omit<TestRequest, 'lineAccountId'>, lineAccountId = channelId()) =>
  t.request({ token: t.tenant.tokens.staff, lineAccountId, ...request });
const detailOf = async (id: number, token = t.tenant.tokens.staff) => {
  const r = await t.call(friendsApi.get, { params: { id } }, { token, lineAccountId: channelId() });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.output.data;
};
const putValues = (id: number, values: { field_id: number; value: string }[], token = t.tenant.tokens.staff) =>
  call({ method: 'PUT', path: `/service/friends/${id}/info_values`, body: { values }, token });
const storedValues = async (friendId: number) =>
  (await t.db.select().from(friendInfoValues).where(eq(friendInfoValues.friendId, friendId)))
    .map((v) => [v.fieldId, v.value])
    .sort((a, b) => Number(a[0]) - Number(b[0]));

describe('GET /service/friends/:id', () => {
  it('answers the friend with profile, labels, info values and notes', async () => {
    const tag = await t.factory.tag(channelId(), { name: 'VIP' });
    const mark = await t.factory.mark(channelId(), { name: '対応中', color: '#FAAD14' });
    const field = await t.factory.infoField(channelId(), { name: '電話番号' });
    const friend = await t.factory.friend(channelId(), {
      displayName: '山田 花子',
      pictureUrl: 'https://profile.example/hanako.png',
      statusMessage: 'こんにちは',
      language: 'ja',
      notes: '来店3回',
      score: 7,
      unreadCount: 2,
      followedAt: new Date('2024-05-01T00:00:00Z'),
      tagIds: [tag.id],
      markIds: [mark.id],
      info: { [field.id]: '090-1234-5678' },
    });
    expect(await detailOf(friend.id)).toEqual({
      id: friend.id,
      display_name: '山田 花子',
      line_display_name: '山田 花子',
      display_name_override: null,
      picture_url: 'https://profile.example/hanako.png',
      status: 'following',
      followed_at: '2024-05-01T00:00:00.000Z',
      blocked_at: null,
      last_message_at: null,
      score: 7,
      tags: [{ id: tag.id, name: 'VIP' }],
      marks: [{ id: mark.id, name: '対応中', color: '#FAAD14' }],
      status_message: 'こんにちは',
      language: 'ja',
      notes: '来店3回',
      info_values: [{ field_id: field.id, value: '090-1234-5678' }],
      personal_data_visible: true,
      profile_fetched_at: null,
      unread_count: 2,
      created_at: expect.any(String),
    });
  });

  it('hides personal data from staff without the capability; the display name stays', async () => {
    const field = await t.factory.infoField(channelId());
    const friend = await t.factory.friend(channelId(), {
      displayName: 'Hidden',
      displayNameOverride: '常連さん',
      pictureUrl: 'https://profile.example/p.png',
      statusMessage: 'secret',
      language: 'en',
      notes: 'secret note',
      info: { [field.id]: 'secret value' },
    });
    expect(await detailOf(friend.id, noPersonalToken)).toMatchObject({
      display_name: '常連さん',
      line_display_name: 'Hidden',
      display_name_override: '常連さん',
      picture_url: null,
      status_message: null,
      language: null,
      notes: null,
      info_values: null,
      personal_data_visible: false,
    });
    // The view-only authority of the factory has no personal data either.
    expect((await detailOf(friend.id, t.tenant.tokens.viewer)).personal_data_visible).toBe(false);
  });

  it('answers 404 for another channel’s or tenant’s friend and 403 for another tenant’s channel', async () => {
    const sibling = await t.factory.friend(t.tenant.channels[1]!.id);
    const foreign = await t.factory.friend(t.other.channels[0]!.id);
    for (const id of [sibling.id, foreign.id, 2_000_000_000]) {
      expect((await call({ method: 'GET', path: `/service/friends/${id}` })).status).toBe(404);
    }
    expect(
      (await call({ method: 'GET', path: `/service/friends/${foreign.id}` }, t.other.channels[0]!.id)).status,
    ).toBe(403);
  });
});

describe('PUT /service/friends/:id', () => {
  it('sets and clears the display-name override, notes and score', async () => {
    const friend = await t.factory.friend(channelId(), { displayName: 'LINE名' });
    const put = (body: Record<string, unknown>) => call({ method: 'PUT', path: `/service/friends/${friend.id}`, body });
    let r = await put({ display_name: '  山田さん  ', notes: ' メモ ', score: 42 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.json.data).toMatchObject({
      display_name: '山田さん',
      line_display_name: 'LINE名',
      display_name_override: '山田さん',
      notes: 'メモ',
      score: 42,
    });
    // A partial update keeps the other fields.
    r = await put({ score: -5 });
    expect(r.json.data).toMatchObject({ display_name: '山田さん', notes: 'メモ', score: -5 });
    // Empty or null restores LINE's name; an empty note clears it.
    r = await put({ display_name: '', notes: '' });
    expect(r.json.data).toMatchObject({ display_name: 'LINE名', display_name_override: null, notes: null });
    await put({ display_name: 'x' });
    r = await put({ display_name: null, notes: null });
    expect(r.json.data).toMatchObject({ display_name: 'LINE名', display_name_override: null, notes: null });
  });

  it('validates lengths and the score range (422)', async () => {
    const friend = await t.factory.friend(channelId());
    const put = (body: Record<string, unknown>) => call({ method: 'PUT', path: `/service/friends/${friend.id}`, body });
    for (const [body, field] of [
      [{ display_name: 'x'.repeat(101) }, 'display_name'],
      [{ notes: 'x'.repeat(5001) }, 'notes'],
      [{ score: 1.5 }, 'score'],
      [{ score: 2_000_000_000 }, 'score'],
    ] as const) {
      const r = await put(body);
      expect(r.status, field).toBe(422);
      expect(Object.keys(r.json.errors as object)).toEqual([field]);
    }
  });

  it('lets staff without personal data rename and score but not write notes (403)', async () => {
    const friend = await t.factory.friend(channelId(), { notes: 'keep' });
    const put = (body: Record<string, unknown>) =>
      call({ method: 'PUT', path: `/service/friends/${friend.id}`, body, token: noPersonalToken });
    const renamed = await put({ display_name: '新しい名前', score: 3 });
    expect(renamed.status).toBe(200);
    expect(renamed.json.data).toMatchObject({ display_name: '新しい名前', score: 3, notes: null });
    const refused = await put({ notes: 'changed' });
    expect(refused.status).toBe(403);
    expect(refused.json.errors).toBe(PERSONAL_DATA_MESSAGE);
    const [row] = await t.db.select().from(friends).where(eq(friends.id, friend.id));
    expect(row!.notes).toBe('keep');
    // View-only staff cannot edit at all.
    const viewer = await call({
      method: 'PUT',
      path: `/service/friends/${friend.id}`,
      body: { score: 1 },
      token: t.tenant.tokens.viewer,
    });
    expect(viewer.status).toBe(403);
  });

  it('answers 404 for another channel’s friend and changes nothing', async () => {
    const foreign = await t.factory.friend(t.other.channels[0]!.id, { displayName: 'theirs' });
    const r = await call({ method: 'PUT', path: `/service/friends/${foreign.id}`, body: { display_name: 'mine' } });
    expect(r.status).toBe(404);
    const [row] = await t.db.select().from(friends).where(eq(friends.id, foreign.id));
    expect(row!.displayNameOverride).toBeNull();
  });
});

describe('PUT /service/friends/:id/info_values', () => {
  it('checks each value against its field’s type; an empty value deletes it', async () => {
    const text = await t.factory.infoField(channelId(), { fieldType: 'text', sortIndex: 1 });
    const number = await t.factory.infoField(channelId(), { fieldType: 'number', sortIndex: 2 });
    const date = await t.factory.infoField(channelId(), { fieldType: 'date', sortIndex: 3 });
    const select = await t.factory.infoField(channelId(), {
      fieldType: 'select',
      options: ['ゴールド', 'シルバー'],
      sortIndex: 4,
    });
    const friend = await t.factory.friend(channelId());
    const r = await putValues(friend.id, [
      { field_id: text.id, value: '  東京都  ' },
      { field_id: number.id, value: '－１２.５' },
      { field_id: date.id, value: '2000-02-29' },
      { field_id: select.id, value: 'シルバー' },
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(outputOf(friendsApi.setInfoValues, r).data.info_values).toEqual([
      { field_id: text.id, value: '東京都' },
      // Full-width digits and signs are stored as ASCII.
      { field_id: number.id, value: '-12.5' },
      { field_id: date.id, value: '2000-02-29' },
      { field_id: select.id, value: 'シルバー' },
    ]);

    const cleared = await putValues(friend.id, [
      { field_id: text.id, value: '' },
      { field_id: number.id, value: '3' },
    ]);
    expect(outputOf(friendsApi.setInfoValues, cleared).data.info_values).toEqual([
      { field_id: number.id, value: '3' },
      { field_id: date.id, value: '2000-02-29' },
      { field_id: select.id, value: 'シルバー' },
    ]);
  });

  it('refuses values that do not fit (422 per value) and saves none of them', async () => {
    const number = await t.factory.infoField(channelId(), { fieldType: 'number' });
    const date = await t.factory.infoField(channelId(), { fieldType: 'date' });
    const select = await t.factory.infoField(channelId(), { fieldType: 'select', options: ['A'] });
    const text = await t.factory.infoField(channelId(), { fieldType: 'text' });
    const foreignField = await t.factory.infoField(t.other.channels[0]!.id, { fieldType: 'text' });
    const siblingField = await t.factory.infoField(t.tenant.channels[1]!.id, { fieldType: 'text' });
    const friend = await t.factory.friend(channelId(), { info: { [text.id]: 'before' } });

    const cases: [{ field_id: number; value: string }, string, string][] = [
      [{ field_id: number.id, value: '12a' }, 'value', NUMBER_MESSAGE],
      [{ field_id: number.id, value: 'Infinity' }, 'value', NUMBER_MESSAGE],
      [{ field_id: number.id, value: '1e999' }, 'value', NUMBER_MESSAGE],
      [{ field_id: date.id, value: '2023-02-29' }, 'value', DATE_MESSAGE],
      [{ field_id: date.id, value: '2023/01/01' }, 'value', DATE_MESSAGE],
      [{ field_id: select.id, value: 'B' }, 'value', OPTION_MESSAGE],
      [{ field_id: foreignField.id, value: 'x' }, 'field_id', UNKNOWN_FIELD_MESSAGE],
      [{ field_id: siblingField.id, value: 'x' }, 'field_id', UNKNOWN_FIELD_MESSAGE],
    ];
    for (const [entry, key, message] of cases) {
      const r = await putValues(friend.id, [{ field_id: text.id, value: 'after' }, entry]);
      expect(r.status, JSON.stringify(entry)).toBe(422);
      expect(r.json.errors, JSON.stringify(entry)).toEqual({ [`values.1.${key}`]: { description: message } });
    }
    const repeated = await putValues(friend.id, [
      { field_id: text.id, value: 'a' },
      { field_id: text.id, value: 'b' },
    ]);
    expect(repeated.json.errors).toEqual({ 'values.1.field_id': { description: REPEATED_FIELD_MESSAGE } });
    const long = await putValues(friend.id, [{ field_id: text.id, value: 'x'.repeat(1001) }]);
    expect(long.status).toBe(422);
    expect(Object.keys(long.json.errors as object)).toEqual(['values.0.value']);
    expect((await putValues(friend.id, [])).status).toBe(422);
    expect(await storedValues(friend.id)).toEqual([[text.id, 'before']]);
  });

  it('refuses staff without personal data (403), another channel’s friend (404) and view-only staff (403)', async () => {
    const text = await t.factory.infoField(channelId());
    const friend = await t.factory.friend(channelId());
    const refused = await putValues(friend.id, [{ field_id: text.id, value: 'x' }], noPersonalToken);
    expect(refused.status).toBe(403);
    expect(refused.json.errors).toBe(PERSONAL_DATA_MESSAGE);
    expect((await putValues(friend.id, [{ field_id: text.id, value: 'x' }], t.tenant.tokens.viewer)).status).toBe(403);
    const foreign = await t.factory.friend(t.other.channels[0]!.id);
    expect((await putValues(foreign.id, [{ field_id: text.id, value: 'x' }])).status).toBe(404);
    expect(await storedValues(friend.id)).toEqual([]);
    expect(await storedValues(foreign.id)).toEqual([]);
  });
});
