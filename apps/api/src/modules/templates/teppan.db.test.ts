import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makePng } from '@linq/line-simulator';
import type { TemplateDetail, TemplateListItem, UploadedImage } from '@linq/contract';
import { startTestApp, type TestApp, type TestRequest } from '../../test/harness.ts';
import type { Tenant } from '../../test/factory.ts';
import { folders } from '../folders/schema.ts';
import { messageTemplateActions } from './schema.ts';
import { FOLDER_FIELD, FOLDER_MESSAGE } from './service.ts';
import { idsOf, messageOf, multipartImage, payloadOf, stateOf, withoutItemIds } from './test-support.ts';

let t: TestApp;
let tenant: Tenant;
let adminToken: string;
beforeAll(async () => {
  t = await startTestApp();
  tenant = await t.factory.tenant();
  const admin = await t.factory.user('admin');
  adminToken = await t.factory.login('admin', admin.email);
});
afterAll(() => t.stop());

const ADMIN = '/admin/teppan/templates';
const BROWSE = '/service/teppan/templates';
const CHANNEL = '/service/templates';
const channel = (n: 0 | 1) => tenant.channels[n]!.id;
const db = () => t.runtime.ctx.database.db;
const asAdmin = (request: Omit<TestRequest, 'token'>) => t.request({ ...request, token: adminToken });
const asStaff = (request: Omit<TestRequest, 'token'>, token = tenant.tokens.staff) =>
  t.request({ lineAccountId: channel(0), ...request, token });

async function folder(scope: 'admin' | 'service', name = `フォルダ ${Math.random()}`) {
  const [row] = await db()
    .insert(folders)
    .values({
      scope,
      lineAccountId: scope === 'admin' ? null : channel(0),
      folderType: 'templates',
      name,
    })
    .returning();
  return row!;
}
async function createTeppan(type: Parameters<typeof messageOf>[0], template: Parameters<typeof payloadOf>[1] = {}) {
  const response = await asAdmin({ method: 'POST', path: ADMIN, body: payloadOf(messageOf(type), template) });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.json as unknown as TemplateDetail;
}
const namesOf = (response: { json: { data?: unknown } }) =>
  (response.json.data as TemplateListItem[]).map((i) => i.name);

describe('teppan templates (administrators)', () => {
  it('creates, reads, saves, copies and deletes platform templates in admin folders', async () => {
    const greetings = await folder('admin', '挨拶');
    const created = await createTeppan('carousel', { name: '新商品のご案内', folder_id: greetings.id });
    expect(created.plan).toMatchObject({ name: '新商品のご案内', folder_id: greetings.id, message_type: 'carousel' });
    const actions = await db()
      .select()
      .from(messageTemplateActions)
      .where(eq(messageTemplateActions.templateId, created.plan.id));
    expect(actions.length).toBe(4);
    // No friend can tap a teppan template's actions: they belong to no channel.
    expect(actions.every((a) => a.lineAccountId === null)).toBe(true);

    expect((await asAdmin({ method: 'GET', path: `${ADMIN}/${created.plan.id}` })).json).toEqual(created);
    const state = stateOf(created);
    state.message.alt_text = '新商品';
    const saved = await asAdmin({
      method: 'PUT',
      path: `${ADMIN}/${created.plan.id}`,
      body: payloadOf(state.message, state.template, state.id),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const savedMessage = (saved.json as unknown as TemplateDetail).plan_actions[0]!.message;
    expect(savedMessage.alt_text).toBe('新商品');
    expect(idsOf(savedMessage)).toEqual(idsOf(created.plan_actions[0]!.message));

    const list = await asAdmin({ method: 'GET', path: ADMIN, query: { folder_id: greetings.id } });
    expect(list.json).toMatchObject({ total_item_count: 1 });
    expect((list.json.data as TemplateListItem[])[0]).toMatchObject({ name: '新商品のご案内', folder_name: '挨拶' });

    const copied = await asAdmin({ method: 'POST', path: `${ADMIN}/${created.plan.id}/copy`, body: {} });
    expect(copied.status).toBe(201);
    expect((copied.json as unknown as TemplateDetail).plan).toMatchObject({
      name: '新商品のご案内のコピー',
      folder_id: greetings.id,
    });

    const removed = await asAdmin({ method: 'DELETE', path: `${ADMIN}/${created.plan.id}` });
    expect(removed.json).toEqual({ data: { id: created.plan.id } });
    expect((await asAdmin({ method: 'GET', path: `${ADMIN}/${created.plan.id}` })).status).toBe(404);
  });

  it('takes admin template folders only, and never reaches channel templates', async () => {
    const channelFolder = await folder('service');
    const refused = await asAdmin({
      method: 'POST',
      path: ADMIN,
      body: payloadOf(messageOf('text_message'), { folder_id: channelFolder.id }),
    });
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual({ [FOLDER_FIELD]: { description: FOLDER_MESSAGE } });

    const mine = await asStaff({ method: 'POST', path: CHANNEL, body: payloadOf(messageOf('text_message')) });
    const id = (mine.json as unknown as TemplateDetail).plan.id;
    expect((await asAdmin({ method: 'GET', path: `${ADMIN}/${id}` })).status).toBe(404);
    expect((await asAdmin({ method: 'DELETE', path: `${ADMIN}/${id}` })).status).toBe(404);
    expect((await asAdmin({ method: 'GET', path: ADMIN })).json.data as TemplateListItem[]).not.toContainEqual(
      expect.objectContaining({ id }),
    );
  });

  it('answers 401 to every session but an administrator’s', async () => {
    for (const token of [tenant.tokens.owner, tenant.tokens.staff, tenant.tokens.agency]) {
      const response = await t.request({ method: 'GET', path: ADMIN, token, lineAccountId: channel(0) });
      expect(response.status).toBe(401);
    }
  });

  it('uploads an image for an administrator, served from the console’s own origin', async () => {
    const body = multipartImage(makePng(30, 20));
    const response = await t.app.inject({
      method: 'POST',
      url: `/api${ADMIN}/images`,
      headers: { 'content-type': body.contentType, authorization: `Bearer ${adminToken}` },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    const image = response.json<{ data: UploadedImage }>().data;
    expect(image.originalContentUrl).toMatch(/^http:\/\/localhost:\d+\/files\/[0-9a-f]{48}\.png$/);
    const staffUpload = await t.app.inject({
      method: 'POST',
      url: `/api${ADMIN}/images`,
      headers: { 'content-type': body.contentType, authorization: `Bearer ${tenant.tokens.staff}` },
      payload: body.payload,
    });
    expect(staffUpload.statusCode).toBe(401);
  });
});

describe('teppan templates offered to channels', () => {
  it('lists teppan templates (not the channel’s) with their folder names, to view-only staff too', async () => {
    const campaign = await folder('admin', 'キャンペーン');
    const teppan = await createTeppan('confirm', { name: 'ご来店確認', folder_id: campaign.id });
    await asStaff({ method: 'POST', path: CHANNEL, body: payloadOf(messageOf('confirm'), { name: 'チャネルの確認' }) });
    const list = await asStaff(
      { method: 'GET', path: BROWSE, query: { message_type: 'confirm' } },
      tenant.tokens.viewer,
    );
    expect(list.status).toBe(200);
    expect(namesOf(list)).toContain('ご来店確認');
    expect(namesOf(list)).not.toContain('チャネルの確認');
    expect((list.json.data as TemplateListItem[]).find((i) => i.id === teppan.plan.id)).toMatchObject({
      folder_id: campaign.id,
      folder_name: 'キャンペーン',
      message: teppan.plan_actions[0]!.message,
    });
    expect(namesOf(await asStaff({ method: 'GET', path: BROWSE, query: { name: '来店' } }))).toEqual(['ご来店確認']);
    // Teppan templates are not the channel's: its own routes do not find them.
    expect((await asStaff({ method: 'GET', path: `${CHANNEL}/${teppan.plan.id}` })).status).toBe(404);
    expect((await asStaff({ method: 'POST', path: `${CHANNEL}/${teppan.plan.id}/copy`, body: {} })).status).toBe(404);
  });

  it('copies a teppan template into the channel with fresh ids, into a channel templates folder or none', async () => {
    const teppan = await createTeppan('carousel', { name: '春のキャンペーン', folder_id: (await folder('admin')).id });
    const into = await folder('service');
    const copied = await asStaff({
      method: 'POST',
      path: `${BROWSE}/${teppan.plan.id}/copy`,
      body: { folder_id: into.id },
    });
    expect(copied.status, JSON.stringify(copied.body)).toBe(201);
    const copy = copied.json as unknown as TemplateDetail;
    expect(copy.plan).toMatchObject({ name: '春のキャンペーン', folder_id: into.id, message_type: 'carousel' });
    const teppanIds = idsOf(teppan.plan_actions[0]!.message);
    expect(idsOf(copy.plan_actions[0]!.message).filter((id) => teppanIds.includes(id))).toEqual([]);
    expect(withoutItemIds(copy.plan_actions[0]!.message)).toEqual(withoutItemIds(teppan.plan_actions[0]!.message));
    // The copy is the channel's: its actions can be tapped there.
    const actions = await db()
      .select()
      .from(messageTemplateActions)
      .where(eq(messageTemplateActions.templateId, copy.plan.id));
    expect(actions.map((a) => a.lineAccountId)).toEqual(actions.map(() => channel(0)));
    expect((await asStaff({ method: 'GET', path: `${CHANNEL}/${copy.plan.id}` })).status).toBe(200);

    const unfiled = await asStaff({ method: 'POST', path: `${BROWSE}/${teppan.plan.id}/copy`, body: {} });
    expect((unfiled.json as unknown as TemplateDetail).plan.folder_id).toBeNull();
    for (const wrong of [(await folder('admin')).id, teppan.plan.folder_id!]) {
      const response = await asStaff({
        method: 'POST',
        path: `${BROWSE}/${teppan.plan.id}/copy`,
        body: { folder_id: wrong },
      });
      expect(response.status).toBe(422);
      expect(response.json.errors).toEqual({ folder_id: { description: FOLDER_MESSAGE } });
    }
    // A channel template is not a teppan one; view-only staff cannot copy.
    expect((await asStaff({ method: 'POST', path: `${BROWSE}/${copy.plan.id}/copy`, body: {} })).status).toBe(404);
    const viewer = await asStaff(
      { method: 'POST', path: `${BROWSE}/${teppan.plan.id}/copy`, body: {} },
      tenant.tokens.viewer,
    );
    expect(viewer.status).toBe(403);
  });
});
