import { beforeAll, describe, expect, it } from 'vitest';
import { agencyDashboardApi } from '@linq/contract';
import { useTestApp } from '../../test/kit.ts';
import { incidents } from '../abnormal-detection/schema.ts';
import { agencyContracts } from '../agency-contracts/schema.ts';

const t = useTestApp({ tenants: 2, role: 'api' });

let member: { token: string };
const manager = () => ({ token: t.tenant.tokens.agency });

beforeAll(async () => {
  t.ctx.clock.set(new Date('2026-06-15T03:00:00Z'));
  const memberUser = await t.factory.user('agency', { agencyId: t.tenant.agency.id, agencyRole: 'member' });
  member = { token: await t.factory.login('agency', memberUser.email) };
  const planId = (await t.factory.oemPlan(t.tenant.agency.oemId)).id;
  const second = await t.factory.account({
    oemId: t.tenant.agency.oemId,
    agencyId: t.tenant.agency.id,
    name: '第二の顧客',
  });
  const contract = (accountId: number, values: Partial<typeof agencyContracts.$inferInsert>) => ({
    agencyId: t.tenant.agency.id,
    accountId,
    oemPlanId: planId,
    startDate: '2025-01-01',
    endDate: '2026-12-31',
    monthlyFeeYen: 30_000,
    status: 'active' as const,
    ...values,
  });
  await t.db.insert(agencyContracts).values([
    // Live all year: counted every month and today.
    contract(t.tenant.account.id, {}),
    // Ends within 30 days (ending), started in March.
    contract(second.id, { startDate: '2026-03-01', endDate: '2026-07-10', monthlyFeeYen: 10_000, status: 'ending' }),
    // Ended in April: in the trend's earlier months only.
    contract(second.id, { startDate: '2025-10-01', endDate: '2026-02-28', monthlyFeeYen: 5_000, status: 'ended' }),
    // Neither a draft nor a cancelled contract ever counts.
    contract(second.id, { startDate: '2027-01-01', endDate: '2027-12-31', status: 'draft' }),
    contract(t.tenant.account.id, { startDate: '2026-01-01', endDate: '2026-08-01', status: 'cancelled' }),
  ]);
  const channel = t.tenant.channels[0]!;
  const at = t.ctx.clock.now();
  const incident = { lineAccountId: channel.id, metric: 'sends_failed' as const, firstSeenAt: at, lastSeenAt: at };
  await t.db.insert(incidents).values([
    { ...incident, detector: 'delivery_failure_rate', severity: 'critical' },
    { ...incident, detector: 'quota', severity: 'warning' },
    { ...incident, detector: 'block_spike', severity: 'warning', status: 'resolved', resolvedAt: at },
  ]);
  // Another agency's incident is not this agency's.
  await t.db.insert(incidents).values({
    ...incident,
    lineAccountId: t.other.channels[0]!.id,
    detector: 'quota',
    severity: 'critical',
  });
});

describe('agency dashboard', () => {
  it('counts the agency’s clients and contracts, sums the fees live today and per month, and lists channels with open anomalies', async () => {
    const { output } = await t.call(agencyDashboardApi.get, {}, manager());
    const data = output.data;
    expect(data).toMatchObject({
      client_accounts: 2,
      live_contracts: 2,
      ending_within: { days_30: 1, days_60: 1 },
      revenue: { monthly_recurring_yen: 40_000 },
    });
    expect(data.revenue!.trend).toHaveLength(12);
    expect(data.revenue!.trend.at(-1)).toEqual({ month: '2026-06', yen: 40_000 });
    expect(data.revenue!.trend.find((m) => m.month === '2026-02')).toEqual({ month: '2026-02', yen: 35_000 });
    expect(data.revenue!.trend.find((m) => m.month === '2025-07')).toEqual({ month: '2025-07', yen: 30_000 });
    expect(data.anomaly_channels).toEqual([
      expect.objectContaining({
        channel_id: t.tenant.channels[0]!.id,
        account_id: t.tenant.account.id,
        open: { info: 0, warning: 1, critical: 1 },
      }),
    ]);
  });

  it('gives a member the figures without the fees', async () => {
    const { output } = await t.call(agencyDashboardApi.get, {}, member);
    expect(output.data.revenue).toBeUndefined();
    expect(output.data.live_contracts).toBe(2);
  });

  it('shows another agency only its own', async () => {
    const { output } = await t.call(agencyDashboardApi.get, {}, { token: t.other.tokens.agency });
    expect(output.data).toMatchObject({ client_accounts: 1, live_contracts: 0, revenue: { monthly_recurring_yen: 0 } });
    expect(output.data.anomaly_channels).toHaveLength(1);
    expect(output.data.anomaly_channels[0]!.channel_id).toBe(t.other.channels[0]!.id);
  });
});
