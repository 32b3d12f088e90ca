import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import type { Tenant } from '../../test/factory.ts';

let t: TestApp;
let tenant: Tenant;
let other: Tenant;
beforeAll(async () => {
  t = await startTestApp();
  tenant = await t.factory.tenant();
  other = await t.factory.tenant();
});
afterAll(() => t.stop());

const ids = (data: unknown) => (data as { id: number }[]).map((c) => c.id);

describe('line accounts', () => {
  it('lists every channel of the account for its owner', async () => {
    const r = await t.request({ method: 'GET', path: '/account/line_accounts', token: tenant.tokens.owner });
    expect(r.status).toBe(200);
    expect(ids(r.json.data)).toEqual(tenant.channels.map((c) => c.id));
  });

  it('lists only the assigned channels for a staff user', async () => {
    const r = await t.request({ method: 'GET', path: '/account/line_accounts', token: tenant.tokens.viewer });
    expect(ids(r.json.data)).toEqual([tenant.channels[0]!.id]);
  });

  it('shows one channel with name and status, and 404 for an unassigned or foreign one', async () => {
    const own = await t.request({
      method: 'GET',
      path: `/account/line_accounts/${tenant.channels[1]!.id}`,
      token: tenant.tokens.owner,
    });
    expect(own.json.data).toEqual({ id: tenant.channels[1]!.id, name: tenant.channels[1]!.name, status: 'active' });
    const unassigned = await t.request({
      method: 'GET',
      path: `/account/line_accounts/${tenant.channels[1]!.id}`,
      token: tenant.tokens.viewer,
    });
    expect(unassigned.status).toBe(404);
    const foreign = await t.request({
      method: 'GET',
      path: `/account/line_accounts/${other.channels[0]!.id}`,
      token: tenant.tokens.owner,
    });
    expect(foreign.status).toBe(404);
  });

  it('renames a channel, trimming the name, and validates it', async () => {
    const path = `/account/line_accounts/${tenant.channels[0]!.id}`;
    const r = await t.request({ method: 'PUT', path, token: tenant.tokens.owner, body: { name: '  新しい名前  ' } });
    expect(r.status).toBe(200);
    expect((r.json.data as { name: string }).name).toBe('新しい名前');
    const empty = await t.request({ method: 'PUT', path, token: tenant.tokens.owner, body: { name: '   ' } });
    expect(empty.status).toBe(422);
    expect(empty.json.errors).toHaveProperty('name');
  });

  it('lets full staff rename but refuses view-only staff and other tenants', async () => {
    const path = `/account/line_accounts/${tenant.channels[0]!.id}`;
    expect(
      (await t.request({ method: 'PUT', path, token: tenant.tokens.staff, body: { name: 'スタッフ変更' } })).status,
    ).toBe(200);
    expect((await t.request({ method: 'PUT', path, token: tenant.tokens.viewer, body: { name: 'x' } })).status).toBe(
      403,
    );
    const foreign = await t.request({ method: 'PUT', path, token: other.tokens.owner, body: { name: 'hijack' } });
    expect(foreign.status).toBe(404);
    const after = await t.request({ method: 'GET', path, token: tenant.tokens.owner });
    expect((after.json.data as { name: string }).name).toBe('スタッフ変更');
  });

  it('refuses admin and agency tokens', async () => {
    expect(
      (await t.request({ method: 'GET', path: '/account/line_accounts', token: tenant.tokens.agency })).status,
    ).toBe(401);
  });
});
