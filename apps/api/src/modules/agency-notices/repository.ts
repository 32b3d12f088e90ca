import { and, asc, count, desc, eq, ilike, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { NoticeAudience, NoticeContractState, NoticeStatus } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import type { AgencyScope } from '../../platform/principal.ts';
import { containsPattern } from '../../platform/sql.ts';
import { agencyContracts } from '../agency-contracts/schema.ts';
import { users } from '../sessions/schema.ts';
import { accounts, oemPlans } from '../tenants/schema.ts';
import { agencyNoticePicks, agencyNoticeRecipients, agencyNotices } from './schema.ts';

/** An audience as stored: a plan id null under `plan` (deleted plan) reaches nobody. */
export interface Audience {
  audience: NoticeAudience;
  planId: number | null;
  contractState: NoticeContractState | null;
  /** The picked accounts (`picked`); ignored otherwise. */
  accountIds: readonly number[];
}

const ofAgency = ({ agencyId }: AgencyScope) => eq(agencyNotices.agencyId, agencyId);
const clientOfAgency = ({ agencyId }: AgencyScope) => eq(accounts.agencyId, agencyId);

/** Accounts with a live contract in this status (`active` or `ending`). */
const liveContractIn = (status: 'active' | 'ending') =>
  sql`exists (select 1 from ${agencyContracts} where ${agencyContracts.accountId} = ${accounts.id} and ${agencyContracts.status} = ${status})`;
const noLiveContract = sql`not exists (select 1 from ${agencyContracts} where ${agencyContracts.accountId} = ${accounts.id} and ${agencyContracts.status} in ('active', 'ending'))`;

/** The condition on `accounts` an audience names, beyond being the agency's (undefined: all; false: none). */
function audienceCondition(audience: Audience): SQL | undefined {
  switch (audience.audience) {
    case 'all':
      return undefined;
    case 'plan':
      return audience.planId === null ? sql`false` : eq(accounts.oemPlanId, audience.planId);
    case 'contract':
      if (audience.contractState === 'none') return noLiveContract;
      return audience.contractState === null ? sql`false` : liveContractIn(audience.contractState);
    case 'picked':
      return audience.accountIds.length === 0 ? sql`false` : inArray(accounts.id, [...audience.accountIds]);
  }
}

/** The agency's client accounts the audience reaches now, by id (the agency's only, by construction). */
export async function resolve(db: Db, scope: AgencyScope, audience: Audience): Promise<number[]> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(clientOfAgency(scope), audienceCondition(audience)))
    .orderBy(asc(accounts.id));
  return rows.map((row) => row.id);
}

/** Of these ids, those of the agency's client accounts. */
export async function clientsAmong(db: Db, scope: AgencyScope, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(clientOfAgency(scope), inArray(accounts.id, [...ids])));
  return rows.map((row) => row.id);
}

export type NoticeValues = Pick<
  typeof agencyNotices.$inferInsert,
  'title' | 'body' | 'audience' | 'audiencePlanId' | 'audienceContractState' | 'sendAt' | 'createdBy'
>;

export async function insert(db: Db, scope: AgencyScope, values: NoticeValues, picks: readonly number[]) {
  const [row] = await db
    .insert(agencyNotices)
    .values({ ...values, agencyId: scope.agencyId })
    .returning({ id: agencyNotices.id });
  const noticeId = row!.id;
  if (picks.length > 0) {
    await db.insert(agencyNoticePicks).values(picks.map((accountId) => ({ noticeId, accountId })));
  }
  return noticeId;
}

function selectNotices(db: Db) {
  return db
    .select({
      notice: agencyNotices,
      plan: { id: oemPlans.id, name: oemPlans.name },
      createdBy: users.name,
    })
    .from(agencyNotices)
    .leftJoin(oemPlans, eq(oemPlans.id, agencyNotices.audiencePlanId))
    .leftJoin(users, eq(users.id, agencyNotices.createdBy))
    .$dynamic();
}
export type NoticeRow = Awaited<ReturnType<ReturnType<typeof selectNotices>['execute']>>[number];

export interface NoticeFilter {
  q?: string;
  status?: NoticeStatus;
  page: number;
  limit: number;
}

export async function list(db: Db, scope: AgencyScope, filter: NoticeFilter) {
  const where = and(
    ofAgency(scope),
    filter.q ? ilike(agencyNotices.title, containsPattern(filter.q)) : undefined,
    filter.status ? eq(agencyNotices.status, filter.status) : undefined,
  );
  const rows = await selectNotices(db)
    .where(where)
    .orderBy(desc(agencyNotices.sendAt), desc(agencyNotices.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  const [total] = await db.select({ n: count() }).from(agencyNotices).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function find(db: Db, scope: AgencyScope, id: number): Promise<NoticeRow | undefined> {
  const [row] = await selectNotices(db).where(and(ofAgency(scope), eq(agencyNotices.id, id)));
  return row;
}

/** Per notice, the picked accounts still the agency's, by name. */
export async function picksOf(db: Db, scope: AgencyScope, noticeIds: readonly number[]) {
  if (noticeIds.length === 0) return [];
  return db
    .select({ noticeId: agencyNoticePicks.noticeId, id: accounts.id, name: accounts.name })
    .from(agencyNoticePicks)
    .innerJoin(accounts, eq(accounts.id, agencyNoticePicks.accountId))
    .where(and(clientOfAgency(scope), inArray(agencyNoticePicks.noticeId, [...noticeIds])))
    .orderBy(asc(accounts.name), asc(accounts.id));
}

/** The accounts a sent notice reached, by name. */
export async function recipientsOf(db: Db, scope: AgencyScope, noticeId: number) {
  return db
    .select({ id: accounts.id, name: accounts.name })
    .from(agencyNoticeRecipients)
    .innerJoin(agencyNotices, eq(agencyNotices.id, agencyNoticeRecipients.noticeId))
    .innerJoin(accounts, eq(accounts.id, agencyNoticeRecipients.accountId))
    .where(and(ofAgency(scope), eq(agencyNoticeRecipients.noticeId, noticeId)))
    .orderBy(asc(accounts.name), asc(accounts.id));
}

/** Cancels the notice if it is still scheduled; answers whether it was. */
export async function cancel(db: Db, scope: AgencyScope, id: number): Promise<boolean> {
  const rows = await db
    .update(agencyNotices)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(and(ofAgency(scope), eq(agencyNotices.id, id), eq(agencyNotices.status, 'scheduled')))
    .returning({ id: agencyNotices.id });
  return rows.length > 0;
}

/*
 * Sending. The worker's sweep finds due notices across agencies (unscoped, ids only); each is then
 * sent within its own agency's scope.
 */

/** Scheduled notices due by `now`, and sent ones with an owner's e-mail not yet queued, across agencies. */
export async function pendingUnscoped(db: Db, now: Date) {
  const due = await db
    .select({ id: agencyNotices.id, agencyId: agencyNotices.agencyId })
    .from(agencyNotices)
    .where(and(eq(agencyNotices.status, 'scheduled'), lte(agencyNotices.sendAt, now)))
    .orderBy(asc(agencyNotices.sendAt), asc(agencyNotices.id));
  const unmailed = await db
    .selectDistinct({ id: agencyNotices.id, agencyId: agencyNotices.agencyId })
    .from(agencyNoticeRecipients)
    .innerJoin(agencyNotices, eq(agencyNotices.id, agencyNoticeRecipients.noticeId))
    .where(isNull(agencyNoticeRecipients.mailedAt));
  return [...due, ...unmailed.filter((row) => !due.some((other) => other.id === row.id))];
}

/** Locks the notice for sending when it is scheduled and due (undefined: sent, cancelled or not yet due). */
export async function lockDue(db: Db, scope: AgencyScope, id: number, now: Date) {
  const [row] = await db
    .select()
    .from(agencyNotices)
    .where(
      and(
        ofAgency(scope),
        eq(agencyNotices.id, id),
        eq(agencyNotices.status, 'scheduled'),
        lte(agencyNotices.sendAt, now),
      ),
    )
    .for('update');
  return row;
}

export async function picksOfOne(db: Db, noticeId: number): Promise<number[]> {
  const rows = await db
    .select({ accountId: agencyNoticePicks.accountId })
    .from(agencyNoticePicks)
    .where(eq(agencyNoticePicks.noticeId, noticeId));
  return rows.map((row) => row.accountId);
}

export async function markSent(
  db: Db,
  scope: AgencyScope,
  id: number,
  sent: { newsId: number; sentAt: Date; accountIds: readonly number[]; mailedAt?: Date },
): Promise<void> {
  await db
    .update(agencyNotices)
    .set({
      status: 'sent',
      sentAt: sent.sentAt,
      newsId: sent.newsId,
      recipientCount: sent.accountIds.length,
      updatedAt: new Date(),
    })
    .where(and(ofAgency(scope), eq(agencyNotices.id, id)));
  if (sent.accountIds.length > 0) {
    await db
      .insert(agencyNoticeRecipients)
      .values(sent.accountIds.map((accountId) => ({ noticeId: id, accountId, mailedAt: sent.mailedAt ?? null })));
  }
}

/** The recipients of the agency's notice whose owner's e-mail is not queued yet. */
export async function unmailed(db: Db, scope: AgencyScope, noticeId: number): Promise<number[]> {
  const rows = await db
    .select({ accountId: agencyNoticeRecipients.accountId })
    .from(agencyNoticeRecipients)
    .innerJoin(agencyNotices, eq(agencyNotices.id, agencyNoticeRecipients.noticeId))
    .where(
      and(ofAgency(scope), eq(agencyNoticeRecipients.noticeId, noticeId), isNull(agencyNoticeRecipients.mailedAt)),
    );
  return rows.map((row) => row.accountId);
}

/** Claims the recipient's e-mail: true for the one caller that marks it (so it is queued once). */
export async function claimMail(db: Db, noticeId: number, accountId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(agencyNoticeRecipients)
    .set({ mailedAt: now })
    .where(
      and(
        eq(agencyNoticeRecipients.noticeId, noticeId),
        eq(agencyNoticeRecipients.accountId, accountId),
        isNull(agencyNoticeRecipients.mailedAt),
      ),
    )
    .returning({ accountId: agencyNoticeRecipients.accountId });
  return rows.length > 0;
}
