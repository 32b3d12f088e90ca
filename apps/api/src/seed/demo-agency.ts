import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { agencyContractChanges, agencyContracts } from '../modules/agency-contracts/schema.ts';
import { addDays, addMonths, settle, today } from '../modules/agency-contracts/dates.ts';
import { users } from '../modules/sessions/schema.ts';
import { accounts, oemPlans } from '../modules/tenants/schema.ts';

export const DEMO_AGENCY_MEMBER_EMAIL = 'agency-member@demo.example';
const SECOND_CLIENT = 'Demo Cafe';

/**
 * Demo Agency's side: a member user (no users screen, no fees), a second client account on the
 * light plan, and a contract of each client: Demo Shop's runs and auto-renews, Demo Cafe's ends
 * within the month (ending).
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
  const [cafe] = await db
    .insert(accounts)
    .values({ oemId: ids.oemId, agencyId: ids.agencyId, name: SECOND_CLIENT, oemPlanId: planId('ライト') })
    .returning({ id: accounts.id });
  await db.insert(users).values([
    {
      role: 'agency',
      email: DEMO_AGENCY_MEMBER_EMAIL,
      name: 'デモ代理店 メンバー',
      passwordHash,
      agencyId: ids.agencyId,
      agencyRole: 'member',
    },
    {
      role: 'account',
      email: 'cafe-owner@demo.example',
      name: 'デモカフェ オーナー',
      passwordHash,
      accountId: cafe!.id,
    },
  ]);

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
