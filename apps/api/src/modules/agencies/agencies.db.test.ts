import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AGENCY_HAS_ACCOUNTS_MESSAGE,
  AGENCY_SUSPENDED_LOGIN_MESSAGE,
  agenciesApi,
  USER_EMAIL_TAKEN_MESSAGE,
  type AgencyBody,
} from '@linq/contract';
import { TEST_PASSWORD } from '../../test/factory.ts';
import { useTestApp } from '../../test/kit.ts';
import { acceptInvitation, lastMailTo, oemAdmin } from '../accounts/test-support.ts';
import { agencies } from '../tenants/schema.ts';

const t = useTestApp({ tenants: 2, role: 'api' });

const AGENCY: AgencyBody = {
  name: '株式会社リセール',
  contact_name: '販売 太郎',
  contact_email: 'Sales@Resale.example',
  contact_phone: '03-1234-5678',
};

let admin: { token: string };
let otherAdmin: { token: string };

beforeAll(async () => {
  admin = await oemAdmin(t, t.tenant.agency.oemId);
  otherAdmin = await oemAdmin(t, t.other.agency.oemId);
});

describe('agencies (admin area)', () => {
  it('creates, lists, reads, updates and deletes an agency of the acting OEM', async () => {
    const created = await t.call(agenciesApi.create, { body: AGENCY }, admin);
    expect(created.status).toBe(201);
    const agency = created.output.data;
    expect(agency).toMatchObject({
      name: '株式会社リセール',
      contact_email: 'sales@resale.example',
      status: 'active',
      oem: { id: t.tenant.agency.oemId },
      users: [],
      accounts: [],
    });
    const list = await t.call(agenciesApi.list, { query: { q: '販売' } }, admin);
    expect(list.output.data.map((a) => a.id)).toEqual([agency.id]);
    const options = await t.call(agenciesApi.options, {}, admin);
    expect(options.output.data.map((a) => a.id).sort()).toEqual([t.tenant.agency.id, agency.id].sort());

    const updated = await t.call(
      agenciesApi.update,
      { params: { id: agency.id }, body: { ...AGENCY, name: 'リセール株式会社', contact_phone: '' } },
      admin,
    );
    expect(updated.output.data).toMatchObject({ name: 'リセール株式会社', contact_phone: '' });
    expect((await t.call(agenciesApi.remove, { params: { id: agency.id } }, admin)).status).toBe(200);
    expect((await t.call(agenciesApi.get, { params: { id: agency.id } }, admin)).status).toBe(404);
  });

  it('refuses invalid input (422) and deleting an agency that has accounts (409)', async () => {
    const cases: [Partial<Record<keyof AgencyBody, unknown>>, string][] = [
      [{ name: '' }, 'name'],
      [{ contact_email: 'nope' }, 'contact_email'],
      [{ contact_phone: 'call me' }, 'contact_phone'],
      [{ status: 'closed' }, 'status'],
    ];
    for (const [values, field] of cases) {
      const response = await t.send(agenciesApi.create, { body: { ...AGENCY, ...values } }, admin);
      expect(response.status, field).toBe(422);
      expect(Object.keys(response.json.errors as object)).toContain(field);
    }
    const refused = await t.call(agenciesApi.remove, { params: { id: t.tenant.agency.id } }, admin);
    expect(refused.status).toBe(409);
    expect(refused.json.errors).toBe(AGENCY_HAS_ACCOUNTS_MESSAGE(1));
  });

  it('invites a user by e-mail with a set-password link through the reset flow', async () => {
    const agencyId = t.tenant.agency.id;
    const invited = await t.call(
      agenciesApi.inviteUser,
      { params: { id: agencyId }, body: { name: '招待 花子', email: 'Hanako@Resale.example' } },
      admin,
    );
    expect(invited.status).toBe(201);
    expect(invited.output.data).toMatchObject({ email: 'hanako@resale.example', invited: true, status: 'active' });
    expect((await lastMailTo(t, 'hanako@resale.example'))?.text).toMatch(/\/agency\/reset-password\/[A-Za-z0-9_-]+/);
    const token = await acceptInvitation(t, 'agency', 'hanako@resale.example');
    expect((await t.request({ method: 'GET', path: '/agency/sessions/me', token })).status).toBe(200);

    const taken = await t.send(
      agenciesApi.inviteUser,
      { params: { id: agencyId }, body: { name: 'x', email: 'hanako@resale.example' } },
      admin,
    );
    expect(taken.json.errors).toEqual({ email: { description: USER_EMAIL_TAKEN_MESSAGE } });

    // Disabling the user ends their session.
    const detail = (await t.call(agenciesApi.get, { params: { id: agencyId } }, admin)).output.data;
    const hanako = detail.users.find((u) => u.email === 'hanako@resale.example')!;
    expect(hanako.invited).toBe(false);
    await t.call(
      agenciesApi.setUserStatus,
      { params: { id: agencyId, user_id: hanako.id }, body: { status: 'disabled' } },
      admin,
    );
    expect((await t.request({ method: 'GET', path: '/agency/sessions/me', token })).status).toBe(401);
  });

  it('suspending an agency stops its users logging in, with a clear message', async () => {
    const tenant = t.other;
    await t.call(
      agenciesApi.update,
      { params: { id: tenant.agency.id }, body: { name: tenant.agency.name, status: 'suspended' } },
      otherAdmin,
    );
    expect((await t.request({ method: 'GET', path: '/agency/sessions/me', token: tenant.tokens.agency })).status).toBe(
      401,
    );
    const login = await t.request({
      method: 'POST',
      path: '/agency/sessions',
      body: { email: tenant.agencyUser.email, password: TEST_PASSWORD },
    });
    expect(login.status).toBe(403);
    expect(login.json.errors).toBe(AGENCY_SUSPENDED_LOGIN_MESSAGE);
    await t.call(
      agenciesApi.update,
      { params: { id: tenant.agency.id }, body: { name: tenant.agency.name, status: 'active' } },
      otherAdmin,
    );
    await expect(t.factory.login('agency', tenant.agencyUser.email)).resolves.toEqual(expect.any(String));
  });

  it("gives another OEM's admin 404 and changes nothing", async () => {
    const id = t.tenant.agency.id;
    const [before] = await t.db.select().from(agencies).where(eq(agencies.id, id));
    expect((await t.call(agenciesApi.get, { params: { id } }, otherAdmin)).status).toBe(404);
    expect(
      (await t.call(agenciesApi.update, { params: { id }, body: { name: '奪取', status: 'suspended' } }, otherAdmin))
        .status,
    ).toBe(404);
    expect((await t.call(agenciesApi.remove, { params: { id } }, otherAdmin)).status).toBe(404);
    expect(
      (
        await t.call(
          agenciesApi.inviteUser,
          { params: { id }, body: { name: 'x', email: 'intruder@example.jp' } },
          otherAdmin,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await t.call(
          agenciesApi.setUserStatus,
          { params: { id, user_id: t.tenant.agencyUser.id }, body: { status: 'disabled' } },
          otherAdmin,
        )
      ).status,
    ).toBe(404);
    const list = await t.call(agenciesApi.list, { query: { limit: 1000 } }, otherAdmin);
    expect(list.output.data.map((a) => a.id)).not.toContain(id);
    const [after] = await t.db.select().from(agencies).where(eq(agencies.id, id));
    expect(after).toEqual(before);
    expect(
      (await t.request({ method: 'GET', path: '/agency/sessions/me', token: t.tenant.tokens.agency })).status,
    ).toBe(200);
  });
});
