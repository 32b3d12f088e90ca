import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { accounts, agencies, oemPlans } from '../modules/tenants/schema.ts';

/** The demo OEM's two plans (prices before tax), the lighter one for a shop with one channel. */
export const DEMO_PLANS = [
  {
    name: 'ライト',
    monthlyPriceYen: 4_980,
    maxChannels: 1,
    maxStaffUsers: 3,
    maxMonthlyMessages: 5_000,
    richMenuRules: false,
    forms: true,
    inflowRoutes: false,
  },
  {
    name: 'スタンダード',
    monthlyPriceYen: 19_800,
    maxChannels: 3,
    maxStaffUsers: 10,
    maxMonthlyMessages: 50_000,
    richMenuRules: true,
    forms: true,
    inflowRoutes: true,
  },
] as const;

/** The demo OEM's plans, the demo account on the standard one, and the demo agency's contact. */
export async function seedDemoTenants(db: Db, ids: { oemId: number; agencyId: number; accountId: number }) {
  const plans = await db
    .insert(oemPlans)
    .values(DEMO_PLANS.map((plan) => ({ ...plan, oemId: ids.oemId })))
    .returning({ id: oemPlans.id, name: oemPlans.name });
  const standard = plans.find((plan) => plan.name === 'スタンダード')!;
  await db.update(accounts).set({ oemPlanId: standard.id }).where(eq(accounts.id, ids.accountId));
  await db
    .update(agencies)
    .set({ contactName: 'デモ代理店担当', contactEmail: 'agency@demo.example', contactPhone: '03-0000-0000' })
    .where(eq(agencies.id, ids.agencyId));
}
