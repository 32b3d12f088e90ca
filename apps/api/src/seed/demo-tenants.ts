import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { permissionsWith } from '@linq/contract';
import { users } from '../modules/sessions/schema.ts';
import { staffAuthorities } from '../modules/staff-authorities/schema.ts';
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

/** The account at its plan's staff limit: its owner adding a staff user sees the plan's message. */
export const NEAR_LIMIT_ACCOUNT = { name: 'Demo Café', ownerEmail: 'cafe@demo.example' };

/**
 * An account the demo OEM serves directly (no agency, so no contract locks its plan): on the light
 * plan paying by bank transfer, its owner tries card payment and a plan change through the Stripe
 * stand-in; last month's transfer is overdue, for the platform admin to record (demo-billing.ts).
 */
export const DIRECT_ACCOUNT = {
  name: 'Demo Bakery',
  ownerEmail: 'bakery@demo.example',
  ownerName: 'デモベーカリー オーナー',
};

/**
 * The demo OEM's plans, the demo account on the standard one, the demo agency's contact, and a
 * second account of the agency on the light plan with all of its staff seats taken (the admin home
 * lists it near its limits; its owner, cafe@demo.example, is refused a fourth staff user), and the
 * OEM's direct account on the light plan.
 */
export async function seedDemoTenants(
  db: Db,
  ids: { oemId: number; agencyId: number; accountId: number },
  passwordHash: string,
) {
  const plans = await db
    .insert(oemPlans)
    .values(DEMO_PLANS.map((plan) => ({ ...plan, oemId: ids.oemId })))
    .returning({ id: oemPlans.id, name: oemPlans.name });
  const standard = plans.find((plan) => plan.name === 'スタンダード')!;
  await db.update(accounts).set({ oemPlanId: standard.id }).where(eq(accounts.id, ids.accountId));
  const light = plans.find((plan) => plan.name === 'ライト')!;
  await seedNearLimitAccount(db, ids, light.id, passwordHash);
  await seedDirectAccount(db, ids.oemId, light.id, passwordHash);
  await db
    .update(agencies)
    .set({ contactName: 'デモ代理店担当', contactEmail: 'agency@demo.example', contactPhone: '03-0000-0000' })
    .where(eq(agencies.id, ids.agencyId));
}

async function seedNearLimitAccount(
  db: Db,
  ids: { oemId: number; agencyId: number },
  planId: number,
  passwordHash: string,
): Promise<void> {
  const [cafe] = await db
    .insert(accounts)
    .values({ oemId: ids.oemId, agencyId: ids.agencyId, name: NEAR_LIMIT_ACCOUNT.name, oemPlanId: planId })
    .returning({ id: accounts.id });
  const accountId = cafe!.id;
  const [authority] = await db
    .insert(staffAuthorities)
    .values({
      accountId,
      name: '全権限',
      description: 'すべての機能を編集できます',
      permissions: permissionsWith('edit', true),
    })
    .returning({ id: staffAuthorities.id });
  const seats = DEMO_PLANS.find((plan) => plan.name === 'ライト')!.maxStaffUsers;
  await db.insert(users).values([
    { role: 'account', email: NEAR_LIMIT_ACCOUNT.ownerEmail, name: 'デモカフェ オーナー', passwordHash, accountId },
    ...Array.from({ length: seats }, (_, i) => ({
      role: 'service' as const,
      email: `cafe-staff${i + 1}@demo.example`,
      name: `カフェスタッフ ${i + 1}`,
      passwordHash,
      accountId,
      staffAuthorityId: authority!.id,
    })),
  ]);
}

async function seedDirectAccount(db: Db, oemId: number, planId: number, passwordHash: string): Promise<void> {
  const [bakery] = await db
    .insert(accounts)
    .values({ oemId, name: DIRECT_ACCOUNT.name, oemPlanId: planId })
    .returning({ id: accounts.id });
  await db.insert(users).values({
    role: 'account',
    email: DIRECT_ACCOUNT.ownerEmail,
    name: DIRECT_ACCOUNT.ownerName,
    passwordHash,
    accountId: bakery!.id,
  });
}
