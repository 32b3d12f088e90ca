import { and, eq } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { agencyContractChanges, agencyContracts } from '../modules/agency-contracts/schema.ts';
import { addDays, addMonths, settle, today } from '../modules/agency-contracts/dates.ts';
import { users } from '../modules/sessions/schema.ts';
import { accounts, oemPlans } from '../modules/tenants/schema.ts';
import { NEAR_LIMIT_ACCOUNT } from './demo-tenants.ts';

export const DEMO_AGENCY_MEMBER_EMAIL = 'agency-member@demo.example';

/**
 * Demo Agency's side: a member user (no users screen, no fees), and a contract of each of its two
 * clients: Demo Shop's runs and auto-renews, Demo Café's (light plan) ends within the month (ending).
 */
export async function seedDemoAgency(
  db: Db,
  ids: { oemId: number; agencyId: number; accountId: number },
  now: Date,
  passwordHash: string,
): Promise<void> {
  const plans = await db
    .select({ id: oemPlans.id, name: oemPlans.name })
    .from(oemPlans)
    .where(eq(oemPlans.oemId, ids.oemId));
  const planId = (name: string) => plans.find((plan) => plan.name === name)!.id;
  // The agency's second client is the demo account at its plan's staff limit (demo-tenants.ts).
  const [cafe] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.agencyId, ids.agencyId), eq(accounts.name, NEAR_LIMIT_ACCOUNT.name)));
  await db.insert(users).values({
    role: 'agency',
    email: DEMO_AGENCY_MEMBER_EMAIL,
    name: 'デモ代理店 メンバー',
    passwordHash,
    agencyId: ids.agencyId,
    agencyRole: 'member',
  });

  const day = today(now);
  const contracts = [
    {
      accountId: ids.accountId,
      oemPlanId: planId('スタンダード'),
      startDate: addMonths(day, -8),
      endDate: addDays(addMonths(day, 4), -1),
      monthlyFeeYen: 30_000,
      billingCycle: 'monthly' as const,
      autoRenewal: true,
      notes: '初年度は導入支援込み',
    },
    {
      accountId: cafe!.id,
      oemPlanId: planId('ライト'),
      startDate: addMonths(day, -11),
      endDate: addDays(day, 20),
      monthlyFeeYen: 9_800,
      billingCycle: 'monthly' as const,
      autoRenewal: false,
      notes: '更新の意向を確認中',
    },
  ];
  for (const contract of contracts) {
    const { status } = settle(contract, day);
    const [row] = await db
      .insert(agencyContracts)
      .values({ ...contract, agencyId: ids.agencyId, status })
      .returning({ id: agencyContracts.id });
    await db.insert(agencyContractChanges).values({
      contractId: row!.id,
      agencyId: ids.agencyId,
      userId: null,
      action: 'status',
      changes: { status: ['draft', status] },
    });
  }
}
