import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsWith, type AccountUser } from '@linq/contract';
import { users } from '../sessions/schema.ts';
import { startTestApp, type TestApp, type TestRequest } from '../../test/harness.ts';
import { TEST_PASSWORD, type Tenant } from '../../test/factory.ts';
import { DUPLICATE_EMAIL_MESSAGE, UNKNOWN_AUTHORITY_MESSAGE, UNKNOWN_CHANNEL_MESSAGE } from './service.ts';

let t: TestApp;
let tenant: Tenant;
let other: Tenant;
beforeAll(async () => {
  t = await startTestApp();
  tenant = await t.factory.tenant();
  other = await t.factory.tenant();
});
afterAll(() => t.stop());

const PATH = '/account/users';
const NEW_PASSWORD = 'Another-password-2026';
const asOwner = (of: Tenant, request: Omit<TestRequest, 'token'>) => t.request({ ...request, token: of.tokens.owner });
const unique = () => Math.random().toString(36).slice(2, 8);

const userBody = (of: Tenant, body: Record<string, unknown> = {}) => ({
  name: `スタッフ ${unique()}`,
  email: `staff-${unique()}@test.example`,
  password: TEST_PASSWORD,
  staff_authority_id: of.viewAuthority.id,
  line_account_ids: [of.channels[1]!.id],
  ...body,
});
const updateBody = (user: AccountUser, body: Record<string, unknown> = {}) => ({
  id: user.id,
  name: user.name,
  email: user.email,
  status: user.status,
  staff_authority_id: user.staff_authority.id,
  line_account_ids: user.line_account_ids,
  ...body,
});

async function createUser(of: Tenant, body: Record<string, unknown> = {}): Promise<AccountUser> {
  const r = await asOwner(of, { method: 'POST', path: PATH, body: userBody(of, body) });
  expect(r.status).toBe(201);
  return r.json.data as AccountUser;
}

const login = (email: string, password = TEST_PASSWORD) =>
  t.request({ method: 'POST', path: '/service/sessions', body: { email, password } });
const me = (token: string) => t.request({ method: 'GET', path: '/service/sessions/me', token });

async function storedUser(id: number) {
  const [row] = await t.runtime.ctx.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

describe('account users', () => {
  it('creates a staff user who logs in to exactly the assigned channels and authority', async () => {
    const created = await asOwner(tenant, {
      method: 'POST',
      path: PATH,
      body: userBody(tenant, {
        name: '  新人 スタッフ ',
        email: ' New.Staff@Test.Example ',
        staff_authority_id: tenant.fullAuthority.id,
        line_account_ids: [tenant.channels[1]!.id, tenant.channels[1]!.id],
      }),
    });
    expect(created.status).toBe(201);
    const user = created.json.data as AccountUser;
    expect(user).toMatchObject({
      name: '新人 スタッフ',
      email: 'new.staff@test.example',
      status: 'active',
      staff_authority: { id: tenant.fullAuthority.id, name: tenant.fullAuthority.name },
      line_account_ids: [tenant.channels[1]!.id],
      last_login_at: null,
    });
    expect((await storedUser(user.id))?.passwordHash).not.toContain(TEST_PASSWORD);

    const session = await login('new.staff@test.example');
    expect(session.status).toBe(201);
    const token = (session.json.data as { access_token: string }).access_token;
    const record = (await me(token)).json.data as {
      user: { id: number };
      permissions: unknown;
      line_accounts: { id: number }[];
      staff_authority: { id: number };
    };
    expect(record.user.id).toBe(user.id);
    expect(record.staff_authority.id).toBe(tenant.fullAuthority.id);
    expect(record.permissions).toEqual(permissionsWith('edit', true));
    expect(record.line_accounts.map((c) => c.id)).toEqual([tenant.channels[1]!.id]);

    const read = await asOwner(tenant, { method: 'GET', path: `${PATH}/${user.id}` });
    expect(read.status).toBe(200);
    expect((read.json.data as AccountUser).last_login_at).not.toBeNull();
  });

  it('lists the account’s staff newest first, in pages, filtered by text, status and authority', async () => {
    // A tenant of its own, so the exact list is known.
    const fresh = await t.factory.tenant();
    const prefix = `list${unique()}`;
    const first = await createUser(fresh, { name: `${prefix} 一郎` });
    const second = await createUser(fresh, { email: `${prefix}.Jiro@test.example`.toLowerCase(), status: 'disabled' });
    const third = await createUser(fresh, {
      name: `${prefix.toUpperCase()} 三郎`,
      staff_authority_id: fresh.fullAuthority.id,
    });
    const list = async (query: Record<string, string | number>) => {
      const r = await asOwner(fresh, { method: 'GET', path: PATH, query });
      expect(r.status).toBe(200);
      return { ids: (r.json.data as AccountUser[]).map((u) => u.id), total: r.json.total_item_count };
    };

    const all = await asOwner(fresh, { method: 'GET', path: PATH, query: { limit: 100 } });
    const everyone = (all.json.data as AccountUser[]).map((u) => u.id);
    expect(everyone).toEqual([third.id, second.id, first.id, fresh.viewer.id, fresh.staff.id]);
    expect(everyone).not.toContain(tenant.staff.id);
    expect(all.json.total_item_count).toBe(5);
    expect((all.json.data as AccountUser[]).find((u) => u.id === fresh.staff.id)?.line_account_ids).toEqual(
      fresh.channels.map((c) => c.id),
    );

    const page = await asOwner(fresh, { method: 'GET', path: PATH, query: { page: 2, limit: 2 } });
    expect(page.json.pagination).toEqual({ current: 2, pageSize: 2 });
    expect(page.json.total_item_count).toBe(5);
    expect((page.json.data as AccountUser[]).map((u) => u.id)).toEqual([first.id, fresh.viewer.id]);

    expect(await list({ q: prefix.toUpperCase() })).toEqual({ ids: [third.id, second.id, first.id], total: 3 });
    expect(await list({ q: `${prefix}.jiro` })).toEqual({ ids: [second.id], total: 1 });
    expect(await list({ q: '%' })).toEqual({ ids: [], total: 0 });
    expect(await list({ q: '_' })).toEqual({ ids: [], total: 0 });
    expect(await list({ q: prefix, status: 'disabled' })).toEqual({ ids: [second.id], total: 1 });
    expect(await list({ q: prefix, staff_authority_id: fresh.fullAuthority.id })).toEqual({
      ids: [third.id],
      total: 1,
    });
  });

  it('updates a user, keeping the password and sessions when none is given', async () => {
    const user = await createUser(tenant);
    const token = await t.factory.login('service', user.email);
    const before = await storedUser(user.id);
    const r = await asOwner(tenant, {
      method: 'PUT',
      path: `${PATH}/${user.id}`,
      body: updateBody(user, {
        name: '名前変更',
        email: `renamed-${unique()}@test.example`,
        password: '',
        staff_authority_id: tenant.fullAuthority.id,
        line_account_ids: tenant.channels.map((c) => c.id),
      }),
    });
    expect(r.status).toBe(200);
    const updated = r.json.data as AccountUser;
    expect(updated).toMatchObject({
      id: user.id,
      name: '名前変更',
      staff_authority: { id: tenant.fullAuthority.id, name: tenant.fullAuthority.name },
      line_account_ids: tenant.channels.map((c) => c.id),
      created_at: user.created_at,
    });
    const after = await storedUser(user.id);
    expect(after?.passwordHash).toBe(before?.passwordHash);
    expect(after?.passwordChangedAt).toEqual(before?.passwordChangedAt);

    // The live session keeps working and already sees the new authority and channels.
    const record = (await me(token)).json.data as { permissions: unknown; line_accounts: { id: number }[] };
    expect(record.permissions).toEqual(permissionsWith('edit', true));
    expect(record.line_accounts.map((c) => c.id)).toEqual(tenant.channels.map((c) => c.id));
    expect((await login(updated.email)).status).toBe(201);
  });

  it('ends the user’s sessions when a new password is set', async () => {
    const user = await createUser(tenant);
    const token = await t.factory.login('service', user.email);
    const before = await storedUser(user.id);
    const r = await asOwner(tenant, {
      method: 'PUT',
      path: `${PATH}/${user.id}`,
      body: updateBody(user, { password: NEW_PASSWORD }),
    });
    expect(r.status).toBe(200);
    expect((await me(token)).status).toBe(401);
    const after = await storedUser(user.id);
    expect(after!.passwordChangedAt.getTime()).toBeGreaterThan(before!.passwordChangedAt.getTime());
    expect((await login(user.email)).status).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(201);
  });

  it('ends the user’s sessions and refuses logins when disabled', async () => {
    const user = await createUser(tenant);
    const token = await t.factory.login('service', user.email);
    const r = await asOwner(tenant, {
      method: 'PUT',
      path: `${PATH}/${user.id}`,
      body: updateBody(user, { status: 'disabled' }),
    });
    expect(r.status).toBe(200);
    expect((r.json.data as AccountUser).status).toBe('disabled');
    expect((await me(token)).status).toBe(401);
    expect((await login(user.email)).status).toBe(401);

    // Enabling again does not bring the old session back.
    await asOwner(tenant, { method: 'PUT', path: `${PATH}/${user.id}`, body: updateBody(user, { status: 'active' }) });
    expect((await me(token)).status).toBe(401);
    expect((await login(user.email)).status).toBe(201);
  });

  it('deletes a user, ending their sessions', async () => {
    const user = await createUser(tenant);
    const token = await t.factory.login('service', user.email);
    const r = await asOwner(tenant, { method: 'DELETE', path: `${PATH}/${user.id}` });
    expect(r.status).toBe(200);
    expect((await asOwner(tenant, { method: 'GET', path: `${PATH}/${user.id}` })).status).toBe(404);
    expect((await asOwner(tenant, { method: 'DELETE', path: `${PATH}/${user.id}` })).status).toBe(404);
    expect((await me(token)).status).toBe(401);
    expect(await storedUser(user.id)).toBeUndefined();
  });

  it('refuses an e-mail another staff user has, in any account, with 422 on email', async () => {
    const taken = await asOwner(tenant, {
      method: 'POST',
      path: PATH,
      body: userBody(tenant, { email: other.staff.email.toUpperCase() }),
    });
    expect(taken.status).toBe(422);
    expect(taken.json).toEqual({ success: false, errors: { email: { description: DUPLICATE_EMAIL_MESSAGE } } });

    const user = await createUser(tenant);
    const clash = await asOwner(tenant, {
      method: 'PUT',
      path: `${PATH}/${user.id}`,
      body: updateBody(user, { email: tenant.viewer.email, password: NEW_PASSWORD }),
    });
    expect(clash.status).toBe(422);
    expect(clash.json.errors).toEqual({ email: { description: DUPLICATE_EMAIL_MESSAGE } });
    const after = await asOwner(tenant, { method: 'GET', path: `${PATH}/${user.id}` });
    expect(after.json.data).toEqual(user);
    expect((await login(user.email)).status).toBe(201);
  });

  it('refuses an authority or channel of another account with 422 on that field', async () => {
    const foreign = await asOwner(tenant, {
      method: 'POST',
      path: PATH,
      body: userBody(tenant, {
        staff_authority_id: other.fullAuthority.id,
        line_account_ids: [tenant.channels[0]!.id, other.channels[0]!.id],
      }),
    });
    expect(foreign.status).toBe(422);
    expect(foreign.json.errors).toEqual({
      staff_authority_id: { description: UNKNOWN_AUTHORITY_MESSAGE },
      line_account_ids: { description: UNKNOWN_CHANNEL_MESSAGE },
    });

    const user = await createUser(tenant);
    const missing = await asOwner(tenant, {
      method: 'PUT',
      path: `${PATH}/${user.id}`,
      body: updateBody(user, { staff_authority_id: 999_999 }),
    });
    expect(missing.status).toBe(422);
    expect(missing.json.errors).toEqual({ staff_authority_id: { description: UNKNOWN_AUTHORITY_MESSAGE } });
    const foreignChannel = await asOwner(tenant, {
      method: 'PUT',
      path: `${PATH}/${user.id}`,
      body: updateBody(user, { line_account_ids: [other.channels[1]!.id] }),
    });
    expect(foreignChannel.status).toBe(422);
    expect(foreignChannel.json.errors).toEqual({ line_account_ids: { description: UNKNOWN_CHANNEL_MESSAGE } });
    expect((await asOwner(tenant, { method: 'GET', path: `${PATH}/${user.id}` })).json.data).toEqual(user);
  });

  it('validates the body with field errors', async () => {
    const r = await asOwner(tenant, {
      method: 'POST',
      path: PATH,
      body: {
        name: ' ',
        email: 'not-an-email',
        password: 'short',
        staff_authority_id: tenant.viewAuthority.id,
        line_account_ids: [],
      },
    });
    expect(r.status).toBe(422);
    expect(Object.keys(r.json.errors as object).sort()).toEqual(['email', 'line_account_ids', 'name', 'password']);
  });

  it('refuses a PUT whose body id differs from the path id with 400', async () => {
    const user = await createUser(tenant);
    const r = await asOwner(tenant, {
      method: 'PUT',
      path: `${PATH}/${user.id}`,
      body: updateBody(user, { id: tenant.staff.id, name: '別人' }),
    });
    expect(r.status).toBe(400);
    expect((await asOwner(tenant, { method: 'GET', path: `${PATH}/${user.id}` })).json.data).toEqual(user);
  });

  it('answers 404 for another account’s user and changes nothing', async () => {
    const foreign = await createUser(other);
    const token = await t.factory.login('service', foreign.email);
    const path = `${PATH}/${foreign.id}`;
    const before = (await asOwner(other, { method: 'GET', path })).json.data;
    expect((await asOwner(tenant, { method: 'GET', path })).status).toBe(404);
    const put = await asOwner(tenant, {
      method: 'PUT',
      path,
      body: updateBody(foreign, {
        status: 'disabled',
        password: NEW_PASSWORD,
        staff_authority_id: tenant.fullAuthority.id,
        line_account_ids: [tenant.channels[0]!.id],
      }),
    });
    expect(put.status).toBe(404);
    expect((await asOwner(tenant, { method: 'DELETE', path })).status).toBe(404);
    // The owner's own account login is not one of its staff either.
    expect((await asOwner(tenant, { method: 'GET', path: `${PATH}/${tenant.owner.id}` })).status).toBe(404);

    const unchanged = await asOwner(other, { method: 'GET', path });
    expect(unchanged.json.data).toEqual(before);
    expect((await me(token)).status).toBe(200);
    expect((await login(foreign.email)).status).toBe(201);
  });

  it('answers 401 to every session but the account owner’s', async () => {
    const body = userBody(tenant);
    const path = `${PATH}/${tenant.viewer.id}`;
    for (const token of [tenant.tokens.staff, tenant.tokens.agency, undefined]) {
      expect((await t.request({ method: 'GET', path: PATH, token })).status).toBe(401);
      expect((await t.request({ method: 'POST', path: PATH, token, body })).status).toBe(401);
      expect((await t.request({ method: 'GET', path, token })).status).toBe(401);
      expect((await t.request({ method: 'PUT', path, token, body: { ...body, status: 'disabled' } })).status).toBe(401);
      expect((await t.request({ method: 'DELETE', path, token })).status).toBe(401);
    }
    expect((await login(body.email)).status).toBe(401);
    expect((await me(tenant.tokens.viewer)).status).toBe(200);
  });
});
