import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_SUSPENDED_LOGIN_MESSAGE,
  agencyAccountsApi,
  RETIRED_PLAN_MESSAGE,
  UNKNOWN_PLAN_MESSAGE,
  USER_EMAIL_TAKEN_MESSAGE,
  type AgencyAccountCreateBody,
} from '@linq/contract';
import { TEST_PASSWORD } from '../../test/factory.ts';
import { useTestApp } from '../../test/kit.ts';
import { acceptInvitation, lastMailTo } from '../accounts/test-support.ts';
import { accounts } from '../tenants/schema.ts';

const t = useTestApp({ tenants: 2, role: 'api' });

let agency: { token: string };
let otherAgency: { token: string };
let planId: number;
let retiredPlanId: number;
let foreignPlanId: number;

beforeAll(async () => {
  agency = { token: t.tenant.tokens.agency };
  otherAgency = { token: t.other.tokens.agency };
  planId = (await t.factory.oemPlan(t.tenant.agency.oemId, { maxChannels: 3, maxMonthlyMessages: 1000 })).id;
  retiredPlanId = (await t.factory.oemPlan(t.tenant.agency.oemId, { status: 'retired' })).id;
  foreignPlanId = (await t.factory.oemPlan(t.other.agency.oemId)).id;
});

const newClient = (suffix: string, values: Partial<AgencyAccountCreateBody> = {}): AgencyAccountCreateBody => ({
  name: `株式会社クライアント${suffix}`,
  owner_name: `オーナー ${suffix}`,
  owner_email: `client-owner-${suffix}@example.jp`,
  time_zone: 'Asia/Tokyo',
  oem_plan_id: planId,
  ...values,
});

describe('client accounts (agency area)', () => {
  it("creates a client account of the caller's agency and invites its owner, who sets a password and logs in", async () => {
    const created = await t.call(agencyAccountsApi.create, { body: newClient('a') }, agency);
    expect(created.status).toBe(201);
    const client = created.output.data;
    expect(client).toMatchObject({
      name: '株式会社クライアントa',
      status: 'active',
      plan: { id: planId },
      owner: { email: 'client-owner-a@example.jp', invited: true },
      following_friends: 0,
      usage: {
        plan: { id: planId },
        limits: [
          { limit: 'channels', used: 0, max: 3 },
          { limit: 'staff_users', used: 0 },
          { limit: 'monthly_messages', used: 0, max: 1000 },
        ],
      },
    });
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, client.id));
    expect(row).toMatchObject({ agencyId: t.tenant.agency.id, oemId: t.tenant.agency.oemId });
    expect((await lastMailTo(t, 'client-owner-a@example.jp'))?.text).toContain('/account/');
    await acceptInvitation(t, 'account', 'client-owner-a@example.jp');

    const list = await t.call(agencyAccountsApi.list, { query: { q: 'クライアントa' } }, agency);
    expect(list.output.data.map((a) => a.id)).toEqual([client.id]);
    const options = await t.call(agencyAccountsApi.options, {}, agency);
    expect(options.output.data.map((a) => a.id).sort()).toEqual([t.tenant.account.id, client.id].sort());
    const plans = await t.call(agencyAccountsApi.plans, {}, agency);
    expect(plans.output.data.map((p) => p.id).sort()).toEqual([planId, retiredPlanId].sort());
  });

  it('refuses a plan of another OEM, a retired plan and a taken owner e-mail (422)', async () => {
    const foreign = await t.send(
      agencyAccountsApi.create,
      { body: newClient('b', { oem_plan_id: foreignPlanId }) },
      agency,
    );
    expect(foreign.json.errors).toEqual({ oem_plan_id: { description: UNKNOWN_PLAN_MESSAGE } });
    const retired = await t.send(
      agencyAccountsApi.create,
      { body: newClient('b', { oem_plan_id: retiredPlanId }) },
      agency,
    );
    expect(retired.json.errors).toEqual({ oem_plan_id: { description: RETIRED_PLAN_MESSAGE } });
    const taken = await t.send(
      agencyAccountsApi.create,
      { body: newClient('b', { owner_email: 'client-owner-a@example.jp' }) },
      agency,
    );
    expect(taken.json.errors).toEqual({ owner_email: { description: USER_EMAIL_TAKEN_MESSAGE } });
    const invalid = await t.send(
      agencyAccountsApi.create,
      { body: newClient('b', { name: '', time_zone: 'Mars' }) },
      agency,
    );
    expect(Object.keys(invalid.json.errors as object).sort()).toEqual(['name', 'time_zone']);
  });

  it('edits, suspends (the owner cannot log in) and resumes a client account', async () => {
    const id = t.tenant.account.id;
    const edited = await t.call(
      agencyAccountsApi.update,
      { params: { id }, body: { name: '改名した店', time_zone: 'Asia/Tokyo', oem_plan_id: planId } },
      agency,
    );
    expect(edited.output.data).toMatchObject({ name: '改名した店', plan: { id: planId }, channel_count: 2 });
    expect(edited.output.data.usage.limits[0]).toMatchObject({ limit: 'channels', used: 2, max: 3 });

    const suspended = await t.call(
      agencyAccountsApi.setStatus,
      { params: { id }, body: { status: 'suspended' } },
      agency,
    );
    expect(suspended.output.data.status).toBe('suspended');
    const session = await t.request({ method: 'GET', path: '/account/sessions/me', token: t.tenant.tokens.owner });
    expect(session.status).toBe(401);
    const login = await t.request({
      method: 'POST',
      path: '/account/sessions',
      body: { email: t.tenant.owner.email, password: TEST_PASSWORD },
    });
    expect(login.status).toBe(403);
    expect(login.json.errors).toBe(ACCOUNT_SUSPENDED_LOGIN_MESSAGE);

    const resumed = await t.call(agencyAccountsApi.setStatus, { params: { id }, body: { status: 'active' } }, agency);
    expect(resumed.output.data).toMatchObject({ status: 'active', name: '改名した店' });
  });

  it("gives another agency's user 404 for the agency's client accounts and changes nothing", async () => {
    const id = t.tenant.account.id;
    const [before] = await t.db.select().from(accounts).where(eq(accounts.id, id));
    expect((await t.call(agencyAccountsApi.get, { params: { id } }, otherAgency)).status).toBe(404);
    const update = await t.call(
      agencyAccountsApi.update,
      { params: { id }, body: { name: '乗っ取り', time_zone: 'Asia/Tokyo', oem_plan_id: null } },
      otherAgency,
    );
    expect(update.status).toBe(404);
    const status = await t.call(
      agencyAccountsApi.setStatus,
      { params: { id }, body: { status: 'suspended' } },
      otherAgency,
    );
    expect(status.status).toBe(404);
    const list = await t.call(agencyAccountsApi.list, { query: {} }, otherAgency);
    expect(list.output.data.map((a) => a.id)).toEqual([t.other.account.id]);
    const [after] = await t.db.select().from(accounts).where(eq(accounts.id, id));
    expect(after).toEqual(before);
  });
});
