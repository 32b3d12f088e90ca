import { lineAccountsApi } from '@linq/contract';
import { describe, expect, it } from 'vitest';
import { outputOf, useTestApp } from '../../test/kit.ts';

const t = useTestApp({ tenants: 2 });

const ids = (data: unknown) => (data as { id: number }[]).map((c) => c.id);

describe('line accounts', () => {
  it('lists every channel of the account for its owner', async () => {
    const r = await t.request({ method: 'GET', path: '/account/line_accounts', token: t.tenant.tokens.owner });
    expect(r.status).toBe(200);
    expect(ids(r.json.data)).toEqual(t.tenant.channels.map((c) => c.id));
  });

  it('lists only the assigned channels for a staff user', async () => {
    const r = await t.request({ method: 'GET', path: '/account/line_accounts', token: t.tenant.tokens.viewer });
    expect(ids(r.json.data)).toEqual([t.tenant.channels[0]!.id]);
  });

  it('shows one channel with name and status, and 404 for an unassigned or foreign one', async () => {
    const own = await t.request({
      method: 'GET',
      path: `/account/line_accounts/${t.tenant.channels[1]!.id}`,
      token: t.tenant.tokens.owner,
    });
    expect(own.json.data).toEqual({ id: t.tenant.channels[1]!.id, name: t.tenant.channels[1]!.name, status: 'active' });
    const unassigned = await t.request({
      method: 'GET',
      path: `/account/line_accounts/${t.tenant.channels[1]!.id}`,
      token: t.tenant.tokens.viewer,
    });
    expect(unassigned.status).toBe(404);
    const foreign = await t.request({
      method: 'GET',
      path: `/account/line_accounts/${t.other.channels[0]!.id}`,
      token: t.tenant.tokens.owner,
    });
    expect(foreign.status).toBe(404);
  });

  it('renames a channel, trimming the name, and validates it', async () => {
    const path = `/account/line_accounts/${t.tenant.channels[0]!.id}`;
    const r = await t.request({ method: 'PUT', path, token: t.tenant.tokens.owner, body: { name: '  新しい名前  ' } });
    expect(r.status).toBe(200);
    expect(outputOf(lineAccountsApi.update, r).data.name).toBe('新しい名前');
    const empty = await t.request({ method: 'PUT', path, token: t.tenant.tokens.owner, body: { name: '   ' } });
    expect(empty.status).toBe(422);
    expect(empty.json.errors).toHaveProperty('name');
  });

  it('lets full staff rename but refuses view-only staff and other tenants', async () => {
    const path = `/account/line_accounts/${t.tenant.channels[0]!.id}`;
    expect(
      (await t.request({ method: 'PUT', path, token: t.tenant.tokens.staff, body: { name: 'スタッフ変更' } })).status,
    ).toBe(200);
    expect((await t.request({ method: 'PUT', path, token: t.tenant.tokens.viewer, body: { name: 'x' } })).status).toBe(
      403,
    );
    const foreign = await t.request({ method: 'PUT', path, token: t.other.tokens.owner, body: { name: 'hijack' } });
    expect(foreign.status).toBe(404);
    const after = await t.request({ method: 'GET', path, token: t.tenant.tokens.owner });
    expect(outputOf(lineAccountsApi.get, after).data.name).toBe('スタッフ変更');
  });

  it('refuses admin and agency tokens', async () => {
    expect(
      (await t.request({ method: 'GET', path: '/account/line_accounts', token: t.tenant.tokens.agency })).status,
    ).toBe(401);
  });
});
