import { and, count, desc, eq, gte, inArray, isNotNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type {
  AffectedItem,
  DetectionThresholds,
  IncidentFigures,
  IncidentListQuery,
  IncidentSeverity,
  MetricName,
  TimelineKind,
} from '@linq/contract';
import { rowsOf, type Db } from '../../platform/db.ts';
import { nowSql } from '../../platform/db-columns.ts';
import type { AgencyScope, ChannelScope, OemScope } from '../../platform/principal.ts';
import { accounts } from '../tenants/schema.ts';
import { deliveries } from '../delivery/schema.ts';
import { friends } from '../friends/schema.ts';
import { lineAccounts, userLineAccounts } from '../line-accounts/schema.ts';
import { channelIdsOfOem } from '../line-accounts/repository.ts';
import { planSends } from '../plan-engine/schema.ts';
import { planEnrolments, plans } from '../plans/schema.ts';
import { users } from '../sessions/schema.ts';
import type { OverduePlan } from './detectors/scheduler-lag.ts';
import { channelSuspensions, detectionSettings, incidentEvents, incidentMailOptIns, incidents } from './schema.ts';

export type IncidentRow = typeof incidents.$inferSelect;

// --- what the detectors read ---------------------------------------------------------------

export async function webhookKeyOf(db: Db, { lineAccountId }: ChannelScope): Promise<string | null> {
  const [row] = await db
    .select({ key: lineAccounts.webhookKey })
    .from(lineAccounts)
    .where(eq(lineAccounts.id, lineAccountId));
  return row?.key ?? null;
}

/** Active plans' enrolments whose next send was due at or before `cutoff` and is still not handed over. */
export async function overduePlanSends(db: Db, { lineAccountId }: ChannelScope, cutoff: Date): Promise<OverduePlan[]> {
  const rows = await db
    .select({
      planId: plans.id,
      planName: plans.name,
      due: count(),
      oldestDueAt: sql<Date>`min(${planEnrolments.nextActionAt})`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(planEnrolments)
    .innerJoin(plans, and(eq(plans.lineAccountId, planEnrolments.lineAccountId), eq(plans.id, planEnrolments.planId)))
    .where(
      and(
        eq(planEnrolments.lineAccountId, lineAccountId),
        eq(planEnrolments.status, 'active'),
        lte(planEnrolments.nextActionAt, cutoff),
        eq(plans.isActive, true),
      ),
    )
    .groupBy(plans.id, plans.name)
    .orderBy(plans.id);
  return rows;
}

/**
 * Plan sends handed to LINE in [from, to), with how many of their recipients blocked since; most blocks
 * first. A send is a plan's deliveries of one hour: a broadcast goes out in one, while a scenario (a
 * welcome message) sends all day, and its hour of the blocks is the one to name, not its first.
 */
export async function planSendsWithBlocks(
  db: Db,
  { lineAccountId }: ChannelScope,
  from: Date,
  to: Date,
): Promise<{ planId: number; planName: string; sentAt: Date; recipients: number; blocked: number }[]> {
  const result = await db.execute(sql`
    select p.id as "planId", p.name as "planName", min(d.sent_at) as "sentAt",
      count(distinct f.id)::int as recipients,
      count(distinct f.id) filter (where f.status = 'blocked' and f.blocked_at >= d.sent_at)::int as blocked
    from ${deliveries} d
    join ${planSends} ps on ps.id = d.source_id
    join ${plans} p on p.line_account_id = d.line_account_id and p.id = ps.plan_id
    cross join unnest(d.friend_ids) as r(friend_id)
    join ${friends} f on f.id = r.friend_id and f.line_account_id = d.line_account_id
    where d.line_account_id = ${lineAccountId} and d.source = 'plan' and d.status = 'sent'
      and d.created_at >= ${new Date(from.getTime() - 24 * 3_600_000)}
      and d.sent_at >= ${from} and d.sent_at < ${to}
    group by p.id, p.name, date_trunc('hour', d.sent_at)
    order by blocked desc, "sentAt" desc
    limit 3`);
  type Row = { planId: number; planName: string; sentAt: string | Date; recipients: number; blocked: number };
  return rowsOf<Row>(result).map((row) => ({ ...row, sentAt: new Date(row.sentAt) }));
}

/** A plan of the channel by its name (the demo seed names the broadcast that preceded its block spike). */
export async function planIdByName(db: Db, { lineAccountId }: ChannelScope, name: string): Promise<number | null> {
  const [row] = await db
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.lineAccountId, lineAccountId), eq(plans.name, name)))
    .orderBy(plans.id)
    .limit(1);
  return row?.id ?? null;
}

export async function followingCount(db: Db, { lineAccountId }: ChannelScope): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(friends)
    .where(and(eq(friends.lineAccountId, lineAccountId), eq(friends.status, 'following')));
  return row?.n ?? 0;
}

/** Channels the scheduled checks look at: those with an access token. Unscoped: the worker walks every channel. */
export async function channelsToCheckUnscoped(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: lineAccounts.id })
    .from(lineAccounts)
    .where(and(isNotNull(lineAccounts.channelAccessTokenSealed), eq(lineAccounts.status, 'active')))
    .orderBy(lineAccounts.id);
  return rows.map((row) => row.id);
}

// --- the account suspended by LINE -----------------------------------------------------------

/** LINE suspended the account at `at` ('suspended'), or lifted it ('resumed'); the latest of each is kept. */
export async function recordSuspension(
  db: Db,
  { lineAccountId }: ChannelScope,
  change: 'suspended' | 'resumed',
  at: Date,
): Promise<void> {
  const { suspendedAt, resumedAt } = channelSuspensions;
  // GREATEST skips a null: the first time either is known, it is taken.
  const [values, set] =
    change === 'suspended'
      ? [{ lineAccountId, suspendedAt: at }, { suspendedAt: sql`greatest(${suspendedAt}, excluded.suspended_at)` }]
      : [{ lineAccountId, resumedAt: at }, { resumedAt: sql`greatest(${resumedAt}, excluded.resumed_at)` }];
  await db
    .insert(channelSuspensions)
    .values(values)
    .onConflictDoUpdate({ target: channelSuspensions.lineAccountId, set });
}

/** Since when the account is suspended, or null when it is not (never was, or LINE lifted it since). */
export async function suspendedSince(db: Db, { lineAccountId }: ChannelScope): Promise<Date | null> {
  const [row] = await db.select().from(channelSuspensions).where(eq(channelSuspensions.lineAccountId, lineAccountId));
  if (!row?.suspendedAt) return null;
  return row.resumedAt && row.resumedAt >= row.suspendedAt ? null : row.suspendedAt;
}

// --- thresholds and e-mail opt-ins ----------------------------------------------------------

export async function storedThresholds(db: Db, { lineAccountId }: ChannelScope): Promise<Partial<DetectionThresholds>> {
  const [row] = await db
    .select({ thresholds: detectionSettings.thresholds })
    .from(detectionSettings)
    .where(eq(detectionSettings.lineAccountId, lineAccountId));
  return row?.thresholds ?? {};
}

export async function saveThresholds(db: Db, { lineAccountId }: ChannelScope, thresholds: DetectionThresholds) {
  await db
    .insert(detectionSettings)
    .values({ lineAccountId, thresholds })
    .onConflictDoUpdate({ target: detectionSettings.lineAccountId, set: { thresholds, updatedAt: nowSql } });
}

export async function isOptedIn(db: Db, accountId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: incidentMailOptIns.userId })
    .from(incidentMailOptIns)
    .where(and(eq(incidentMailOptIns.accountId, accountId), eq(incidentMailOptIns.userId, userId)));
  return row !== undefined;
}

export async function setOptIn(db: Db, accountId: number, userId: number, on: boolean): Promise<void> {
  if (on) await db.insert(incidentMailOptIns).values({ accountId, userId }).onConflictDoNothing();
  else {
    await db
      .delete(incidentMailOptIns)
      .where(and(eq(incidentMailOptIns.accountId, accountId), eq(incidentMailOptIns.userId, userId)));
  }
}

/** E-mail addresses of the channel's active staff who opted in for its account. */
/** The OEM the channel's account belongs to: incident mails go out for it. */
export async function oemOfChannel(db: Db, { lineAccountId }: ChannelScope): Promise<number | undefined> {
  const [row] = await db
    .select({ oemId: accounts.oemId })
    .from(lineAccounts)
    .innerJoin(accounts, eq(accounts.id, lineAccounts.accountId))
    .where(eq(lineAccounts.id, lineAccountId));
  return row?.oemId;
}

export async function optedInAddresses(db: Db, { lineAccountId }: ChannelScope): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(incidentMailOptIns)
    .innerJoin(users, eq(users.id, incidentMailOptIns.userId))
    .innerJoin(lineAccounts, eq(lineAccounts.accountId, incidentMailOptIns.accountId))
    .innerJoin(
      userLineAccounts,
      and(eq(userLineAccounts.userId, users.id), eq(userLineAccounts.lineAccountId, lineAccounts.id)),
    )
    .where(and(eq(lineAccounts.id, lineAccountId), eq(users.status, 'active'), eq(users.role, 'service')))
    .orderBy(users.email);
  return rows.map((row) => row.email);
}

// --- incidents ----------------------------------------------------------------------------

/** The detector's incidents that are not resolved. */
export async function unresolvedOf(db: Db, { lineAccountId }: ChannelScope, detector: string): Promise<IncidentRow[]> {
  return db
    .select()
    .from(incidents)
    .where(
      and(
        eq(incidents.lineAccountId, lineAccountId),
        eq(incidents.detector, detector),
        ne(incidents.status, 'resolved'),
      ),
    );
}

export interface NewIncident {
  detector: string;
  subject: string;
  severity: IncidentSeverity;
  figures: IncidentFigures;
  affected: AffectedItem[];
  metric: MetricName;
  at: Date;
}

/** Raises an incident; null when another check raised the same one meanwhile. */
export async function insertIncident(
  db: Db,
  { lineAccountId }: ChannelScope,
  incident: NewIncident,
  mailed: boolean,
): Promise<IncidentRow | null> {
  const { at, ...rest } = incident;
  const [row] = await db
    .insert(incidents)
    .values({ ...rest, lineAccountId, firstSeenAt: at, lastSeenAt: at, mailedAt: mailed ? at : null })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function touchIncident(
  db: Db,
  { lineAccountId }: ChannelScope,
  id: number,
  values: { severity: IncidentSeverity; figures: IncidentFigures; affected: AffectedItem[]; at: Date },
): Promise<void> {
  await db
    .update(incidents)
    .set({
      severity: values.severity,
      figures: values.figures,
      affected: values.affected,
      lastSeenAt: values.at,
      updatedAt: nowSql,
    })
    .where(and(eq(incidents.lineAccountId, lineAccountId), eq(incidents.id, id)));
}

/** Moves an unresolved incident to `status`; false when it is resolved already (or not the channel's). */
export async function setStatus(
  db: Db,
  { lineAccountId }: ChannelScope,
  id: number,
  status: 'acknowledged' | 'resolved',
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(incidents)
    .set({ status, updatedAt: nowSql, ...(status === 'resolved' ? { resolvedAt: at } : {}) })
    .where(and(eq(incidents.lineAccountId, lineAccountId), eq(incidents.id, id), ne(incidents.status, 'resolved')))
    .returning({ id: incidents.id });
  return rows.length > 0;
}

export async function addTimeline(
  db: Db,
  { lineAccountId }: ChannelScope,
  entry: {
    incidentId: number;
    kind: TimelineKind;
    at: Date;
    comment?: string;
    userId?: number | null;
    figures?: IncidentFigures;
  },
): Promise<void> {
  await db.insert(incidentEvents).values({ lineAccountId, ...entry });
}

export async function findIncident(db: Db, { lineAccountId }: ChannelScope, id: number): Promise<IncidentRow | null> {
  const [row] = await db
    .select()
    .from(incidents)
    .where(and(eq(incidents.lineAccountId, lineAccountId), eq(incidents.id, id)));
  return row ?? null;
}

export async function timelineOf(db: Db, { lineAccountId }: ChannelScope, incidentId: number) {
  return db
    .select({
      kind: incidentEvents.kind,
      at: incidentEvents.at,
      comment: incidentEvents.comment,
      by: users.name,
      figures: incidentEvents.figures,
    })
    .from(incidentEvents)
    .leftJoin(users, eq(users.id, incidentEvents.userId))
    .where(and(eq(incidentEvents.lineAccountId, lineAccountId), eq(incidentEvents.incidentId, incidentId)))
    .orderBy(incidentEvents.id);
}

export async function listIncidents(
  db: Db,
  { lineAccountId }: ChannelScope,
  query: IncidentListQuery,
): Promise<{ rows: IncidentRow[]; total: number }> {
  const conditions: SQL[] = [eq(incidents.lineAccountId, lineAccountId)];
  if (query.status) conditions.push(eq(incidents.status, query.status));
  if (query.severity) conditions.push(eq(incidents.severity, query.severity));
  if (query.detector) conditions.push(eq(incidents.detector, query.detector));
  if (query.from) conditions.push(gte(incidents.lastSeenAt, new Date(query.from)));
  if (query.to) conditions.push(lt(incidents.firstSeenAt, new Date(query.to)));
  const where = and(...conditions);
  const [totalRow] = await db.select({ n: count() }).from(incidents).where(where);
  const rows = await db
    .select()
    .from(incidents)
    .where(where)
    .orderBy(desc(incidents.lastSeenAt), desc(incidents.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { rows, total: totalRow?.n ?? 0 };
}

/** Unresolved incidents of the channel by severity (the dashboard's "open anomalies"). */
export async function openCounts(db: Db, { lineAccountId }: ChannelScope) {
  return db
    .select({ severity: incidents.severity, n: count() })
    .from(incidents)
    .where(and(eq(incidents.lineAccountId, lineAccountId), ne(incidents.status, 'resolved')))
    .groupBy(incidents.severity);
}

/** For the admin home: unresolved incidents across the OEM's channels, by severity. */
export async function openCountsOfOem(db: Db, scope: OemScope) {
  return db
    .select({ severity: incidents.severity, n: count() })
    .from(incidents)
    .where(and(ne(incidents.status, 'resolved'), inArray(incidents.lineAccountId, channelIdsOfOem(db, scope))))
    .groupBy(incidents.severity);
}

/** For the admin home: the OEM's unresolved incidents seen last, with their channel and account. */
export async function recentOpenOfOem(db: Db, { oemId }: OemScope, limit: number) {
  return db
    .select({
      id: incidents.id,
      detector: incidents.detector,
      severity: incidents.severity,
      lastSeenAt: incidents.lastSeenAt,
      channelId: lineAccounts.id,
      channelName: lineAccounts.name,
      accountId: accounts.id,
      accountName: accounts.name,
    })
    .from(incidents)
    .innerJoin(lineAccounts, eq(lineAccounts.id, incidents.lineAccountId))
    .innerJoin(accounts, eq(accounts.id, lineAccounts.accountId))
    .where(and(ne(incidents.status, 'resolved'), eq(accounts.oemId, oemId)))
    .orderBy(desc(incidents.lastSeenAt), desc(incidents.id))
    .limit(limit);
}

/** For the agency dashboard: the agency's client channels with unresolved incidents, by severity. */
export async function openChannelsOfAgency(db: Db, { agencyId }: AgencyScope) {
  return db
    .select({
      channelId: lineAccounts.id,
      channelName: lineAccounts.name,
      accountId: accounts.id,
      accountName: accounts.name,
      severity: incidents.severity,
      n: count(),
      lastSeenAt: sql<Date>`max(${incidents.lastSeenAt})`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(incidents)
    .innerJoin(lineAccounts, eq(lineAccounts.id, incidents.lineAccountId))
    .innerJoin(accounts, eq(accounts.id, lineAccounts.accountId))
    .where(and(ne(incidents.status, 'resolved'), eq(accounts.agencyId, agencyId)))
    .groupBy(lineAccounts.id, lineAccounts.name, accounts.id, accounts.name, incidents.severity);
}
