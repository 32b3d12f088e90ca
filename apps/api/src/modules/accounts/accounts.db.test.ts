import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_SUSPENDED_LOGIN_MESSAGE,
  ACCOUNT_SUSPENDED_SEND_MESSAGE,
  adminAccountsApi,
  oemPlansApi,
  RETIRED_PLAN_MESSAGE,
  TIME_ZONE_MESSAGE,
  UNKNOWN_AGENCY_MESSAGE,
  UNKNOWN_PLAN_MESSAGE,
  USER_EMAIL_TAKEN_MESSAGE,
  type AccountCreateBody,
  type OemPlanBody,
} from '@linq/contract';
import { channelScope } from '../../platform/principal.ts';
import { TEST_PASSWORD } from '../../test/factory.ts';
import { useTestApp } from '../../test/kit.ts';
import { deliveries } from '../delivery/schema.ts';
import { enqueueSend, sendDelivery } from '../delivery/service.ts';
import { accounts } from '../tenants/schema.ts';
import { acceptInvitation, lastMailTo, oemAdmin } from './test-support.ts';

const t = useTestApp({ tenants: 2, role: 'api' });

const PLAN: OemPlanBody = {
  name: 'スタンダード',
  monthly_price_yen: 9800,
  max_channels: 2,
  max_staff_users: 5,
  max_monthly_messages: 5000,
  rich_menu_rules: true,
  forms: true,
  inflow_routes: false,
};

let admin: { token: string };
let otherAdmin: { token: string };
let oemId: number;
let planId: number;

beforeAll(async () => {
  oemId = t.tenant.agency.oemId;
  admin = await oemAdmin(t, oemId);
  otherAdmin = await oemAdmin(t, t.other.agency.oemId);
  planId = (await t.call(oemPlansApi.create, { body: PLAN }, admin)).output.data.id;
});

const newAccount = (suffix: string, values: Partial<AccountCreateBody> = {}): AccountCreateBody => ({
  name: `株式会社テスト${suffix}`,
  owner_name: `オーナー ${suffix}`,
  owner_email: `owner-${suffix}@example.jp`,
  agency_id: t.tenant.agency.id,
  oem_plan_id: planId,
  time_zone: 'Asia/Tokyo',
  ...values,
});

describe('accounts (admin area)', () => {
  it('creates an account with its plan and agency and invites its owner, who sets a password and logs in', async () => {
    const created = await t.call(adminAccountsApi.create, { body: newAccount('a1') }, admin);
    expect(created.status).toBe(201);
    const account = created.output.data;
    expect(account).toMatchObject({
      name: '株式会社テストa1',
      status: 'active',
      time_zone: 'Asia/Tokyo',
      agency: { id: t.tenant.agency.id },
      plan: { id: planId, name: 'スタンダード', status: 'active' },
      owner: { email: 'owner-a1@example.jp', invited: true, status: 'active' },
      channels: [],
      staff: [],
    });

    const mail = await lastMailTo(t, 'owner-a1@example.jp');
    expect(mail?.text).toMatch(/\/account\/login\?invitation=[A-Za-z0-9_-]+/);
    const token = await acceptInvitation(t, 'account', 'owner-a1@example.jp');
    const me = await t.request({ method: 'GET', path: '/account/sessions/me', token });
    expect(me.status).toBe(200);

    const again = await t.call(adminAccountsApi.get, { params: { id: account.id } }, admin);
    expect(again.output.data.owner).toMatchObject({ invited: false });
    // A new link can be mailed; the earlier one no longer works.
    expect((await t.call(adminAccountsApi.inviteOwner, { params: { id: account.id } }, admin)).status).toBe(200);
  });

  it('refuses invalid input with 422 on the field', async () => {
    const cases: [Partial<AccountCreateBody>, string, string | undefined][] = [
      [{ name: ' ' }, 'name', '入力してください'],
      [{ owner_email: 'not-an-email' }, 'owner_email', undefined],
      [{ time_zone: 'Mars/Olympus' }, 'time_zone', TIME_ZONE_MESSAGE],
      [{ agency_id: t.other.agency.id }, 'agency_id', UNKNOWN_AGENCY_MESSAGE],
      [{ owner_email: 'owner-a1@example.jp' }, 'owner_email', USER_EMAIL_TAKEN_MESSAGE],
    ];
    for (const [values, field, message] of cases) {
      const response = await t.send(adminAccountsApi.create, { body: newAccount('bad', values) }, admin);
      expect(response.status, field).toBe(422);
      const errors = response.json.errors as Record<string, { description: string }>;
      expect(Object.keys(errors)).toContain(field);
      if (message) expect(errors[field]!.description).toBe(message);
    }
    const otherPlan = (await t.call(oemPlansApi.create, { body: { ...PLAN, name: '他社プラン' } }, otherAdmin)).output;
    const foreignPlan = await t.send(
      adminAccountsApi.create,
      { body: newAccount('bad', { oem_plan_id: otherPlan.data.id }) },
      admin,
    );
    expect(foreignPlan.status).toBe(422);
    expect(foreignPlan.json.errors).toEqual({ oem_plan_id: { description: UNKNOWN_PLAN_MESSAGE } });
  });

  it('keeps a retired plan where it is but refuses it to other accounts', async () => {
    const plan = (await t.call(oemPlansApi.create, { body: { ...PLAN, name: '旧プラン' } }, admin)).output.data;
    const account = (await t.call(adminAccountsApi.create, { body: newAccount('r1', { oem_plan_id: plan.id }) }, admin))
      .output.data;
    await t.call(
      oemPlansApi.update,
      { params: { id: plan.id }, body: { ...PLAN, name: '旧プラン', status: 'retired' } },
      admin,
    );

    const kept = await t.call(
      adminAccountsApi.update,
      { params: { id: account.id }, body: { name: '改名後', oem_plan_id: plan.id, agency_id: null } },
      admin,
    );
    expect(kept.output.data).toMatchObject({ name: '改名後', agency: null, plan: { id: plan.id, status: 'retired' } });
    const refused = await t.send(adminAccountsApi.create, { body: newAccount('r2', { oem_plan_id: plan.id }) }, admin);
    expect(refused.json.errors).toEqual({ oem_plan_id: { description: RETIRED_PLAN_MESSAGE } });
  });

  it("lists the acting OEM's accounts with search and filters, and shows an account's channels and staff", async () => {
    const list = await t.call(adminAccountsApi.list, { query: { q: 'テストa1' } }, admin);
    expect(list.output.data.map((a) => a.name)).toEqual(['株式会社テストa1']);
    const byOwner = await t.call(adminAccountsApi.list, { query: { q: 'owner-a1@' } }, admin);
    expect(byOwner.output).toMatchObject({ total_item_count: 1, data: [{ name: '株式会社テストa1' }] });
    const byAgency = await t.call(
      adminAccountsApi.list,
      { query: { agency_id: t.tenant.agency.id, limit: 100 } },
      admin,
    );
    expect(byAgency.output.data.map((a) => a.id)).toContain(t.tenant.account.id);
    expect(byAgency.output.data.every((a) => a.agency?.id === t.tenant.agency.id)).toBe(true);

    const detail = (await t.call(adminAccountsApi.get, { params: { id: t.tenant.account.id } }, admin)).output.data;
    expect(detail.channels.map((c) => c.id)).toEqual(t.tenant.channels.map((c) => c.id));
    expect(detail.staff.map((s) => s.email).sort()).toEqual([t.tenant.staff.email, t.tenant.viewer.email].sort());
    expect(detail.owner?.email).toBe(t.tenant.owner.email);
  });

  it("gives another OEM's admin 404 and changes nothing", async () => {
    const id = t.tenant.account.id;
    const before = await t.db.select().from(accounts).where(eq(accounts.id, id));
    expect((await t.call(adminAccountsApi.get, { params: { id } }, otherAdmin)).status).toBe(404);
    const update = await t.call(
      adminAccountsApi.update,
      { params: { id }, body: { name: '乗っ取り', status: 'suspended' } },
      otherAdmin,
    );
    expect(update.status).toBe(404);
    expect((await t.call(adminAccountsApi.inviteOwner, { params: { id } }, otherAdmin)).status).toBe(404);
    // Naming the OEM does not help an OEM admin.
    expect((await t.call(adminAccountsApi.get, { params: { id }, query: { oem_id: oemId } }, otherAdmin)).status).toBe(
      404,
    );
    const list = await t.call(adminAccountsApi.list, { query: { limit: 1000 } }, otherAdmin);
    expect(list.output.data.map((a) => a.id)).not.toContain(id);
    expect(await t.db.select().from(accounts).where(eq(accounts.id, id))).toEqual(before);
  });

  it('suspending stops the logins and the sends of the account, with a clear message', async () => {
    const tenant = t.other;
    const otherOem = { token: otherAdmin.token };
    const friend = await t.factory.friend(tenant.channels[0]!.id);
    const suspend = await t.call(
      adminAccountsApi.update,
      { params: { id: tenant.account.id }, body: { name: tenant.account.name, status: 'suspended' } },
      otherOem,
    );
    expect(suspend.output.data.status).toBe('suspended');

    // Open sessions end at once.
    expect((await t.request({ method: 'GET', path: '/account/sessions/me', token: tenant.tokens.owner })).status).toBe(
      401,
    );
    expect((await t.request({ method: 'GET', path: '/service/sessions/me', token: tenant.tokens.staff })).status).toBe(
      401,
    );
    // A new login is refused, saying why, to who knows the password.
    for (const [role, email] of [
      ['account', tenant.owner.email],
      ['service', tenant.staff.email],
    ] as const) {
      const login = await t.request({
        method: 'POST',
        path: `/${role}/sessions`,
        body: { email, password: TEST_PASSWORD },
      });
      expect(login.status).toBe(403);
      expect(login.json.errors).toBe(ACCOUNT_SUSPENDED_LOGIN_MESSAGE);
    }
    const wrong = await t.request({
      method: 'POST',
      path: '/account/sessions',
      body: { email: tenant.owner.email, password: 'wrong-password-1' },
    });
    expect(wrong.status).toBe(401);

    // A send (a plan's, say) is refused and recorded as failed with the reason, never dropped.
    const [deliveryId] = await enqueueSend(t.ctx, channelScope(tenant.channels[0]!.id), {
      friendIds: [friend.id],
      messages: [{ type: 'text', text: 'こんにちは' }],
      source: 'test',
    });
    await sendDelivery(t.ctx, deliveryId!);
    const [delivery] = await t.db.select().from(deliveries).where(eq(deliveries.id, deliveryId!));
    expect(delivery).toMatchObject({ status: 'failed', lastError: ACCOUNT_SUSPENDED_SEND_MESSAGE });

    // Active again: its users log in again.
    await t.call(
      adminAccountsApi.update,
      { params: { id: tenant.account.id }, body: { name: tenant.account.name, status: 'active' } },
      otherOem,
    );
    await expect(t.factory.login('account', tenant.owner.email)).resolves.toEqual(expect.any(String));
  });
});
