import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { AccountScope, ChannelScope, OemScope } from '../../platform/principal.ts';
import { deliveries } from '../delivery/schema.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { users } from '../sessions/schema.ts';
import { accounts, oemPlans } from '../tenants/schema.ts';

/*
 * Usage of an account against its OEM plan, read from the owning modules' tables in one place, so
 * that the account owner's usage, the admin account detail, the admin home's "near limits" and the
 * checks that refuse count the same way.
 */

const planColumns = {
  id: oemPlans.id,
  name: oemPlans.name,
  maxChannels: oemPlans.maxChannels,
  maxStaffUsers: oemPlans.maxStaffUsers,
  maxMonthlyMessages: oemPlans.maxMonthlyMessages,
  richMenuRules: oemPlans.richMenuRules,
  forms: oemPlans.forms,
  inflowRoutes: oemPlans.inflowRoutes,
};

/** The account's calendar month around `now` in its own time zone: [start, end) as SQL instants. */
const monthStart = (now: Date) =>
  sql`(date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${accounts.timeZone}) at time zone ${accounts.timeZone})`;
const monthEnd = (now: Date) =>
  sql`((date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${accounts.timeZone}) + interval '1 month') at time zone ${accounts.timeZone})`;

/** Channels of the account. */
const channelCount = sql<number>`(select count(*) from ${lineAccounts} where ${lineAccounts.accountId} = ${accounts.id})`;
/** Staff logins of the account, disabled ones too (they hold a seat until deleted). */
const staffCount = sql<number>`(select count(*) from ${users} where ${users.accountId} = ${accounts.id} and ${users.role} = 'service')`;
/**
 * Messages of the account's channels this month, one per recipient of a request: those LINE accepted
 * this month and those still to go out (queued, sending, waiting), which are reserved once recorded.
 * Failed ones never reached anyone and do not count.
 */
const messageCount = (now: Date) => sql<number>`(
  select coalesce(sum(cardinality(${deliveries.friendIds})), 0) from ${deliveries}
  inner join ${lineAccounts} on ${lineAccounts.id} = ${deliveries.lineAccountId}
  where ${lineAccounts.accountId} = ${accounts.id}
    and (${deliveries.status} in ('queued', 'sending', 'waiting')
      or (${deliveries.status} = 'sent' and ${deliveries.sentAt} >= ${monthStart(now)} and ${deliveries.sentAt} < ${monthEnd(now)})))`;

function usageQuery(db: Db, where: SQL | undefined, now: Date) {
  return db
    .select({
      accountId: accounts.id,
      accountName: accounts.name,
      timeZone: accounts.timeZone,
      plan: planColumns,
      channels: channelCount.mapWith(Number),
      staffUsers: staffCount.mapWith(Number),
      monthlyMessages: messageCount(now).mapWith(Number),
    })
    .from(accounts)
    .leftJoin(oemPlans, eq(oemPlans.id, accounts.oemPlanId))
    .where(where)
    .orderBy(asc(accounts.id));
}
export type UsageRow = Awaited<ReturnType<typeof usageQuery>>[number];

/** The account's plan (null: none) and its usage now. */
export async function usageOfAccount(db: Db, { accountId }: AccountScope, now: Date): Promise<UsageRow | undefined> {
  const [row] = await usageQuery(db, eq(accounts.id, accountId), now);
  return row;
}

/** Every account of the OEM that is on a plan, with its usage now. */
export async function usageOfOemAccountsOnPlans(db: Db, { oemId }: OemScope, now: Date): Promise<UsageRow[]> {
  return usageQuery(db, and(eq(accounts.oemId, oemId), sql`${accounts.oemPlanId} is not null`), now);
}

/** The account's plan, null when it has none; undefined: no such account. */
export async function planOfAccount(db: Db, { accountId }: AccountScope) {
  const [row] = await db
    .select({ plan: planColumns })
    .from(accounts)
    .leftJoin(oemPlans, eq(oemPlans.id, accounts.oemPlanId))
    .where(eq(accounts.id, accountId));
  return row ? row.plan : undefined;
}

/**
 * The account's plan and its messages this month, with the account row locked until the caller's
 * transaction ends: two sends of one account are judged one after the other, never both against
 * the same remainder.
 */
export async function lockedMessageUsage(db: Db, { accountId }: AccountScope, now: Date) {
  // No key update: rows that merely reference the account (a new channel or user) are not held up.
  const [locked] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('no key update');
  if (!locked) return undefined;
  const [row] = await db
    .select({ plan: planColumns, used: messageCount(now).mapWith(Number) })
    .from(accounts)
    .leftJoin(oemPlans, eq(oemPlans.id, accounts.oemPlanId))
    .where(eq(accounts.id, accountId));
  return row;
}

/** The account that owns the channel. */
export async function accountOfChannel(db: Db, { lineAccountId }: ChannelScope): Promise<number | undefined> {
  const [row] = await db
    .select({ accountId: lineAccounts.accountId })
    .from(lineAccounts)
    .where(eq(lineAccounts.id, lineAccountId));
  return row?.accountId;
}
