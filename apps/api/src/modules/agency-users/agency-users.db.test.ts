import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AGENCY_USER_EMAIL_TAKEN_MESSAGE,
  agencyUsersApi,
  LAST_AGENCY_MANAGER_MESSAGE,
  sessionsApi,
} from '@linq/contract';
import { useTestApp } from '../../test/kit.ts';
import { acceptInvitation, lastMailTo } from '../accounts/test-support.ts';
import { users } from '../sessions/schema.ts';

const t = useTestApp({ tenants: 0, role: 'api' });

async function agencyLogin(agencyId: number, agencyRole: 'manager' | 'member' = 'manager') {
  const user = await t.factory.user('agency', { agencyId, agencyRole });
  return { user, token: await t.factory.login('agency', user.email) };
}

let agencyId: number;
let manager: Awaited<ReturnType<typeof agencyLogin>>;
let otherManager: Awaited<ReturnType<typeof agencyLogin>>;

beforeAll(async () => {
  agencyId = (await t.factory.agency()).id;
  manager = await agencyLogin(agencyId);
  otherManager = await agencyLogin((await t.factory.agency()).id);
});

describe('agency users (agency area)', () => {
  it('invites a member, who sets a password from the mailed link, logs in as a member and is refused the users screen', async () => {
    const invited = await t.call(
      agencyUsersApi.create,
      { body: { name: '新任 メンバー', email: 'New-Member@Agency.example', role: 'member' } },
      manager,
    );
    expect(invited.status).toBe(201);
    expect(invited.output.data).toMatchObject({ email: 'new-member@agency.example', role: 'member', invited: true });
    expect((await lastMailTo(t, 'new-member@agency.example'))?.text).toMatch(
      /\/agency\/reset-password\/[A-Za-z0-9_-]+/,
    );
    const token = await acceptInvitation(t, 'agency', 'new-member@agency.example');
    const session = await t.call(sessionsApi.agency.me, {}, { token });
    expect(session.output.data).toMatchObject({ role: 'agency', agency_role: 'member' });
    expect((await t.call(agencyUsersApi.list, { query: {} }, { token })).status).toBe(403);

    const list = await t.call(agencyUsersApi.list, { query: { role: 'member' } }, manager);
    expect(list.output.data.map((u) => u.email)).toEqual(['new-member@agency.example']);
    expect(list.output.data[0]?.invited).toBe(false);

    const taken = await t.send(
      agencyUsersApi.create,
      { body: { name: 'x', email: otherManager.user.email, role: 'member' } },
      manager,
    );
    expect(taken.json.errors).toEqual({ email: { description: AGENCY_USER_EMAIL_TAKEN_MESSAGE } });
    const invalid = await t.send(agencyUsersApi.create, { body: { name: '', email: 'nope', role: 'boss' } }, manager);
    expect(Object.keys(invalid.json.errors as object).sort()).toEqual(['email', 'name', 'role']);
  });

  it('edits and disables a user, ending their sessions, but never leaves the agency without an active manager', async () => {
    const second = await agencyLogin(agencyId);
    const edited = await t.call(
      agencyUsersApi.update,
      {
        params: { id: second.user.id },
        body: { name: '改名', email: second.user.email, role: 'manager', status: 'disabled' },
      },
      manager,
    );
    expect(edited.output.data).toMatchObject({ name: '改名', status: 'disabled' });
    expect((await t.call(agencyUsersApi.list, { query: {} }, second)).status).toBe(401);

    const self = { name: manager.user.name, email: manager.user.email };
    const demote = await t.call(
      agencyUsersApi.update,
      { params: { id: manager.user.id }, body: { ...self, role: 'member', status: 'active' } },
      manager,
    );
    expect(demote.status).toBe(422);
    expect(demote.json.errors).toEqual({ role: { description: LAST_AGENCY_MANAGER_MESSAGE } });
    const disable = await t.call(
      agencyUsersApi.update,
      { params: { id: manager.user.id }, body: { ...self, role: 'manager', status: 'disabled' } },
      manager,
    );
    expect(disable.json.errors).toEqual({ status: { description: LAST_AGENCY_MANAGER_MESSAGE } });
    const [row] = await t.db.select().from(users).where(eq(users.id, manager.user.id));
    expect(row).toMatchObject({ status: 'active', agencyRole: 'manager' });
  });

  it("gives another agency's manager 404 and changes nothing", async () => {
    const [before] = await t.db.select().from(users).where(eq(users.id, manager.user.id));
    expect((await t.call(agencyUsersApi.get, { params: { id: manager.user.id } }, otherManager)).status).toBe(404);
    const update = await t.call(
      agencyUsersApi.update,
      {
        params: { id: manager.user.id },
        body: { name: '乗っ取り', email: 'x@example.jp', role: 'member', status: 'disabled' },
      },
      otherManager,
    );
    expect(update.status).toBe(404);
    const list = await t.call(agencyUsersApi.list, { query: {} }, otherManager);
    expect(list.output.data.map((u) => u.id)).toEqual([otherManager.user.id]);
    const [after] = await t.db.select().from(users).where(eq(users.id, manager.user.id));
    expect(after).toEqual(before);
  });
});
