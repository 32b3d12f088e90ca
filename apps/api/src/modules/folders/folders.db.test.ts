import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FOLDER_PAGE_SIZE, FOLDER_TYPES, permissionsWith, type Folder } from '@linq/contract';
import { startTestApp, type TestApp, type TestRequest } from '../../test/harness.ts';
import type { Tenant } from '../../test/factory.ts';
import { folders } from './schema.ts';
import { DUPLICATE_NAME_MESSAGE } from './service.ts';

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

const SERVICE = '/service/folders';
const ADMIN = '/admin/folders';
const unique = () => Math.random().toString(36).slice(2, 8);
const channel = (n: 0 | 1) => tenant.channels[n]!.id;
/** Full-permission staff in the tenant's first channel unless told otherwise. */
const asStaff = (request: Omit<TestRequest, 'token'>, token = tenant.tokens.staff) =>
  t.request({ lineAccountId: channel(0), ...request, token });
const asAdmin = (request: Omit<TestRequest, 'token'>) => t.request({ ...request, token: adminToken });

async function createFolder(body: Record<string, unknown>, lineAccountId = channel(0)): Promise<Folder> {
  const r = await asStaff({ method: 'POST', path: SERVICE, lineAccountId, body: { name: `F ${unique()}`, ...body } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.json.data as Folder;
}
const listIds = async (query: Record<string, string | number>, lineAccountId = channel(0)) => {
  const r = await asStaff({ method: 'GET', path: SERVICE, query, lineAccountId });
  expect(r.status).toBe(200);
  return (r.json.data as Folder[]).map((f) => f.id);
};

describe('service folders', () => {
  it('creates, lists, renames and deletes a folder of the channel', async () => {
    const created = await asStaff({
      method: 'POST',
      path: SERVICE,
      body: { folder_type: 'tags', name: '  キャンペーン  ', sort_index: 3, type: 'tags' },
    });
    expect(created.status).toBe(201);
    const folder = created.json.data as Folder;
    expect(created.json).toEqual({
      data: { id: folder.id, name: 'キャンペーン', sort_index: 3, folder_type: 'tags' },
      pagination: { current: 1, pageSize: FOLDER_PAGE_SIZE },
    });

    const list = await asStaff({ method: 'GET', path: SERVICE, query: { folder_type: 'tags' } });
    expect(list.status).toBe(200);
    expect(list.json).toEqual({
      data: [folder],
      total_item_count: 1,
      pagination: { current: 1, pageSize: FOLDER_PAGE_SIZE },
    });

    const renamed = await asStaff({
      method: 'PUT',
      path: `${SERVICE}/${folder.id}`,
      body: { name: ' 新規 ', sort_index: 5 },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toEqual({ data: { ...folder, name: '新規', sort_index: 5 } });

    const removed = await asStaff({ method: 'DELETE', path: `${SERVICE}/${folder.id}` });
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({
      data: { ...folder, name: '新規', sort_index: 5 },
      pagination: { current: 1, pageSize: FOLDER_PAGE_SIZE },
    });
    expect(await listIds({ folder_type: 'tags' })).toEqual([]);
    expect((await asStaff({ method: 'DELETE', path: `${SERVICE}/${folder.id}` })).status).toBe(404);
  });

  it('sends a null or missing sort_index as 0', async () => {
    const nulled = await createFolder({ folder_type: 'marks', sort_index: null });
    const missing = await createFolder({ folder_type: 'marks' });
    expect([nulled.sort_index, missing.sort_index]).toEqual([0, 0]);
    const r = await asStaff({ method: 'PUT', path: `${SERVICE}/${nulled.id}`, body: { name: 'x', sort_index: null } });
    expect((r.json.data as Folder).sort_index).toBe(0);
  });

  it('lists one type of the channel by sort_index then id, in pages', async () => {
    const c = await createFolder({ folder_type: 'plans', sort_index: 2 });
    const a = await createFolder({ folder_type: 'plans', sort_index: 0 });
    const b = await createFolder({ folder_type: 'plans', sort_index: 0 });
    const d = await createFolder({ folder_type: 'plans', sort_index: 1 });
    await createFolder({ folder_type: 'forms' });
    await createFolder({ folder_type: 'plans' }, channel(1));
    expect(await listIds({ folder_type: 'plans' })).toEqual([a.id, b.id, d.id, c.id]);

    const page2 = await asStaff({ method: 'GET', path: SERVICE, query: { folder_type: 'plans', page: 2, limit: 3 } });
    expect(page2.json).toMatchObject({ total_item_count: 4, pagination: { current: 2, pageSize: 3 } });
    expect((page2.json.data as Folder[]).map((f) => f.id)).toEqual([c.id]);
  });

  it('answers the page a created or deleted folder is on, with the default page size', async () => {
    const rows = Array.from({ length: FOLDER_PAGE_SIZE }, (_, i) => ({
      scope: 'service' as const,
      lineAccountId: channel(1),
      folderType: 'inflows' as const,
      name: `bulk ${i}`,
      sortIndex: 10,
    }));
    await t.runtime.ctx.database.db.insert(folders).values(rows);
    const first = await asStaff({
      method: 'POST',
      path: SERVICE,
      lineAccountId: channel(1),
      body: { folder_type: 'inflows', name: 'first', sort_index: 0 },
    });
    expect(first.json.pagination).toEqual({ current: 1, pageSize: FOLDER_PAGE_SIZE });
    const last = await asStaff({
      method: 'POST',
      path: SERVICE,
      lineAccountId: channel(1),
      body: { folder_type: 'inflows', name: 'last', sort_index: 99 },
    });
    expect(last.json.pagination).toEqual({ current: 2, pageSize: FOLDER_PAGE_SIZE });
    const lastId = (last.json.data as Folder).id;
    const removed = await asStaff({ method: 'DELETE', path: `${SERVICE}/${lastId}`, lineAccountId: channel(1) });
    expect(removed.json.pagination).toEqual({ current: 2, pageSize: FOLDER_PAGE_SIZE });
    const removedFirst = await asStaff({
      method: 'DELETE',
      path: `${SERVICE}/${(first.json.data as Folder).id}`,
      lineAccountId: channel(1),
    });
    expect(removedFirst.json.pagination).toEqual({ current: 1, pageSize: FOLDER_PAGE_SIZE });
  });

  it('requires a trimmed name of at most 100 characters, unique per channel and type (422 on name)', async () => {
    const blank = await asStaff({ method: 'POST', path: SERVICE, body: { folder_type: 'tags', name: '   ' } });
    expect(blank.status).toBe(422);
    expect(blank.json.errors).toHaveProperty('name');
    const long = await asStaff({
      method: 'POST',
      path: SERVICE,
      body: { folder_type: 'tags', name: 'あ'.repeat(101) },
    });
    expect(long.status).toBe(422);
    expect(long.json.errors).toHaveProperty('name');
    expect((await createFolder({ folder_type: 'tags', name: 'あ'.repeat(100) })).name).toHaveLength(100);

    const taken = await createFolder({ folder_type: 'templates', name: '重複' });
    const again = await asStaff({ method: 'POST', path: SERVICE, body: { folder_type: 'templates', name: ' 重複 ' } });
    expect(again.status).toBe(422);
    expect(again.json).toEqual({ success: false, errors: { name: { description: DUPLICATE_NAME_MESSAGE } } });
    // Another type or another channel may use the name.
    await createFolder({ folder_type: 'marks', name: '重複' });
    await createFolder({ folder_type: 'templates', name: '重複' }, channel(1));

    const other = await createFolder({ folder_type: 'templates' });
    const rename = await asStaff({
      method: 'PUT',
      path: `${SERVICE}/${other.id}`,
      body: { name: '重複', sort_index: 0 },
    });
    expect(rename.status).toBe(422);
    expect(rename.json.errors).toEqual({ name: { description: DUPLICATE_NAME_MESSAGE } });
    const keep = await asStaff({
      method: 'PUT',
      path: `${SERVICE}/${taken.id}`,
      body: { name: '重複', sort_index: 4 },
    });
    expect(keep.status).toBe(200);
  });

  it('refuses an unknown folder type and a missing one', async () => {
    const r = await asStaff({ method: 'GET', path: SERVICE, query: { folder_type: 'friends' } });
    expect(r.status).toBe(422);
    expect((await asStaff({ method: 'GET', path: SERVICE })).status).toBe(422);
    const post = await asStaff({ method: 'POST', path: SERVICE, body: { name: 'x' } });
    expect(post.status).toBe(422);
  });

  it('answers 404 for another channel’s folder and changes nothing', async () => {
    const theirs = await createFolder({ folder_type: 'rich_menus', name: 'ch1' }, channel(1));
    const put = await asStaff({ method: 'PUT', path: `${SERVICE}/${theirs.id}`, body: { name: 'x', sort_index: 0 } });
    expect(put.status).toBe(404);
    expect((await asStaff({ method: 'DELETE', path: `${SERVICE}/${theirs.id}` })).status).toBe(404);
    expect(await listIds({ folder_type: 'rich_menus' })).not.toContain(theirs.id);
    const r = await asStaff({
      method: 'GET',
      path: SERVICE,
      query: { folder_type: 'rich_menus' },
      lineAccountId: channel(1),
    });
    expect(r.json.data).toEqual([theirs]);
  });

  it('lets view-only staff list but not create, rename or delete (403)', async () => {
    const folder = await createFolder({ folder_type: 'conversions' });
    const viewer = tenant.tokens.viewer;
    const list = await asStaff({ method: 'GET', path: SERVICE, query: { folder_type: 'conversions' } }, viewer);
    expect(list.status).toBe(200);
    expect((list.json.data as Folder[]).map((f) => f.id)).toContain(folder.id);
    const body = { folder_type: 'conversions', name: 'viewer' };
    expect((await asStaff({ method: 'POST', path: SERVICE, body }, viewer)).status).toBe(403);
    const put = await asStaff(
      { method: 'PUT', path: `${SERVICE}/${folder.id}`, body: { name: 'v', sort_index: 0 } },
      viewer,
    );
    expect(put.status).toBe(403);
    expect((await asStaff({ method: 'DELETE', path: `${SERVICE}/${folder.id}` }, viewer)).status).toBe(403);
    // The viewer is not assigned the second channel.
    const elsewhere = await asStaff(
      { method: 'GET', path: SERVICE, query: { folder_type: 'conversions' }, lineAccountId: channel(1) },
      viewer,
    );
    expect(elsewhere.status).toBe(403);
    expect((await asStaff({ method: 'GET', path: SERVICE, query: { folder_type: 'conversions' } })).json.data).toEqual([
      folder,
    ]);
  });

  it('checks the level of the folder type’s own feature', async () => {
    const tagsOnly = await t.factory.staffAuthority(tenant.account.id, {
      features: {
        ...permissionsWith('none', false).features,
        tags: 'edit',
        marks: 'view',
      },
      send_messages: false,
      personal_data: false,
    });
    const user = await t.factory.user('service', {
      accountId: tenant.account.id,
      staffAuthorityId: tagsOnly.id,
      lineAccountIds: [channel(0)],
    });
    const token = await t.factory.login('service', user.email);
    for (const type of FOLDER_TYPES) {
      const list = await asStaff({ method: 'GET', path: SERVICE, query: { folder_type: type } }, token);
      expect(list.status, type).toBe(type === 'tags' || type === 'marks' ? 200 : 403);
      const post = await asStaff({ method: 'POST', path: SERVICE, body: { folder_type: type, name: unique() } }, token);
      expect(post.status, type).toBe(type === 'tags' ? 201 : 403);
    }
    const mark = await createFolder({ folder_type: 'marks' });
    const put = await asStaff(
      { method: 'PUT', path: `${SERVICE}/${mark.id}`, body: { name: 'm', sort_index: 0 } },
      token,
    );
    expect(put.status).toBe(403);
  });

  it('needs a service session and a channel header', async () => {
    const query = { folder_type: 'tags' };
    expect((await t.request({ method: 'GET', path: SERVICE, query })).status).toBe(401);
    expect((await t.request({ method: 'GET', path: SERVICE, query, token: tenant.tokens.owner })).status).toBe(401);
    expect((await t.request({ method: 'GET', path: SERVICE, query, token: tenant.tokens.staff })).status).toBe(400);
  });
});

describe('admin folders', () => {
  it('keeps platform-wide folders apart from channel folders', async () => {
    const created = await asAdmin({
      method: 'POST',
      path: ADMIN,
      body: { folder_type: 'templates', name: ' 鉄板 ', sort_index: null },
    });
    expect(created.status).toBe(201);
    const folder = created.json.data as Folder;
    expect(created.json).toEqual({
      data: { id: folder.id, name: '鉄板', sort_index: 0, folder_type: 'templates' },
      pagination: { current: 1, pageSize: FOLDER_PAGE_SIZE },
    });
    const [row] = await t.runtime.ctx.database.db.select().from(folders).where(eq(folders.id, folder.id));
    expect(row).toMatchObject({ scope: 'admin', lineAccountId: null });

    const channelFolder = await createFolder({ folder_type: 'templates', name: '鉄板' });
    const list = await asAdmin({ method: 'GET', path: ADMIN, query: { folder_type: 'templates' } });
    expect(list.json).toEqual({
      data: [folder],
      total_item_count: 1,
      pagination: { current: 1, pageSize: FOLDER_PAGE_SIZE },
    });
    expect(await listIds({ folder_type: 'templates' })).not.toContain(folder.id);

    // Neither side reaches the other's folders.
    const put = { name: 'x', sort_index: 0 };
    expect((await asAdmin({ method: 'PUT', path: `${ADMIN}/${channelFolder.id}`, body: put })).status).toBe(404);
    expect((await asAdmin({ method: 'DELETE', path: `${ADMIN}/${channelFolder.id}` })).status).toBe(404);
    expect((await asStaff({ method: 'PUT', path: `${SERVICE}/${folder.id}`, body: put })).status).toBe(404);
    expect((await asStaff({ method: 'DELETE', path: `${SERVICE}/${folder.id}` })).status).toBe(404);

    const duplicate = await asAdmin({ method: 'POST', path: ADMIN, body: { folder_type: 'templates', name: '鉄板' } });
    expect(duplicate.status).toBe(422);
    expect(duplicate.json.errors).toEqual({ name: { description: DUPLICATE_NAME_MESSAGE } });

    const renamed = await asAdmin({
      method: 'PUT',
      path: `${ADMIN}/${folder.id}`,
      body: { name: '定番', sort_index: 2 },
    });
    expect(renamed.json).toEqual({ data: { ...folder, name: '定番', sort_index: 2 } });
    const removed = await asAdmin({ method: 'DELETE', path: `${ADMIN}/${folder.id}` });
    expect(removed.status).toBe(200);
    expect(removed.json).toMatchObject({ data: { id: folder.id }, pagination: { current: 1 } });
    expect((await asAdmin({ method: 'GET', path: ADMIN, query: { folder_type: 'templates' } })).json.data).toEqual([]);
  });

  it('answers 401 to every session but an administrator’s', async () => {
    for (const token of [tenant.tokens.owner, tenant.tokens.staff, tenant.tokens.agency]) {
      const r = await t.request({
        method: 'GET',
        path: ADMIN,
        query: { folder_type: 'tags' },
        token,
        lineAccountId: channel(0),
      });
      expect(r.status).toBe(401);
    }
  });
});
