import { and, eq } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { agencyScope, oemScope } from '../platform/principal.ts';
import * as notices from '../modules/agency-notices/repository.ts';
import { publishToAccounts } from '../modules/news/service.ts';
import { markRead } from '../modules/news/repository.ts';
import { agencyContractChanges, agencyContracts } from '../modules/agency-contracts/schema.ts';
import { addDays, addMonths, settle, today } from '../modules/agency-contracts/dates.ts';
import { users } from '../modules/sessions/schema.ts';
import { accounts, oemPlans } from '../modules/tenants/schema.ts';
import { NEAR_LIMIT_ACCOUNT } from './demo-tenants.ts';

export const DEMO_AGENCY_MEMBER_EMAIL = 'agency-member@demo.example';

/**
 * Demo Agency's side: a member user (no users screen, no fees), and a contract of each of its two
 * clients: Demo Shop's runs and auto-renews, Demo Café's (light plan) ends within the month (ending).
 * Its notices (/agency/send): one sent to every client five days ago, which Demo Shop's staff has
 * read, and one scheduled for the light-plan clients in three days.
 */
export async function seedDemoAgency(
  db: Db,
  ids: { oemId: number; agencyId: number; accountId: number; staffUserId: number },
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
  const [member] = await db
    .insert(users)
    .values({
      role: 'agency',
      email: DEMO_AGENCY_MEMBER_EMAIL,
      name: 'デモ代理店 メンバー',
      passwordHash,
      agencyId: ids.agencyId,
      agencyRole: 'member',
    })
    .returning({ id: users.id });

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
  await seedDemoNotices(db, ids, member!.id, planId('ライト'), now);
}

const DAY_MS = 86_400_000;

/** Demo Agency's notices: a past one to every client (read by Demo Shop's staff), and a scheduled one. */
async function seedDemoNotices(
  db: Db,
  ids: { oemId: number; agencyId: number; accountId: number; staffUserId: number },
  authorId: number,
  lightPlanId: number,
  now: Date,
): Promise<void> {
  const scope = agencyScope(ids.agencyId);
  const sentAt = new Date(now.getTime() - 5 * DAY_MS);
  const title = '年末年始のサポート体制について';
  const body = [
    'いつもご利用いただきありがとうございます。',
    '',
    '12月28日〜1月4日は、弊社サポート窓口の受付を**メールのみ**とさせていただきます。',
    '配信の設定変更などのご相談は、お早めにご連絡ください。',
  ].join('\n');
  const past = await notices.insert(
    db,
    scope,
    {
      title,
      body,
      audience: 'all',
      audiencePlanId: null,
      audienceContractState: null,
      sendAt: sentAt,
      createdBy: authorId,
    },
    [],
  );
  const accountIds = await notices.resolve(db, scope, {
    audience: 'all',
    planId: null,
    contractState: null,
    accountIds: [],
  });
  const newsId = await publishToAccounts(db, oemScope(ids.oemId), { title, body, publishAt: sentAt }, accountIds);
  // Mailed back then: the worker's sweep has nothing left to send for it.
  await notices.markSent(db, scope, past, { newsId, sentAt, accountIds, mailedAt: sentAt });
  await markRead(
    db,
    { userId: ids.staffUserId, place: { oemId: ids.oemId, agencyId: ids.agencyId, accountId: ids.accountId } },
    newsId,
    now,
  );
  await notices.insert(
    db,
    scope,
    {
      title: 'ライトプランの料金改定のお知らせ',
      body: '来月から、ライトプランの月額料金を改定します。詳しくは担当者からご案内します。',
      audience: 'plan',
      audiencePlanId: lightPlanId,
      audienceContractState: null,
      sendAt: new Date(now.getTime() + 3 * DAY_MS),
      createdBy: authorId,
    },
    [],
  );
}
