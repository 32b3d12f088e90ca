import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsWith } from '@linq/contract';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import type { Tenant } from '../../test/factory.ts';
import { friends } from './schema.ts';

let t: TestApp;
let tenant: Tenant;
let other: Tenant;
beforeAll(async () => {
  t = await startTestApp();
  tenant = await t.factory.tenant();
  other = await t.factory.tenant();
});
afterAll(() => t.stop());

async function addFriends(lineAccountId: number, following: number, blocked: number) {
  const row = (status: 'following' | 'blocked') => ({
    lineAccountId,
    lineUserId: 'U' + randomBytes(16).toString('hex'),
    displayName: '友だち',
    status,
  });
  await t.runtime.ctx.database.db
    .insert(friends)
    .values([
      ...Array.from({ length: following }, () => row('following')),
      ...Array.from({ length: blocked }, () => row('blocked')),
    ]);
}

const summary = (token: string, lineAccountId: number) =>
  t.request({ method: 'GET', path: '/service/friends/summary', token, lineAccountId });

describe('friend counts', () => {
  it('counts the selected channel’s following and blocked friends only', async () => {
    const [first, second] = tenant.channels;
    expect((await summary(tenant.tokens.staff, first!.id)).json.data).toEqual({ total: 0, following: 0, blocked: 0 });
    await addFriends(first!.id, 5, 2);
    await addFriends(second!.id, 1, 0);
    await addFriends(other.channels[0]!.id, 9, 9);
    const r = await summary(tenant.tokens.staff, first!.id);
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({ total: 7, following: 5, blocked: 2 });
    expect((await summary(tenant.tokens.staff, second!.id)).json.data).toEqual({ total: 1, following: 1, blocked: 0 });
    // View-only staff may read it.
    expect((await summary(tenant.tokens.viewer, first!.id)).json.data).toEqual({ total: 7, following: 5, blocked: 2 });
  });

  it('refuses another tenant’s or an unassigned channel (403), no channel (400) and staff without friends', async () => {
    expect((await summary(tenant.tokens.staff, other.channels[0]!.id)).status).toBe(403);
    expect((await summary(tenant.tokens.viewer, tenant.channels[1]!.id)).status).toBe(403);
    expect(
      (await t.request({ method: 'GET', path: '/service/friends/summary', token: tenant.tokens.staff })).status,
    ).toBe(400);
    expect((await summary(tenant.tokens.owner, tenant.channels[0]!.id)).status).toBe(401);
    const permissions = permissionsWith('edit', true);
    const authority = await t.factory.staffAuthority(tenant.account.id, {
      ...permissions,
      features: { ...permissions.features, friends: 'none' },
    });
    const user = await t.factory.user('service', {
      accountId: tenant.account.id,
      staffAuthorityId: authority.id,
      lineAccountIds: [tenant.channels[0]!.id],
    });
    expect((await summary(await t.factory.login('service', user.email), tenant.channels[0]!.id)).status).toBe(403);
  });
});
