import {
  CHANNEL_LIMIT_MESSAGE,
  FEATURE_OFF_MESSAGE,
  MESSAGE_LIMIT_MESSAGE,
  NEAR_LIMIT_PERCENT,
  STAFF_LIMIT_MESSAGE,
  type AccountUsage,
  type PlanFeature,
  type PlanLimit,
  type PlanLimitFigure,
} from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import { forbidden } from '../../platform/errors.ts';
import { accountScope, type AccountScope, type ChannelScope, type OemScope } from '../../platform/principal.ts';
import * as repo from './repository.ts';

/** What an account's plan allows; null: the account has no plan, so no limits. */
export interface PlanLimits {
  plan: { id: number; name: string };
  max: Record<PlanLimit, number>;
  features: Record<PlanFeature, boolean>;
}

/** Without a plan every feature is on. */
const EVERY_FEATURE: Record<PlanFeature, boolean> = { rich_menu_rules: true, forms: true, inflow_routes: true };

type PlanColumns = NonNullable<repo.UsageRow['plan']>;

const limitsOf = (plan: PlanColumns | null): PlanLimits | null =>
  plan && {
    plan: { id: plan.id, name: plan.name },
    max: { channels: plan.maxChannels, staff_users: plan.maxStaffUsers, monthly_messages: plan.maxMonthlyMessages },
    features: { rich_menu_rules: plan.richMenuRules, forms: plan.forms, inflow_routes: plan.inflowRoutes },
  };

/** The limits of the account's plan; null when it has none (an account without a plan has no limits). */
export async function effectiveLimits(db: Db, scope: AccountScope): Promise<PlanLimits | null> {
  return limitsOf((await repo.planOfAccount(db, scope)) ?? null);
}

/** The share of a limit used, in percent to one decimal; a limit of 0 is full from the start. */
export function percentOf(used: number, max: number): number {
  if (max <= 0) return 100;
  return Math.round((used / max) * 1000) / 10;
}

const usedOf = (row: repo.UsageRow): Record<PlanLimit, number> => ({
  channels: row.channels,
  staff_users: row.staffUsers,
  monthly_messages: row.monthlyMessages,
});

/** The month `now` falls in, in the time zone, as YYYY-MM. */
function monthIn(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

function presentUsage(row: repo.UsageRow, now: Date): AccountUsage {
  const limits = limitsOf(row.plan);
  const used = usedOf(row);
  return {
    plan: limits?.plan ?? null,
    limits: (Object.keys(used) as PlanLimit[]).map((limit) => {
      const max = limits ? limits.max[limit] : null;
      const percent = max === null ? null : percentOf(used[limit], max);
      return { limit, used: used[limit], max, percent, near: percent !== null && percent >= NEAR_LIMIT_PERCENT };
    }),
    features: limits?.features ?? EVERY_FEATURE,
    month: monthIn(now, row.timeZone),
    time_zone: row.timeZone,
  };
}

/** The account's usage against its plan's limits (the owner's /account/usage, the admin account detail). */
export async function usageOf(db: Db, scope: AccountScope, now: Date): Promise<AccountUsage | undefined> {
  const row = await repo.usageOfAccount(db, scope, now);
  return row && presentUsage(row, now);
}

/** The OEM's accounts at or above NEAR_LIMIT_PERCENT of a limit of their plan, with those limits. */
export async function accountsNearLimits(db: Db, scope: OemScope, now: Date) {
  const rows = await repo.usageOfOemAccountsOnPlans(db, scope, now);
  return rows.flatMap((row) => {
    const limits = limitsOf(row.plan);
    if (!limits) return [];
    const used = usedOf(row);
    const near: PlanLimitFigure[] = (Object.keys(used) as PlanLimit[])
      .map((limit) => ({
        limit,
        used: used[limit],
        max: limits.max[limit],
        percent: percentOf(used[limit], limits.max[limit]),
      }))
      .filter((figure) => figure.percent >= NEAR_LIMIT_PERCENT);
    return near.length > 0
      ? [{ account: { id: row.accountId, name: row.accountName }, plan: limits.plan, limits: near }]
      : [];
  });
}

/** Refuses (403) a new channel of the account beyond its plan's limit. */
export async function requireChannelRoom(db: Db, scope: AccountScope, now: Date): Promise<void> {
  const row = await repo.usageOfAccount(db, scope, now);
  const limits = row && limitsOf(row.plan);
  if (row && limits && row.channels >= limits.max.channels) throw forbidden(CHANNEL_LIMIT_MESSAGE(limits.max.channels));
}

/** Refuses (403) a new staff user of the account beyond its plan's limit. */
export async function requireStaffRoom(db: Db, scope: AccountScope, now: Date): Promise<void> {
  const row = await repo.usageOfAccount(db, scope, now);
  const limits = row && limitsOf(row.plan);
  if (row && limits && row.staffUsers >= limits.max.staff_users) {
    throw forbidden(STAFF_LIMIT_MESSAGE(limits.max.staff_users));
  }
}

/** Refuses (403) creating what a feature of the plan makes when the account's plan has it off. */
export async function requireFeature(db: Db, scope: AccountScope | ChannelScope, feature: PlanFeature): Promise<void> {
  const accountId = scope.level === 'account' ? scope.accountId : await repo.accountOfChannel(db, scope);
  if (accountId === undefined) return;
  const limits = await effectiveLimits(db, accountScope(accountId));
  if (limits && !limits.features[feature]) throw forbidden(FEATURE_OFF_MESSAGE(feature));
}

/**
 * Why a send of `recipients` messages (one per recipient of a request) from the channel is refused,
 * or null when the account's plan allows it this month. Judged with the account locked until `db`'s
 * transaction ends, so a whole send fits or is refused as a whole. `recorded`: the send's deliveries
 * are written already, in `db`'s transaction, as to be sent (the month's count includes them).
 */
export async function messageRefusal(
  db: Db,
  scope: ChannelScope,
  recipients: number,
  now: Date,
  { recorded = false }: { recorded?: boolean } = {},
): Promise<string | null> {
  if (recipients === 0) return null;
  const accountId = await repo.accountOfChannel(db, scope);
  if (accountId === undefined) return null;
  // Without a plan there is no limit: no lock and no count, so such sends never wait on each other.
  if (!(await repo.planOfAccount(db, accountScope(accountId)))) return null;
  const row = await repo.lockedMessageUsage(db, accountScope(accountId), now);
  const limits = row && limitsOf(row.plan);
  if (!row || !limits) return null;
  const max = limits.max.monthly_messages;
  return row.used + (recorded ? 0 : recipients) > max ? MESSAGE_LIMIT_MESSAGE(max) : null;
}
