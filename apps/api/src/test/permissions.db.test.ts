/**
 * The permission route matrix (DESIGN.md section 5), generated from the contract's route table:
 * every endpoint that changes state declares what it needs, and each one a service session may
 * call is refused (403, nothing changed in the whole database) to a view-only user and to a user
 * lacking each thing it declares. Routes of the other roles refuse a staff session (401). A new
 * route is in the matrix by being in the contract; one without a declaration does not compile, is
 * refused by `route()` at start-up, and fails here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  allEndpoints,
  FOLDER_FEATURES,
  isMutating,
  permissionsWith,
  type Endpoint,
  type EndpointPermission,
  type Permissions,
  type PermissionRequirement,
} from '@linq/contract';
import { assertDeclaresPermission } from '../platform/http.ts';
import { useTestApp } from './kit.ts';
import { messageOf, payloadOf } from '../modules/templates/test-support.ts';

/** Ids of real rows of the tenant's first channel, by the path they are addressed under. */
const idFor = new Map<string, number>();

const t = useTestApp();

beforeAll(async () => {
  const lineAccountId = t.tenant.channels[0]!.id;
  const tag = await t.factory.tag(lineAccountId);
  const mark = await t.factory.mark(lineAccountId);
  const field = await t.factory.infoField(lineAccountId);
  const friend = await t.factory.friend(lineAccountId, { tagIds: [tag.id], markIds: [mark.id], unreadCount: 2 });
  const folder = await t.request({
    method: 'POST',
    path: '/service/folders',
    token: t.tenant.tokens.staff,
    lineAccountId,
    body: { name: 'matrix', folder_type: 'templates' },
  });
  expect(folder.status).toBe(201);
  const template = await t.request({
    method: 'POST',
    path: '/service/templates',
    token: t.tenant.tokens.staff,
    lineAccountId,
    body: payloadOf(messageOf('text_message'), { name: 'matrix' }),
  });
  expect(template.status).toBe(201);
  idFor.set('/service/tags', tag.id);
  idFor.set('/service/marks', mark.id);
  idFor.set('/service/friends', friend.id);
  idFor.set('/service/friend_info_fields', field.id);
  idFor.set('/service/folders', (folder.json.data as { id: number }).id);
  idFor.set('/service/templates', (template.json as { plan: { id: number } }).plan.id);
  idFor.set('/account/line_accounts', lineAccountId);
});

/** A path with real ids of the tenant where the matrix has them (else 1: the refusal comes first). */
function pathOf(endpoint: Endpoint): string {
  const base = endpoint.path.split('/:')[0]!;
  return endpoint.path.replace(':id', String(idFor.get(base) ?? 1)).replace(':userId', 'Umatrixfriend');
}

/** Every row of every table of the application, except when sessions were last used. */
async function databaseSnapshot(): Promise<string> {
  const sql = t.runtime.ctx.database.sql;
  const { rows: tables } = await sql.executeSql(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  const out: Record<string, unknown> = {};
  for (const { name } of tables as { name: string }[]) {
    const row = name === 'sessions' ? `(t.id, t.revoked_at)` : 't';
    const { rows } = await sql.executeSql(
      `select md5(coalesce(string_agg(${row}::text, ',' order by ${row}::text), '')) as digest, count(*)::int as n from "${name}" t`,
    );
    out[name] = rows[0];
  }
  return JSON.stringify(out);
}

/** What a declaration asks of a staff user, one requirement at a time (folder types: all folder features). */
function requirementsOf(permission: EndpointPermission): { label: string; without: (p: Permissions) => Permissions }[] {
  const lacking = (requirement: PermissionRequirement) => ({
    label: JSON.stringify(requirement),
    without: (p: Permissions): Permissions =>
      'capability' in requirement
        ? { ...p, [requirement.capability]: false }
        : { ...p, features: { ...p.features, [requirement.feature]: 'none' } },
  });
  if ('none' in permission) return [];
  if ('allOf' in permission) return permission.allOf.map(lacking);
  if ('folderTypeLevel' in permission) {
    return [
      {
        label: 'every folder feature',
        without: (p) => ({
          ...p,
          features: { ...p.features, ...Object.fromEntries(FOLDER_FEATURES.map((f) => [f, 'none'])) },
        }),
      },
    ];
  }
  return [lacking(permission)];
}

const tokenOf = new Map<string, string>();
/** A logged-in staff user of the tenant's first channel with these permissions. */
async function staffWith(permissions: Permissions): Promise<string> {
  const key = JSON.stringify(permissions);
  const known = tokenOf.get(key);
  if (known) return known;
  const authority = await t.factory.staffAuthority(t.tenant.account.id, permissions);
  const user = await t.factory.user('service', {
    accountId: t.tenant.account.id,
    staffAuthorityId: authority.id,
    lineAccountIds: [t.tenant.channels[0]!.id],
  });
  const token = await t.factory.login('service', user.email);
  tokenOf.set(key, token);
  return token;
}

const mutating = allEndpoints.filter((e) => isMutating(e.method));
const staffMay = (e: Endpoint) => e.access.kind === 'session' && e.access.roles.includes('service');

describe('permission route matrix', () => {
  it('every endpoint that changes state declares what it needs, with a reason when it is nothing', () => {
    const undeclared = mutating.filter((e) => !e.permission).map((e) => `${e.method} ${e.path}`);
    expect(undeclared).toEqual([]);
    for (const e of allEndpoints) expect(() => assertDeclaresPermission(e)).not.toThrow();
    expect(() => assertDeclaresPermission({ ...mutating[0]!, permission: undefined } as unknown as Endpoint)).toThrow(
      /declares no permission/,
    );
  });

  it('the server answers no state-changing API route that is not in the contract', () => {
    const contract = new Set(allEndpoints.map((e) => `${e.method} /api${e.path}`));
    const served = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && ['POST', 'PUT', 'DELETE'].includes(r.method))
      .map((r) => `${r.method} ${r.url}`);
    expect(served.filter((r) => !contract.has(r))).toEqual([]);
  });

  it('refuses every staff-permission route to a view-only user and to users lacking each requirement, changing nothing', async () => {
    const viewOnly = t.tenant.tokens.viewer;
    const full = permissionsWith('edit', true);
    let probes = 0;
    for (const endpoint of mutating.filter(staffMay)) {
      const permission = endpoint.permission!;
      const callers = [
        ...('none' in permission ? [] : [{ label: 'view-only', token: viewOnly }]),
        ...(await Promise.all(
          requirementsOf(permission).map(async (r) => ({
            label: `without ${r.label}`,
            token: await staffWith(r.without(full)),
          })),
        )),
      ];
      for (const caller of callers) {
        const before = await databaseSnapshot();
        const response = await t.request({
          method: endpoint.method,
          path: pathOf(endpoint),
          token: caller.token,
          lineAccountId: t.tenant.channels[0]!.id,
          ...(endpoint.body ? { body: {} } : {}),
        });
        const label = `${endpoint.method} ${endpoint.path} as ${caller.label}`;
        expect(response.status, `${label}: ${response.text}`).toBe(403);
        expect(await databaseSnapshot(), `${label} changed the database`).toBe(before);
        probes += 1;
      }
    }
    expect(probes).toBeGreaterThan(40);
  }, 180_000);

  it('refuses a staff session on every state-changing route of the other roles (401), changing nothing', async () => {
    for (const endpoint of mutating.filter((e) => e.access.kind === 'session' && !staffMay(e))) {
      const before = await databaseSnapshot();
      const response = await t.request({
        method: endpoint.method,
        path: pathOf(endpoint),
        token: t.tenant.tokens.staff,
        lineAccountId: t.tenant.channels[0]!.id,
        ...(endpoint.body ? { body: {} } : {}),
      });
      expect(response.status, `${endpoint.method} ${endpoint.path}`).toBe(401);
      expect(await databaseSnapshot(), `${endpoint.method} ${endpoint.path} changed the database`).toBe(before);
    }
  }, 120_000);

  it('lets a user with the declared permission through (the matrix is not refusing everyone)', async () => {
    const lineAccountId = t.tenant.channels[0]!.id;
    const read = await t.request({
      method: 'POST',
      path: '/service/messages/read',
      token: t.tenant.tokens.staff,
      lineAccountId,
      body: { friend_id: idFor.get('/service/friends') },
    });
    expect(read.status).toBe(200);
    const tutorial = await t.request({
      method: 'POST',
      path: '/service/users/hide_tutorial',
      token: t.tenant.tokens.viewer,
      body: { screen: 'friends' },
    });
    expect(tutorial.status).toBe(200);
  });
});
