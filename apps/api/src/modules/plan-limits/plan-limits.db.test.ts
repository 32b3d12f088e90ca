import { randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  accountUsersApi,
  adminAccountsApi,
  adminLineAccountsApi,
  CHANNEL_LIMIT_MESSAGE,
  FEATURE_OFF_MESSAGE,
  formsApi,
  inflowsApi,
  MESSAGE_LIMIT_MESSAGE,
  planLimitsApi,
  richMenusApi,
  STAFF_LIMIT_MESSAGE,
} from '@linq/contract';
import { channelScope } from '../../platform/principal.ts';
import type { Tenant } from '../../test/factory.ts';
import { useTestApp } from '../../test/kit.ts';
import { deliveries } from '../delivery/schema.ts';
import { enqueueSend } from '../delivery/service.ts';
import { accounts, oemPlans } from '../tenants/schema.ts';

const t = useTestApp({ tenants: 2 });

/** Puts the tenant's account on a new plan of its OEM with these limits. */
async function onPlan(tenant: Tenant, limits: Partial<typeof oemPlans.$inferInsert> = {}) {
  const [plan] = await t.db
    .insert(oemPlans)
    .values({
      oemId: tenant.account.oemId,
      name: `プラン ${randomUUID().slice(0, 8)}`,
      monthlyPriceYen: 10_000,
      maxChannels: 10,
      maxStaffUsers: 10,
      maxMonthlyMessages: 1_000,
      ...limits,
    })
    .returning();
  await t.db.update(accounts).set({ oemPlanId: plan!.id }).where(eq(accounts.id, tenant.account.id));
  return plan!;
}
const offPlan = (tenant: Tenant) =>
  t.db.update(accounts).set({ oemPlanId: null }).where(eq(accounts.id, tenant.account.id));

const usage = async (tenant: Tenant) =>
  (await t.call(planLimitsApi.usage, {}, { token: tenant.tokens.owner })).output.data;

const newChannel = (tenant: Tenant) =>
  t.send(
    adminLineAccountsApi.create,
    {
      body: {
        name: '新しいチャネル',
        account_id: tenant.account.id,
        channel_id: `1${String(Date.now()).slice(-9)}`,
        channel_secret: randomBytes(16).toString('hex'),
        channel_access_token: randomBytes(30).toString('base64url'),
      },
    },
    { token: tenant.tokens.oemAdmin },
  );
const newStaff = (tenant: Tenant) =>
  t.send(
    accountUsersApi.create,
    {
      body: {
        name: '新しいスタッフ',
        email: `staff-${randomUUID()}@test.example`,
        password: 'Staff-password-2026',
        staff_authority_id: tenant.fullAuthority.id,
        line_account_ids: [tenant.channels[0]!.id],
      },
    },
    { token: tenant.tokens.owner },
  );

/** Deliveries of the channel that LINE accepted at `sentAt`, `recipients` each. */
async function sentBefore(lineAccountId: number, sentAt: Date, ...recipients: number[]) {
  await t.db.insert(deliveries).values(
    recipients.map((n) => ({
      lineAccountId,
      messages: [{ type: 'text', text: 'sent' }],
      friendIds: Array.from({ length: n }, (_, i) => i + 1),
      retryKey: randomUUID(),
      status: 'sent' as const,
      source: 'test',
      sentAt,
    })),
  );
}

describe('plan limits', () => {
  it('an account without a plan has no limits: usage is shown without a maximum, and nothing is refused', async () => {
    const tenant = t.tenants[1]!;
    await offPlan(tenant);
    const data = await usage(tenant);
    expect(data.plan).toBeNull();
    expect(data.limits).toEqual([
      { limit: 'channels', used: 2, max: null, percent: null, near: false },
      { limit: 'staff_users', used: 2, max: null, percent: null, near: false },
      { limit: 'monthly_messages', used: 0, max: null, percent: null, near: false },
    ]);
    expect(data.features).toEqual({ rich_menu_rules: true, forms: true, inflow_routes: true });
    expect((await newStaff(tenant)).status).toBe(201);
  });

  it('refuses a channel beyond the plan (403 with the reason); the admin account detail shows the same usage', async () => {
    const tenant = t.tenant;
    const plan = await onPlan(tenant, { maxChannels: 3 });
    expect((await newChannel(tenant)).status).toBe(201);
    const refused = await newChannel(tenant);
    expect(refused.status).toBe(403);
    expect(refused.json.errors).toBe(CHANNEL_LIMIT_MESSAGE(3));

    const owner = await usage(tenant);
    expect(owner.plan).toEqual({ id: plan.id, name: plan.name });
    expect(owner.limits[0]).toEqual({ limit: 'channels', used: 3, max: 3, percent: 100, near: true });
    const detail = await t.call(
      adminAccountsApi.get,
      { params: { id: tenant.account.id }, query: {} },
      { token: tenant.tokens.oemAdmin },
    );
    expect(detail.output.data.usage).toEqual(owner);
  });

  it('refuses a staff user beyond the plan', async () => {
    const tenant = t.tenant;
    await onPlan(tenant, { maxStaffUsers: 3 });
    expect((await newStaff(tenant)).status).toBe(201);
    const refused = await newStaff(tenant);
    expect(refused.status).toBe(403);
    expect(refused.json.errors).toBe(STAFF_LIMIT_MESSAGE(3));
  });

  it('refuses creating rich-menu rules, forms and inflow routes when the plan has them off', async () => {
    const tenant = t.tenant;
    await onPlan(tenant, { richMenuRules: false, forms: false, inflowRoutes: false });
    const as = { token: tenant.tokens.staff, lineAccountId: tenant.channels[0]!.id };
    const rule = await t.send(
      richMenusApi.createRule,
      { body: { name: 'VIP', rich_menu_id: 1, audience: { kind: 'tags', match: 'any', ids: [1] } } },
      as,
    );
    expect([rule.status, rule.json.errors]).toEqual([403, FEATURE_OFF_MESSAGE('rich_menu_rules')]);
    const form = await t.send(
      formsApi.create,
      { body: { name: 'アンケート', title: 'アンケート', fields: [{ key: 'name', type: 'text', label: 'お名前' }] } },
      as,
    );
    expect([form.status, form.json.errors]).toEqual([403, FEATURE_OFF_MESSAGE('forms')]);
    const route = await t.send(inflowsApi.create, { body: { name: '店頭POP' } }, as);
    expect([route.status, route.json.errors]).toEqual([403, FEATURE_OFF_MESSAGE('inflow_routes')]);
    expect((await usage(tenant)).features).toEqual({ rich_menu_rules: false, forms: false, inflow_routes: false });
  });

  it('counts messages in the account’s time zone’s month, and refuses a whole send that would go beyond the plan', async () => {
    const tenant = t.tenant;
    const lineAccountId = tenant.channels[1]!.id;
    await onPlan(tenant, { maxMonthlyMessages: 10 });
    // 1 December 05:00 UTC: December in Tokyo since 30 November 15:00 UTC, still November in Los Angeles.
    t.ctx.clock.set(new Date('2026-12-01T05:00:00Z'));
    await sentBefore(lineAccountId, new Date('2026-11-15T00:00:00Z'), 4);
    await sentBefore(lineAccountId, new Date('2026-11-30T16:00:00Z'), 3, 2);
    const tokyo = await usage(tenant);
    expect([tokyo.month, tokyo.limits[2]]).toEqual([
      '2026-12',
      { limit: 'monthly_messages', used: 5, max: 10, percent: 50, near: false },
    ]);
    await t.db.update(accounts).set({ timeZone: 'America/Los_Angeles' }).where(eq(accounts.id, tenant.account.id));
    const losAngeles = await usage(tenant);
    expect([losAngeles.month, losAngeles.limits[2]!.used]).toEqual(['2026-11', 9]);
    await t.db.update(accounts).set({ timeZone: 'Asia/Tokyo' }).where(eq(accounts.id, tenant.account.id));

    // 5 used of 10: six recipients are refused as one send (nothing of it goes out), five fit.
    const friends = await Promise.all(Array.from({ length: 6 }, () => t.factory.friend(lineAccountId)));
    const send = (n: number) =>
      enqueueSend(t.ctx, channelScope(lineAccountId), {
        friendIds: friends.slice(0, n).map((f) => f.id),
        messages: [{ type: 'text', text: 'お知らせ' }],
        source: 'test',
      });
    const refused = await send(6);
    const refusedRows = await t.db.select().from(deliveries).where(inArray(deliveries.id, refused));
    expect(refusedRows.map((d) => [d.status, d.lastError])).toEqual([['failed', MESSAGE_LIMIT_MESSAGE(10)]]);
    const allowed = await send(5);
    const allowedRows = await t.db.select().from(deliveries).where(inArray(deliveries.id, allowed));
    expect(allowedRows.map((d) => d.lastError === MESSAGE_LIMIT_MESSAGE(10))).toEqual([false]);
  });
});
