import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminHomeApi } from '@linq/contract';
import type { Caller } from '../../test/kit.ts';
import { useTestApp } from '../../test/kit.ts';
import { incidents } from '../abnormal-detection/schema.ts';
import { deliveries } from '../delivery/schema.ts';
import { inquiries } from '../inquiries/schema.ts';
import { oems, accounts, oemPlans } from '../tenants/schema.ts';

const t = useTestApp({ tenants: 2, role: 'api', admin: true });

const NOW = new Date('2026-11-15T03:00:00Z');

/** A delivery LINE accepted at `sentAt`, to `recipients` friends. */
const sent = (lineAccountId: number, recipients: number, sentAt: Date) => ({
  lineAccountId,
  messages: [{ type: 'text', text: 'hi' }],
  friendIds: Array.from({ length: recipients }, (_, i) => i + 1),
  retryKey: randomUUID(),
  status: 'sent' as const,
  source: 'talk',
  sentAt,
});
const incident = (lineAccountId: number, severity: 'info' | 'warning' | 'critical', status = 'open' as const) => ({
  lineAccountId,
  detector: 'delivery_failures',
  subject: randomUUID(),
  severity,
  status,
  firstSeenAt: NOW,
  lastSeenAt: NOW,
  metric: 'sends_failed' as const,
});

let adminA: Caller;
let adminB: Caller;

beforeAll(async () => {
  t.ctx.clock.set(NOW);
  adminA = { token: t.tenant.tokens.oemAdmin };
  adminB = { token: t.other.tokens.oemAdmin };
  const a = t.tenant;
  const b = t.other;
  // A's account is on a plan of 2 channels, 10 staff and 100 messages a month; B's on a roomy one.
  const [planA] = await t.db
    .insert(oemPlans)
    .values({
      oemId: a.agency.oemId,
      name: 'スモール',
      monthlyPriceYen: 1000,
      maxChannels: 2,
      maxStaffUsers: 10,
      maxMonthlyMessages: 100,
    })
    .returning();
  const [planB] = await t.db
    .insert(oemPlans)
    .values({
      oemId: b.agency.oemId,
      name: 'ラージ',
      monthlyPriceYen: 1000,
      maxChannels: 50,
      maxStaffUsers: 50,
      maxMonthlyMessages: 100_000,
    })
    .returning();
  await t.db.update(accounts).set({ oemPlanId: planA!.id }).where(eq(accounts.id, a.account.id));
  await t.db.update(accounts).set({ oemPlanId: planB!.id }).where(eq(accounts.id, b.account.id));

  const channelA = a.channels[0]!.id;
  const channelB = b.channels[0]!.id;
  for (let i = 0; i < 3; i++) await t.factory.friend(channelA);
  await t.factory.friend(channelA, { status: 'blocked' });
  for (let i = 0; i < 5; i++) await t.factory.friend(channelB);

  await t.db.insert(deliveries).values([
    sent(channelA, 60, new Date('2026-11-02T00:00:00Z')),
    sent(a.channels[1]!.id, 25, new Date('2026-11-14T00:00:00Z')),
    // Last month's: not this month's figure.
    sent(channelA, 40, new Date('2026-10-20T00:00:00Z')),
    sent(channelB, 7, new Date('2026-11-03T00:00:00Z')),
  ]);
  await t.db
    .insert(incidents)
    .values([
      incident(channelA, 'critical'),
      incident(channelA, 'warning'),
      { ...incident(channelA, 'info'), status: 'resolved' as const },
      incident(channelB, 'info'),
    ]);
  await t.db.insert(inquiries).values([
    { lineAccountId: channelA, userId: a.staff.id, category: 'trouble', subject: '配信できません', body: '詳細' },
    { lineAccountId: channelB, userId: b.staff.id, category: 'usage', subject: 'B社の質問', body: '詳細' },
  ]);
});

describe('admin home', () => {
  it("shows the acting OEM's figures, accounts near a plan limit, open anomalies and recent inquiries", async () => {
    const home = await t.call(adminHomeApi.get, {}, adminA);
    expect(home.status).toBe(200);
    const data = home.output.data;
    expect(data.counts).toEqual({
      oems: null,
      agencies: 1,
      accounts: 1,
      channels: 2,
      friends: 3,
      messages_this_month: 85,
    });
    expect(data.near_limits).toEqual([
      {
        account: { id: t.tenant.account.id, name: t.tenant.account.name },
        plan: { id: expect.any(Number), name: 'スモール' },
        limits: [
          { limit: 'channels', used: 2, max: 2, percent: 100 },
          { limit: 'monthly_messages', used: 85, max: 100, percent: 85 },
        ],
      },
    ]);
    expect(data.anomalies.by_severity).toEqual([
      { severity: 'critical', count: 1 },
      { severity: 'warning', count: 1 },
      { severity: 'info', count: 0 },
    ]);
    expect(data.anomalies.recent.map((item) => item.severity).sort()).toEqual(['critical', 'warning']);
    expect(data.anomalies.recent[0]).toMatchObject({
      channel: { id: t.tenant.channels[0]!.id },
      account: { id: t.tenant.account.id },
    });
    expect(data.inquiries).toEqual([
      expect.objectContaining({ subject: '配信できません', category: 'trouble', status: 'open' }),
    ]);
  });

  it("leaves other OEMs out of a partner admin's figures", async () => {
    const data = (await t.call(adminHomeApi.get, {}, adminB)).output.data;
    expect(data.counts).toEqual({
      oems: null,
      agencies: 1,
      accounts: 1,
      channels: 2,
      friends: 5,
      messages_this_month: 7,
    });
    expect(data.near_limits).toEqual([]);
    expect(data.anomalies.by_severity).toEqual([
      { severity: 'critical', count: 0 },
      { severity: 'warning', count: 0 },
      { severity: 'info', count: 1 },
    ]);
    expect(data.inquiries.map((item) => item.subject)).toEqual(['B社の質問']);
    // Naming A's OEM is a 404 for B's admin.
    expect((await t.call(adminHomeApi.get, { query: { oem_id: t.tenant.agency.oemId } }, adminB)).status).toBe(404);
  });

  it('gives a platform admin the OEM count and the figures of the OEM they act on', async () => {
    const [row] = await t.db.select({ n: count() }).from(oems);
    const n = row!.n;
    expect(n).toBeGreaterThanOrEqual(3);
    const data = (await t.call(adminHomeApi.get, { query: { oem_id: t.tenant.agency.oemId } }, t.admin)).output.data;
    expect(data.counts).toMatchObject({ oems: n, agencies: 1, accounts: 1, friends: 3, messages_this_month: 85 });
    // On their own (default) OEM, with nothing of its own here: empty sections.
    const own = (await t.call(adminHomeApi.get, {}, t.admin)).output.data;
    expect(own.near_limits).toEqual([]);
    expect(own.inquiries).toEqual([]);
    expect(own.anomalies.recent).toEqual([]);
  });
});
