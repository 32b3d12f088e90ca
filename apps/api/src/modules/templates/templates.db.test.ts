import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { makePng } from '@linq/line-simulator';
import {
  MESSAGE_TYPES,
  newColumn,
  permissionsWith,
  TEMPLATE_PAGE_SIZE,
  type MessageType,
  type TemplateDetail,
  type TemplateListItem,
  type TemplateSavePayload,
  type UploadedImage,
} from '@linq/contract';
import { startTestApp, type TestApp, type TestRequest } from '../../test/harness.ts';
import type { Tenant } from '../../test/factory.ts';
import { folders } from '../folders/schema.ts';
import { messageTemplateActions } from './schema.ts';
import { UNSAVED_ITEM_MESSAGE } from './items.ts';
import {
  FOLDER_FIELD,
  FOLDER_MESSAGE,
  MESSAGE_TYPE_FIELD,
  NAME_FIELD,
  NAME_REQUIRED_MESSAGE,
  NAME_TOO_LONG_MESSAGE,
  TEMPLATE_BOX_LAYOUT,
  TYPE_CHANGED_MESSAGE,
} from './service.ts';
import { action, idsOf, messageOf, multipartImage, payloadOf, stateOf, withoutItemIds } from './test-support.ts';

let t: TestApp;
let tenant: Tenant;
let other: Tenant;
beforeAll(async () => {
  t = await startTestApp();
  tenant = await t.factory.tenant();
  other = await t.factory.tenant();
});
afterAll(() => t.stop());

const BASE = '/service/templates';
const channel = (n: 0 | 1) => tenant.channels[n]!.id;
const db = () => t.runtime.ctx.database.db;
const asStaff = (request: Omit<TestRequest, 'token'>, token = tenant.tokens.staff) =>
  t.request({ lineAccountId: channel(0), ...request, token });

async function create(payload: TemplateSavePayload, lineAccountId = channel(0)): Promise<TemplateDetail> {
  const response = await asStaff({ method: 'POST', path: BASE, body: payload, lineAccountId });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.json as unknown as TemplateDetail;
}
const createOf = (type: MessageType, template: Parameters<typeof payloadOf>[1] = {}) =>
  create(payloadOf(messageOf(type), template));
async function update(detail: TemplateDetail, payload: TemplateSavePayload) {
  return asStaff({ method: 'PUT', path: `${BASE}/${detail.plan.id}`, body: payload });
}
const actionRows = (templateId: number) =>
  db()
    .select()
    .from(messageTemplateActions)
    .where(eq(messageTemplateActions.templateId, templateId))
    .orderBy(asc(messageTemplateActions.id));
async function templatesFolder(lineAccountId = channel(0), folderType: 'templates' | 'tags' = 'templates') {
  const [row] = await db()
    .insert(folders)
    .values({ scope: 'service', lineAccountId, folderType, name: `F ${Math.random()}` })
    .returning();
  return row!;
}
async function list(query: Record<string, string | number> = {}) {
  const response = await asStaff({ method: 'GET', path: BASE, query });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.json as unknown as { data: TemplateListItem[]; total_item_count: number; pagination: unknown };
}

describe('creating and reading templates', () => {
  it.each(MESSAGE_TYPES)(
    'saves a %s template and answers it as a plan of one box, every item with an id',
    async (type) => {
      const message = messageOf(type);
      const detail = await create(payloadOf(message, { name: `  ${type} の例  ` }));
      expect(detail.plan).toMatchObject({ name: `${type} の例`, message_type: type, folder_id: null });
      expect(detail.plan_timings).toEqual([]);
      expect(detail.plan_actions).toHaveLength(1);
      const [box] = detail.plan_actions;
      expect(box).toMatchObject({
        ...TEMPLATE_BOX_LAYOUT,
        id: null,
        box_level: 0,
        box_index: 0,
        parent_box_id: null,
        parent_box_ids: [],
        diagram_hide: false,
        diagram_hide_children: false,
        message_type: type,
        should_empty: false,
        use_template: true,
      });
      expect(withoutItemIds(box!.message)).toEqual(withoutItemIds(message));
      const ids = idsOf(box!.message);
      expect(ids.length).toBeGreaterThan(0);
      expect(new Set(ids).size).toBe(ids.length);
      expect(JSON.stringify(box!.message)).not.toContain('form_random_id');

      const read = await asStaff({ method: 'GET', path: `${BASE}/${detail.plan.id}` });
      expect(read.status).toBe(200);
      expect(read.json).toEqual(detail);

      // Every button, quick-reply item and tap area is a row a tap finds, with its label and score.
      const taps = [
        ...(box!.message.message_confirm?.message_actions ?? []),
        ...(box!.message.message_quick_reply?.message_actions ?? []),
        ...(box!.message.message_columns ?? []).flatMap((c) => c.message_actions),
        ...(box!.message.message_image_carousels ?? []).flatMap((c) => c.link_urls),
      ];
      const rows = await actionRows(detail.plan.id);
      expect(rows.map((r) => [r.id, r.label, r.actionType, r.score, r.lineAccountId])).toEqual(
        taps
          .map((a) => [a.id, a.label, a.action_type, a.score?.value ?? 0, channel(0)])
          .sort((x, y) => (x[0] as number) - (y[0] as number)),
      );
    },
  );

  it('keeps only the parts of the message its type uses', async () => {
    const carousel = messageOf('carousel');
    const mixed = {
      ...messageOf('text_message'),
      message_columns: carousel.message_columns,
      image_url: 'https://x.example/a.png',
    };
    const detail = await create(payloadOf(mixed));
    const saved = detail.plan_actions[0]!.message;
    expect(saved).toMatchObject({ message_type: 'text_message', message_columns: null, image_url: null });
    expect(await actionRows(detail.plan.id)).toEqual([]);
    // An action keeps only its own type's field.
    const confirm = messageOf('confirm');
    confirm.message_confirm!.message_actions[0] = {
      ...action('postback', 'はい'),
      text: 'left over',
      uri: 'https://x.example',
    };
    const answer = (await create(payloadOf(confirm))).plan_actions[0]!.message.message_confirm!.message_actions[0]!;
    expect(answer).toMatchObject({ action_type: 'postback', text: null, uri: null, display_text: 'はいを選びました' });
  });
});

describe('saving a template again', () => {
  it('keeps the ids of unchanged and changed items, gives new items ids and drops removed ones', async () => {
    const created = await createOf('carousel');
    const before = created.plan_actions[0]!.message;
    const state = stateOf(created);
    const [first] = state.message.message_columns!;
    first!.message_actions[0] = {
      ...first!.message_actions[0]!,
      label: '春を予約する',
      score: { ...first!.message_actions[0]!.score!, value: 50 },
    };
    first!.text = '内容を変えました';
    const added = {
      ...newColumn(0),
      title: '秋のセット',
      text: '秋のご案内',
      message_actions: [action('postback', '秋', 1), action('message', '質問')],
    };
    state.message.message_columns = [first!, added];

    const response = await update(created, payloadOf(state.message, state.template, state.id));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const after = (response.json as unknown as TemplateDetail).plan_actions[0]!.message;
    expect(after.id).toBe(before.id);
    const [keptColumn, newColumnSaved] = after.message_columns!;
    expect(keptColumn!.id).toBe(before.message_columns![0]!.id);
    expect(keptColumn!.text).toBe('内容を変えました');
    expect(keptColumn!.message_actions.map((a) => a.id)).toEqual(
      before.message_columns![0]!.message_actions.map((a) => a.id),
    );
    expect(keptColumn!.message_actions[0]!.score).toEqual({
      id: before.message_columns![0]!.message_actions[0]!.score!.id,
      value: 50,
    });
    const previousIds = new Set(idsOf(before));
    const newIds = idsOf(newColumnSaved);
    // The column, its two actions and the postback's score (the message action has none).
    expect(newIds).toHaveLength(4);
    expect(newIds.filter((id) => previousIds.has(id))).toEqual([]);
    const removed = idsOf(before.message_columns![1]);
    expect(idsOf(after).filter((id) => removed.includes(id))).toEqual([]);

    const rows = await actionRows(created.plan.id);
    const tappable = after.message_columns!.flatMap((c) => c.message_actions);
    expect(rows.map((r) => r.id).sort()).toEqual(tappable.map((a) => a.id).sort());
    expect(rows.find((r) => r.id === tappable[0]!.id)).toMatchObject({ label: '春を予約する', score: 50 });
  });

  it('refuses a change of message type (422)', async () => {
    const created = await createOf('text_message');
    const response = await update(created, payloadOf(messageOf('sticker'), {}, created.plan.id));
    expect(response.status).toBe(422);
    expect(response.json.errors).toEqual({ [MESSAGE_TYPE_FIELD]: { description: TYPE_CHANGED_MESSAGE } });
  });

  it('refuses ids the template does not have: another template’s, another kind’s, repeated, or on create (422)', async () => {
    const mine = await createOf('confirm');
    const another = await createOf('confirm');
    const theirs = (await create(payloadOf(messageOf('confirm')), channel(1))).plan_actions[0]!.message;
    const saved = stateOf(mine);
    const actionPath = (index: number) =>
      `message_attributes.message_confirm_attributes.message_actions_attributes.${index}.id`;
    const attempt = async (mutate: (state: ReturnType<typeof stateOf>) => void) => {
      const state = structuredClone(saved);
      mutate(state);
      const response = await update(mine, payloadOf(state.message, state.template, state.id));
      expect(response.status, JSON.stringify(response.body)).toBe(422);
      return response.json.errors;
    };
    const otherAction = another.plan_actions[0]!.message.message_confirm!.message_actions[0]!.id;
    expect(await attempt((s) => (s.message.message_confirm!.message_actions[1]!.id = otherAction))).toEqual({
      [actionPath(1)]: { description: UNSAVED_ITEM_MESSAGE },
    });
    const foreign = theirs.message_confirm!.message_actions[0]!.id;
    expect(await attempt((s) => (s.message.message_confirm!.message_actions[0]!.id = foreign))).toEqual({
      [actionPath(0)]: { description: UNSAVED_ITEM_MESSAGE },
    });
    // The confirm's own id given to an action, and one action's id twice.
    const confirmId = saved.message.message_confirm!.id;
    expect(await attempt((s) => (s.message.message_confirm!.message_actions[0]!.id = confirmId))).toHaveProperty([
      actionPath(0),
    ]);
    const firstId = saved.message.message_confirm!.message_actions[0]!.id;
    expect(await attempt((s) => (s.message.message_confirm!.message_actions[1]!.id = firstId))).toHaveProperty([
      actionPath(1),
    ]);
    expect(await attempt((s) => (s.message.id = theirs.id))).toEqual({
      'message_attributes.id': { description: UNSAVED_ITEM_MESSAGE },
    });
    // A new template has no ids yet.
    const copied = await asStaff({ method: 'POST', path: BASE, body: payloadOf(saved.message) });
    expect(copied.status).toBe(422);
    expect(copied.json.errors).toHaveProperty(['message_attributes.id']);
    // Nothing changed.
    expect((await asStaff({ method: 'GET', path: `${BASE}/${mine.plan.id}` })).json).toEqual(mine);
  });
});

describe('validation', () => {
  it('answers every broken LINE rule and the name rule at once, keyed by the save format’s path', async () => {
    const carousel = messageOf('carousel');
    carousel.message_columns![0]!.message_actions[0]!.label = 'あ'.repeat(21);
    carousel.message_columns![1]!.message_actions[0]!.score = { id: null, value: 10_001 };
    const response = await asStaff({ method: 'POST', path: BASE, body: payloadOf(carousel, { name: '   ' }) });
    expect(response.status).toBe(422);
    expect(response.json.success).toBe(false);
    const errors = response.json.errors as Record<string, { description: string }>;
    expect(Object.keys(errors).sort()).toEqual([
      'message_attributes.message_columns_attributes.0.message_actions_attributes.0.label',
      'message_attributes.message_columns_attributes.1.message_actions_attributes.0.score_attributes.value',
      NAME_FIELD,
    ]);
    expect(errors[NAME_FIELD]).toEqual({ description: NAME_REQUIRED_MESSAGE });
    expect(
      errors['message_attributes.message_columns_attributes.0.message_actions_attributes.0.label']!.description,
    ).toMatch(/20/);

    const long = await asStaff({
      method: 'POST',
      path: BASE,
      body: payloadOf({ ...messageOf('text_message'), text: 'あ'.repeat(5001) }, { name: 'あ'.repeat(101) }),
    });
    expect(long.status).toBe(422);
    expect(long.json.errors).toMatchObject({
      'message_attributes.text': { description: expect.stringContaining('5000') },
      [NAME_FIELD]: { description: NAME_TOO_LONG_MESSAGE },
    });
    const quickReply = messageOf('quick_reply');
    quickReply.message_quick_reply!.message_actions = Array.from({ length: 14 }, (_, i) =>
      action('message', `候補${i}`),
    );
    const tooMany = await asStaff({ method: 'POST', path: BASE, body: payloadOf(quickReply) });
    expect(tooMany.json.errors).toHaveProperty([
      'message_attributes.message_quick_reply_attributes.message_actions_attributes',
    ]);
    expect((await list({ name: 'あああ' })).data).toEqual([]);
    // Exactly at the limits is fine.
    await create(payloadOf({ ...messageOf('text_message'), text: 'あ'.repeat(5000) }, { name: 'い'.repeat(100) }));
  });

  it('refuses a body that is not the save format (422)', async () => {
    const payload = payloadOf(messageOf('text_message')) as Record<string, unknown>;
    const { template_attributes: _omitted, ...withoutTemplate } = payload;
    expect((await asStaff({ method: 'POST', path: BASE, body: withoutTemplate })).status).toBe(422);
    const badType = {
      ...payload,
      message_attributes: { ...(payload.message_attributes as object), message_type: 'video' },
    };
    expect((await asStaff({ method: 'POST', path: BASE, body: badType })).status).toBe(422);
  });
});

describe('folders', () => {
  it('takes a templates folder of the channel; another type, another channel’s or an admin folder is 422', async () => {
    const folder = await templatesFolder();
    const created = await createOf('text_message', { folder_id: folder.id });
    expect(created.plan.folder_id).toBe(folder.id);
    const [admin] = await db()
      .insert(folders)
      .values({ scope: 'admin', lineAccountId: null, folderType: 'templates', name: `admin ${Math.random()}` })
      .returning();
    for (const wrong of [
      (await templatesFolder(channel(0), 'tags')).id,
      (await templatesFolder(channel(1))).id,
      admin!.id,
    ]) {
      const response = await asStaff({
        method: 'POST',
        path: BASE,
        body: payloadOf(messageOf('text_message'), { folder_id: wrong }),
      });
      expect(response.status).toBe(422);
      expect(response.json.errors).toEqual({ [FOLDER_FIELD]: { description: FOLDER_MESSAGE } });
      const moved = await update(created, payloadOf(stateOf(created).message, { folder_id: wrong }, created.plan.id));
      expect(moved.status).toBe(422);
    }
    // Deleting the folder leaves its templates outside any folder.
    await asStaff({ method: 'DELETE', path: `/service/folders/${folder.id}` });
    expect((await asStaff({ method: 'GET', path: `${BASE}/${created.plan.id}` })).json.plan).toMatchObject({
      folder_id: null,
    });
  });
});

describe('the template list', () => {
  it('filters by type, folder and name (% and _ taken literally), newest update first, in pages, with folder names', async () => {
    const lineAccountId = (await t.factory.lineAccount(tenant.account.id)).id;
    const staff = await t.factory.user('service', {
      accountId: tenant.account.id,
      staffAuthorityId: tenant.fullAuthority.id,
      lineAccountIds: [lineAccountId],
    });
    const token = await t.factory.login('service', staff.email);
    const folder = await templatesFolder(lineAccountId);
    const inChannel = (request: Omit<TestRequest, 'token' | 'lineAccountId'>) =>
      t.request({ ...request, token, lineAccountId });
    const made: TemplateDetail[] = [];
    for (const [name, type, folderId] of [
      ['100%_割引', 'text_message', folder.id],
      ['100 割引', 'text_message', null],
      ['週末セール', 'carousel', folder.id],
      ['ありがとう', 'sticker', null],
    ] as const) {
      const response = await inChannel({
        method: 'POST',
        path: BASE,
        body: payloadOf(messageOf(type), { name, folder_id: folderId }),
      });
      expect(response.status).toBe(201);
      made.push(response.json as unknown as TemplateDetail);
    }
    const names = async (query: Record<string, string | number>) => {
      const response = await inChannel({ method: 'GET', path: BASE, query });
      expect(response.status).toBe(200);
      return (response.json.data as TemplateListItem[]).map((item) => item.name);
    };
    expect(await names({})).toEqual(['ありがとう', '週末セール', '100 割引', '100%_割引']);
    expect(await names({ message_type: 'text_message' })).toEqual(['100 割引', '100%_割引']);
    expect(await names({ folder_id: folder.id })).toEqual(['週末セール', '100%_割引']);
    expect(await names({ name: '%' })).toEqual(['100%_割引']);
    expect(await names({ name: '_' })).toEqual(['100%_割引']);
    expect(await names({ name: '割引' })).toEqual(['100 割引', '100%_割引']);
    expect(await names({ name: 'セール', message_type: 'text_message' })).toEqual([]);

    // A save moves the template to the top.
    const oldest = made[0]!;
    expect(
      (
        await inChannel({
          method: 'PUT',
          path: `${BASE}/${oldest.plan.id}`,
          body: payloadOf(stateOf(oldest).message, { name: '100%_割引', folder_id: folder.id }, oldest.plan.id),
        })
      ).status,
    ).toBe(200);
    const page = await inChannel({ method: 'GET', path: BASE, query: { page: 2, limit: 3 } });
    expect(page.json).toMatchObject({ total_item_count: 4, pagination: { current: 2, pageSize: 3 } });
    expect((page.json.data as TemplateListItem[]).map((i) => i.name)).toEqual(['100 割引']);
    const first = (await inChannel({ method: 'GET', path: BASE })).json as unknown as {
      data: TemplateListItem[];
      pagination: unknown;
    };
    expect(first.pagination).toEqual({ current: 1, pageSize: TEMPLATE_PAGE_SIZE });
    expect(first.data[0]).toMatchObject({
      name: '100%_割引',
      folder_id: folder.id,
      folder_name: folder.name,
      message_type: 'text_message',
    });
    const read = (await inChannel({ method: 'GET', path: `${BASE}/${oldest.plan.id}` }))
      .json as unknown as TemplateDetail;
    expect(first.data[0]!.message).toEqual(read.plan_actions[0]!.message);
    expect(first.data.find((i) => i.name === 'ありがとう')).toMatchObject({ folder_id: null, folder_name: null });
    // Other channels' templates never show.
    expect((await list()).data.map((i) => i.id)).not.toContain(oldest.plan.id);
  });
});

describe('copy and delete', () => {
  it('copies with the suffix, fresh ids for every item, into the given folder or the original’s', async () => {
    const folder = await templatesFolder();
    const original = await createOf('carousel', { name: 'キャンペーン', folder_id: folder.id });
    const copied = await asStaff({ method: 'POST', path: `${BASE}/${original.plan.id}/copy`, body: {} });
    expect(copied.status, JSON.stringify(copied.body)).toBe(201);
    const copy = copied.json as unknown as TemplateDetail;
    expect(copy.plan).toMatchObject({ name: 'キャンペーンのコピー', folder_id: folder.id, message_type: 'carousel' });
    expect(copy.plan.id).not.toBe(original.plan.id);
    const originalIds = idsOf(original.plan_actions[0]!.message);
    const copyIds = idsOf(copy.plan_actions[0]!.message);
    expect(copyIds).toHaveLength(originalIds.length);
    expect(copyIds.filter((id) => originalIds.includes(id))).toEqual([]);
    expect(withoutItemIds(copy.plan_actions[0]!.message)).toEqual(withoutItemIds(original.plan_actions[0]!.message));
    expect((await actionRows(copy.plan.id)).map((r) => r.label)).toEqual(
      (await actionRows(original.plan.id)).map((r) => r.label),
    );

    const unfiled = await asStaff({
      method: 'POST',
      path: `${BASE}/${original.plan.id}/copy`,
      body: { folder_id: null },
    });
    expect((unfiled.json as unknown as TemplateDetail).plan.folder_id).toBeNull();
    const elsewhere = await asStaff({
      method: 'POST',
      path: `${BASE}/${original.plan.id}/copy`,
      body: { folder_id: (await templatesFolder(channel(1))).id },
    });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.json.errors).toEqual({ folder_id: { description: FOLDER_MESSAGE } });

    // The copy's name stays within 100 characters, the suffix kept.
    const long = await createOf('text_message', { name: 'あ'.repeat(100) });
    const longCopy = await asStaff({ method: 'POST', path: `${BASE}/${long.plan.id}/copy`, body: {} });
    expect((longCopy.json as unknown as TemplateDetail).plan.name).toBe(`${'あ'.repeat(96)}のコピー`);
  });

  it('deletes a template with its actions; another channel’s template is 404 for every route', async () => {
    const created = await createOf('confirm');
    expect((await actionRows(created.plan.id)).length).toBe(2);
    const theirs = await create(payloadOf(messageOf('text_message')), channel(1));
    const id = theirs.plan.id;
    expect((await asStaff({ method: 'GET', path: `${BASE}/${id}` })).status).toBe(404);
    expect(
      (await asStaff({ method: 'PUT', path: `${BASE}/${id}`, body: payloadOf(messageOf('text_message'), {}, id) }))
        .status,
    ).toBe(404);
    expect((await asStaff({ method: 'DELETE', path: `${BASE}/${id}` })).status).toBe(404);
    expect((await asStaff({ method: 'POST', path: `${BASE}/${id}/copy`, body: {} })).status).toBe(404);
    expect((await asStaff({ method: 'GET', path: `${BASE}/${id}`, lineAccountId: channel(1) })).status).toBe(200);

    const removed = await asStaff({ method: 'DELETE', path: `${BASE}/${created.plan.id}` });
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ data: { id: created.plan.id } });
    expect((await asStaff({ method: 'GET', path: `${BASE}/${created.plan.id}` })).status).toBe(404);
    expect(await actionRows(created.plan.id)).toEqual([]);
    expect((await asStaff({ method: 'DELETE', path: `${BASE}/${created.plan.id}` })).status).toBe(404);
  });
});

describe('permissions', () => {
  it('lets view-only staff list and read but not save, delete, copy or upload (403)', async () => {
    const created = await createOf('text_message');
    const viewer = tenant.tokens.viewer;
    expect((await asStaff({ method: 'GET', path: BASE }, viewer)).status).toBe(200);
    expect((await asStaff({ method: 'GET', path: `${BASE}/${created.plan.id}` }, viewer)).status).toBe(200);
    const payload = payloadOf(stateOf(created).message, {}, created.plan.id);
    expect(
      (await asStaff({ method: 'POST', path: BASE, body: payloadOf(messageOf('text_message')) }, viewer)).status,
    ).toBe(403);
    expect((await asStaff({ method: 'PUT', path: `${BASE}/${created.plan.id}`, body: payload }, viewer)).status).toBe(
      403,
    );
    expect((await asStaff({ method: 'DELETE', path: `${BASE}/${created.plan.id}` }, viewer)).status).toBe(403);
    expect((await asStaff({ method: 'POST', path: `${BASE}/${created.plan.id}/copy`, body: {} }, viewer)).status).toBe(
      403,
    );
    expect((await upload(viewer)).status).toBe(403);
    // The viewer is not assigned the second channel; other tenants' staff none of ours.
    expect((await asStaff({ method: 'GET', path: BASE, lineAccountId: channel(1) }, viewer)).status).toBe(403);
    expect((await asStaff({ method: 'GET', path: BASE }, other.tokens.staff)).status).toBe(403);
    expect((await t.request({ method: 'GET', path: BASE, lineAccountId: channel(0) })).status).toBe(401);
    expect(
      (await t.request({ method: 'GET', path: BASE, lineAccountId: channel(0), token: tenant.tokens.owner })).status,
    ).toBe(401);
  });

  it('uploads template images with templates edit, without the send_messages capability', async () => {
    const authority = await t.factory.staffAuthority(tenant.account.id, {
      ...permissionsWith('none', false),
      features: { ...permissionsWith('none', false).features, templates: 'edit' },
    });
    const editor = await t.factory.user('service', {
      accountId: tenant.account.id,
      staffAuthorityId: authority.id,
      lineAccountIds: [channel(0)],
    });
    const response = await upload(await t.factory.login('service', editor.email));
    expect(response.status, JSON.stringify(response.json)).toBe(201);
    const image = response.json.data!;
    expect(image.originalContentUrl).toMatch(/\/files\/[0-9a-f]{48}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: new URL(image.originalContentUrl).pathname });
    expect(served.statusCode).toBe(200);
    // The image goes into an image template as its address.
    await create(payloadOf({ ...messageOf('image'), image_url: image.originalContentUrl }));
    const wrongFile = await upload(tenant.tokens.staff, Buffer.from('GIF89a'));
    expect(wrongFile.status).toBe(422);
  });
});

/** A multipart upload of one PNG to the templates' image route. */
async function upload(token: string, bytes: Buffer = makePng(40, 30)) {
  const body = multipartImage(bytes);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api${BASE}/images`,
    headers: { 'content-type': body.contentType, authorization: `Bearer ${token}`, lineaccountid: String(channel(0)) },
    payload: body.payload,
  });
  return { status: response.statusCode, json: response.json<{ data?: UploadedImage; errors?: unknown }>() };
}
