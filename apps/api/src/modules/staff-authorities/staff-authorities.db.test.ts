import { describe, expect, it } from 'vitest';
import { permissionsWith, sessionsApi, staffAuthoritiesApi as api, type Permissions } from '@linq/contract';
import { type TestRequest } from '../../test/harness.ts';
import { outputOf, useTestApp } from '../../test/kit.ts';
import type { Tenant } from '../../test/factory.ts';
import { DUPLICATE_NAME_MESSAGE, inUseMessage } from './service.ts';

const t = useTestApp({ tenants: 2 });

const PATH = '/account/staff_authorities';
const asOwner = (of: Tenant, request: Omit<TestRequest, 'token'>) => t.request({ ...request, token: of.tokens.owner });
const unique = () => Math.random().toString(36).slice(2, 8);

function customPermissions(): Permissions {
  const permissions = permissionsWith('none', false);
  return { ...permissions, features: { ...permissions.features, friends: 'edit', talks: 'view' }, send_messages: true };
}

async function createAuthority(of: Tenant, body: Record<string, unknown> = {}) {
  const r = await asOwner(of, {
    method: 'POST',
    path: PATH,
    body: { name: `権限 ${unique()}`, permissions: permissionsWith('view', false), ...body },
  });
  expect(r.status).toBe(201);
  return outputOf(api.create, r).data;
}

describe('staff authorities', () => {
  it('creates, reads, updates and deletes an authority', async () => {
    const created = await asOwner(t.tenant, {
      method: 'POST',
      path: PATH,
      body: { name: '  店舗スタッフ  ', description: '友だちとトーク', permissions: customPermissions() },
    });
    expect(created.status).toBe(201);
    const authority = outputOf(api.create, created).data;
    expect(authority).toMatchObject({
      name: '店舗スタッフ',
      description: '友だちとトーク',
      permissions: customPermissions(),
      user_count: 0,
    });
    expect(new Date(authority.created_at).toISOString()).toBe(authority.created_at);

    const read = await asOwner(t.tenant, { method: 'GET', path: `${PATH}/${authority.id}` });
    expect(read.status).toBe(200);
    expect(read.json.data).toEqual(authority);

    const updated = await asOwner(t.tenant, {
      method: 'PUT',
      path: `${PATH}/${authority.id}`,
      body: { id: authority.id, name: '店長', permissions: permissionsWith('edit', true) },
    });
    expect(updated.status).toBe(200);
    expect(updated.json.data).toMatchObject({
      id: authority.id,
      name: '店長',
      description: '',
      permissions: permissionsWith('edit', true),
      created_at: authority.created_at,
    });

    const removed = await asOwner(t.tenant, { method: 'DELETE', path: `${PATH}/${authority.id}` });
    expect(removed.status).toBe(200);
    expect((await asOwner(t.tenant, { method: 'GET', path: `${PATH}/${authority.id}` })).status).toBe(404);
  });

  it('lists only the account’s authorities, newest first, with user counts and pages', async () => {
    const extra = [await createAuthority(t.tenant), await createAuthority(t.tenant), await createAuthority(t.tenant)];
    const all = await t.call(api.list, { query: { limit: 100 } }, { token: t.tenant.tokens.owner });
    const data = all.output.data;
    const ids = data.map((a) => a.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids).toEqual(
      expect.arrayContaining([t.tenant.fullAuthority.id, t.tenant.viewAuthority.id, ...extra.map((a) => a.id)]),
    );
    expect(ids).not.toContain(t.other.fullAuthority.id);
    expect(all.json.total_item_count).toBe(data.length);
    expect(data.find((a) => a.id === t.tenant.fullAuthority.id)?.user_count).toBe(1);
    expect(data.find((a) => a.id === extra[0]!.id)?.user_count).toBe(0);

    const page2 = await t.call(api.list, { query: { page: 2, limit: 2 } }, { token: t.tenant.tokens.owner });
    expect(page2.status).toBe(200);
    expect(page2.json.pagination).toEqual({ current: 2, pageSize: 2 });
    expect(page2.json.total_item_count).toBe(data.length);
    expect(page2.output.data.map((a) => a.id)).toEqual(ids.slice(2, 4));
  });

  it('searches names case-insensitively, taking % and _ literally', async () => {
    const underscore = await createAuthority(t.other, { name: 'Sales_Team' });
    const letter = await createAuthority(t.other, { name: 'salesXteam' });
    const percent = await createAuthority(t.other, { name: '100% Sales' });
    const search = async (q: string) => {
      const r = await t.call(api.list, { query: { q } }, { token: t.other.tokens.owner });
      return { ids: r.output.data.map((a) => a.id), total: r.json.total_item_count };
    };
    expect(await search('SALES')).toEqual({ ids: [percent.id, letter.id, underscore.id], total: 3 });
    expect(await search('s_t')).toEqual({ ids: [underscore.id], total: 1 });
    expect(await search('%')).toEqual({ ids: [percent.id], total: 1 });
    expect(await search('全権限')).toEqual({ ids: [t.other.fullAuthority.id], total: 1 });
  });

  it('refuses a duplicate name within the account with 422 on name', async () => {
    const taken = await asOwner(t.tenant, {
      method: 'POST',
      path: PATH,
      body: { name: t.tenant.viewAuthority.name, permissions: permissionsWith('none', false) },
    });
    expect(taken.status).toBe(422);
    expect(taken.json).toEqual({ success: false, errors: { name: { description: DUPLICATE_NAME_MESSAGE } } });

    const authority = await createAuthority(t.tenant);
    const renamed = await asOwner(t.tenant, {
      method: 'PUT',
      path: `${PATH}/${authority.id}`,
      body: { name: t.tenant.fullAuthority.name, permissions: permissionsWith('none', false) },
    });
    expect(renamed.status).toBe(422);
    expect(renamed.json.errors).toEqual({ name: { description: DUPLICATE_NAME_MESSAGE } });

    const keepsOwnName = await asOwner(t.tenant, {
      method: 'PUT',
      path: `${PATH}/${authority.id}`,
      body: { name: authority.name, description: '説明', permissions: authority.permissions },
    });
    expect(keepsOwnName.status).toBe(200);

    // Another account may use the same name.
    await createAuthority(t.other, { name: authority.name });
  });

  it('validates the body with field errors', async () => {
    const r = await asOwner(t.tenant, {
      method: 'POST',
      path: PATH,
      body: { name: '   ', permissions: { ...permissionsWith('none', false), send_messages: 'yes' } },
    });
    expect(r.status).toBe(422);
    expect(Object.keys(r.json.errors as object).sort()).toEqual(['name', 'permissions.send_messages']);
  });

  it('refuses a PUT whose body id differs from the path id with 400', async () => {
    const authority = await createAuthority(t.tenant);
    const r = await asOwner(t.tenant, {
      method: 'PUT',
      path: `${PATH}/${authority.id}`,
      body: { id: t.tenant.fullAuthority.id, name: '別名', permissions: permissionsWith('none', false) },
    });
    expect(r.status).toBe(400);
    const unchanged = await asOwner(t.tenant, { method: 'GET', path: `${PATH}/${authority.id}` });
    expect(unchanged.json.data).toEqual(authority);
  });

  it('refuses to delete an authority users hold with 409 naming how many', async () => {
    const r = await asOwner(t.tenant, { method: 'DELETE', path: `${PATH}/${t.tenant.fullAuthority.id}` });
    expect(r.status).toBe(409);
    expect(r.json).toEqual({ success: false, errors: inUseMessage(1) });
    expect((await asOwner(t.tenant, { method: 'GET', path: `${PATH}/${t.tenant.fullAuthority.id}` })).status).toBe(200);
  });

  it('applies changed permissions to the holders’ current sessions', async () => {
    const held = await createAuthority(t.other, { permissions: permissionsWith('view', false) });
    const user = await t.factory.user('service', {
      accountId: t.other.account.id,
      staffAuthorityId: held.id,
      lineAccountIds: [t.other.channels[0]!.id],
    });
    const token = await t.factory.login('service', user.email);
    const updated = await t.call(
      api.update,
      { params: { id: held.id }, body: { name: held.name, permissions: customPermissions() } },
      { token: t.other.tokens.owner },
    );
    expect(updated.output.data.user_count).toBe(1);
    const me = await t.call(sessionsApi.service.me, {}, { token });
    expect(me.output.data.permissions).toEqual(customPermissions());
  });

  it('answers 404 for another account’s authority and changes nothing', async () => {
    const foreign = await createAuthority(t.other);
    const path = `${PATH}/${foreign.id}`;
    expect((await asOwner(t.tenant, { method: 'GET', path })).status).toBe(404);
    const put = await asOwner(t.tenant, {
      method: 'PUT',
      path,
      body: { id: foreign.id, name: '乗っ取り', permissions: permissionsWith('edit', true) },
    });
    expect(put.status).toBe(404);
    expect((await asOwner(t.tenant, { method: 'DELETE', path })).status).toBe(404);
    expect((await asOwner(t.other, { method: 'GET', path })).json.data).toEqual(foreign);
  });

  it('answers 401 to every session but the account owner’s', async () => {
    const body = { name: `権限 ${unique()}`, permissions: permissionsWith('edit', true) };
    for (const token of [t.tenant.tokens.staff, t.tenant.tokens.agency, undefined]) {
      expect((await t.request({ method: 'GET', path: PATH, token })).status).toBe(401);
      expect((await t.request({ method: 'POST', path: PATH, token, body })).status).toBe(401);
      const path = `${PATH}/${t.tenant.viewAuthority.id}`;
      expect((await t.request({ method: 'GET', path, token })).status).toBe(401);
      expect((await t.request({ method: 'PUT', path, token, body })).status).toBe(401);
      expect((await t.request({ method: 'DELETE', path, token })).status).toBe(401);
    }
    const list = await asOwner(t.tenant, { method: 'GET', path: PATH, query: { q: body.name } });
    expect(list.json.total_item_count).toBe(0);
  });
});
