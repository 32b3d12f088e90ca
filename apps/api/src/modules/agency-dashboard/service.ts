import {
  AGENCY_ENDING_WINDOWS,
  INCIDENT_SEVERITIES,
  LIVE_CONTRACT_STATUSES,
  REVENUE_TREND_MONTHS,
  type AgencyDashboard,
  type IncidentSeverity,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { AgencyScope } from '../../platform/principal.ts';
import { openChannelsOfAgency } from '../abnormal-detection/repository.ts';
import { clientCount } from '../agency-accounts/repository.ts';
import { addDays, addMonths, today } from '../agency-contracts/dates.ts';
import { feeTerms } from '../agency-contracts/repository.ts';

type FeeTerm = Awaited<ReturnType<typeof feeTerms>>[number];

const isLive = (status: FeeTerm['status']) => (LIVE_CONTRACT_STATUSES as readonly string[]).includes(status);

/** The monthly fees of the contracts whose term holds `day`. */
const revenueOn = (terms: readonly FeeTerm[], day: string) =>
  terms.reduce((yen, term) => (term.startDate <= day && day <= term.endDate ? yen + term.monthlyFeeYen : yen), 0);

/**
 * The agency's figures today (Japan's calendar). The revenue is what the contracts' monthly fees add
 * up to on a day: today's live contracts, and for the trend each month's first day (the fees of
 * the contracts that ran then, ended ones included); members see none of it.
 */
export async function agencyDashboard(
  ctx: AppContext,
  scope: AgencyScope,
  seesFees: boolean,
): Promise<AgencyDashboard> {
  const db = ctx.database.db;
  const day = today(ctx.clock.now());
  const [clients, terms, anomalyRows] = await Promise.all([
    clientCount(db, scope),
    feeTerms(db, scope),
    openChannelsOfAgency(db, scope),
  ]);
  const live = terms.filter((term) => isLive(term.status));
  const endingWithin = (days: number) => live.filter((term) => term.endDate <= addDays(day, days)).length;

  const channels = new Map<number, AgencyDashboard['anomaly_channels'][number]>();
  for (const row of anomalyRows) {
    const channel = channels.get(row.channelId) ?? {
      channel_id: row.channelId,
      channel_name: row.channelName,
      account_id: row.accountId,
      account_name: row.accountName,
      open: Object.fromEntries(INCIDENT_SEVERITIES.map((s) => [s, 0])) as Record<IncidentSeverity, number>,
      last_seen_at: row.lastSeenAt.toISOString(),
    };
    channel.open[row.severity] = row.n;
    if (row.lastSeenAt.toISOString() > channel.last_seen_at) channel.last_seen_at = row.lastSeenAt.toISOString();
    channels.set(row.channelId, channel);
  }

  const firstOfMonth = `${day.slice(0, 7)}-01`;
  const trend = Array.from({ length: REVENUE_TREND_MONTHS }, (_, i) => {
    const first = addMonths(firstOfMonth, i - (REVENUE_TREND_MONTHS - 1));
    return { month: first.slice(0, 7), yen: revenueOn(terms, first) };
  });
  const [days30, days60] = AGENCY_ENDING_WINDOWS.map(endingWithin) as [number, number];
  return {
    client_accounts: clients,
    live_contracts: live.length,
    ending_within: { days_30: days30, days_60: days60 },
    ...(seesFees ? { revenue: { monthly_recurring_yen: revenueOn(live, day), trend } } : {}),
    anomaly_channels: [...channels.values()].sort((a, b) => b.last_seen_at.localeCompare(a.last_seen_at)),
  };
}
