/**
 * The policy layer above the channel (DESIGN.md section 5), walked over the route table: every
 * route of the admin, agency and account areas names who may call it (`heldBy` in the contract),
 * `route()` refuses one that does not, and an OEM partner's admin is refused (403, before anything is
 * read) every route declared for platform admins only, while a platform admin passes that check; an
 * agency member is refused every route declared for agency managers only, while a manager passes.
 */
import { describe, expect, it } from 'vitest';
import { allEndpoints, fillPath, heldBy, needsHolders, sessionOf, type Endpoint } from '@linq/contract';
import { z } from 'zod';
import { assertDeclaresHolders } from '../platform/http.ts';
import { useTestApp } from './kit.ts';

const t = useTestApp({ admin: true });

const sessionRoles = (endpoint: Endpoint) => (endpoint.access.kind === 'session' ? endpoint.access.roles : []);
const aboveChannel = allEndpoints.filter((endpoint) => sessionRoles(endpoint).some(needsHolders));
const platformOnly = aboveChannel.filter(
  (endpoint) =>
    endpoint.access.kind === 'session' &&
    endpoint.access.holders?.includes('platform_admin') &&
    !endpoint.access.holders.includes('oem_admin'),
);
const managersOnly = aboveChannel.filter(
  (endpoint) =>
    endpoint.access.kind === 'session' &&
    endpoint.access.holders?.includes('agency_manager') &&
    !endpoint.access.holders.includes('agency_user'),
);
/** Ids that name nothing: the policy answers before any row is looked for. */
const params = (endpoint: Endpoint) =>
  Object.fromEntries([...endpoint.path.matchAll(/:(\w+)/g)].map(([, name]) => [name!, '999999']));

describe('policy layer above the channel', () => {
  it('every admin, agency and account route the server answers declares its holders', () => {
    const served = new Set(t.app.routeTable.map((r) => `${r.method} ${r.url}`));
    expect(aboveChannel.length).toBeGreaterThan(20);
    const undeclared = aboveChannel.filter((endpoint) => {
      expect(served, `${endpoint.method} ${endpoint.path} is served`).toContain(
        `${endpoint.method} /api${endpoint.path}`,
      );
      try {
        assertDeclaresHolders(endpoint);
        return false;
      } catch {
        return true;
      }
    });
    expect(undeclared.map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });

  it('refuses at start-up a route of those areas without holders, or with holders of another role', () => {
    const bare = {
      method: 'GET',
      path: '/admin/undeclared',
      summary: 'x',
      access: sessionOf('admin'),
      response: z.object({}),
    } as const;
    expect(() => assertDeclaresHolders(bare)).toThrow(/declares no holders/);
    expect(() =>
      assertDeclaresHolders({ ...bare, access: { kind: 'session', roles: ['admin'], holders: ['account_owner'] } }),
    ).toThrow(/declares no holders/);
    expect(() => assertDeclaresHolders({ ...bare, access: heldBy('oem_admin') })).not.toThrow();
  });

  it('refuses an OEM partner’s admin every platform-only route (403), and lets a platform admin past it', async () => {
    expect(platformOnly.length).toBeGreaterThan(5);
    const partnerOem = await t.factory.oem();
    const partnerAdmin = await t.factory.user('admin', { oemId: partnerOem.id });
    const partner = await t.factory.login('admin', partnerAdmin.email);
    for (const endpoint of platformOnly) {
      const request = { method: endpoint.method, path: fillPath(endpoint.path, params(endpoint)) };
      const refused = await t.request({ ...request, token: partner });
      expect(refused.status, `${endpoint.method} ${endpoint.path}`).toBe(403);
      const platform = await t.request({ ...request, token: t.admin.token });
      expect(platform.status, `${endpoint.method} ${endpoint.path}`).not.toBe(403);
    }
  });

  it('refuses an agency member every manager-only route (403), and lets a manager past it', async () => {
    expect(managersOnly.length).toBeGreaterThan(3);
    const agency = await t.factory.agency();
    const memberUser = await t.factory.user('agency', { agencyId: agency.id, agencyRole: 'member' });
    const managerUser = await t.factory.user('agency', { agencyId: agency.id, agencyRole: 'manager' });
    const member = await t.factory.login('agency', memberUser.email);
    const manager = await t.factory.login('agency', managerUser.email);
    for (const endpoint of managersOnly) {
      const request = { method: endpoint.method, path: fillPath(endpoint.path, params(endpoint)) };
      const refused = await t.request({ ...request, token: member });
      expect(refused.status, `${endpoint.method} ${endpoint.path}`).toBe(403);
      const passed = await t.request({ ...request, token: manager });
      expect(passed.status, `${endpoint.method} ${endpoint.path}`).not.toBe(403);
    }
  });
});
