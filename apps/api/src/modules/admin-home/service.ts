import { ADMIN_HOME_LIST_MAX, INCIDENT_SEVERITIES, type AdminHome } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { PLATFORM_SCOPE, type OemScope } from '../../platform/principal.ts';
import { quotaMonth } from '../abnormal-detection/detectors/quota.ts';
import { openCountsOfOem, recentOpenOfOem } from '../abnormal-detection/repository.ts';
import { accountCountOfOem } from '../accounts/repository.ts';
import { agencyCountOfOem } from '../agencies/repository.ts';
import { sentMessagesPerAccountOfOem } from '../delivery/repository.ts';
import { followingFriendsOfOem } from '../friends/repository.ts';
import { recentOfOem } from '../inquiries/repository.ts';
import { channelsPerAccountOfOem } from '../line-accounts/repository.ts';
import { oemCount } from '../oems/repository.ts';
import { accountsNearLimits } from '../plan-limits/service.ts';

/** What the admin home reads: the acting OEM, and whether the caller sees the platform (the OEM count). */
export interface HomeView {
  scope: OemScope;
  platform: boolean;
}

const perAccount = (rows: { accountId: number; n: number }[]) => new Map(rows.map((row) => [row.accountId, row.n]));
const sum = (figures: Map<number, number>) => [...figures.values()].reduce((total, n) => total + n, 0);

/**
 * The acting OEM's home: its figures, the accounts near a limit of their plan (plan-limits' own
 * judgement, as the account owner sees it; fullest first), its open anomalies by severity and the
 * newest of them, and the newest inquiries. Every figure is the acting OEM's only; other modules' data is read through the
 * functions they export for it.
 */
export async function home(ctx: AppContext, { scope, platform }: HomeView): Promise<AdminHome> {
  const db = ctx.database.db;
  const month = quotaMonth(ctx.clock.now());
  const [oems, agencies, accounts, channels, sent, friends, near, severities, incidents, inquiries] = await Promise.all(
    [
      platform ? oemCount(db, PLATFORM_SCOPE) : Promise.resolve(null),
      agencyCountOfOem(db, scope),
      accountCountOfOem(db, scope),
      channelsPerAccountOfOem(db, scope).then(perAccount),
      sentMessagesPerAccountOfOem(db, scope, month.start, month.end).then(perAccount),
      followingFriendsOfOem(db, scope),
      accountsNearLimits(db, scope, ctx.clock.now()),
      openCountsOfOem(db, scope),
      recentOpenOfOem(db, scope, ADMIN_HOME_LIST_MAX),
      recentOfOem(db, scope, ADMIN_HOME_LIST_MAX),
    ],
  );

  const nearLimits = near
    .sort((a, b) => fullest(b) - fullest(a) || a.account.id - b.account.id)
    .slice(0, ADMIN_HOME_LIST_MAX);

  const bySeverity = new Map(severities.map((row) => [row.severity, row.n]));
  return {
    counts: {
      oems,
      agencies,
      accounts,
      channels: sum(channels),
      friends,
      messages_this_month: sum(sent),
    },
    near_limits: nearLimits,
    anomalies: {
      by_severity: [...INCIDENT_SEVERITIES].reverse().map((severity) => ({
        severity,
        count: bySeverity.get(severity) ?? 0,
      })),
      recent: incidents.map((row) => ({
        id: row.id,
        detector: row.detector,
        severity: row.severity,
        channel: { id: row.channelId, name: row.channelName },
        account: { id: row.accountId, name: row.accountName },
        last_seen_at: row.lastSeenAt.toISOString(),
      })),
    },
    inquiries: inquiries.map((row) => ({
      id: row.id,
      subject: row.subject,
      category: row.category,
      status: row.status,
      channel: { id: row.channelId, name: row.channelName },
      account: { id: row.accountId, name: row.accountName },
      created_at: row.createdAt.toISOString(),
    })),
  };
}

const fullest = (row: { limits: { percent: number }[] }) => Math.max(...row.limits.map((limit) => limit.percent));
