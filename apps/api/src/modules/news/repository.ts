import {
  and,
  count,
  countDistinct,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { NewsAudience, NewsStatus } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import type { OemScope } from '../../platform/principal.ts';
import { containsPattern } from '../../platform/sql.ts';
import { users } from '../sessions/schema.ts';
import { news, newsAccounts, newsReads } from './schema.ts';

export type { StoredNewsAudience } from './schema.ts';

export type NewsValues = Pick<
  typeof news.$inferInsert,
  'title' | 'body' | 'audience' | 'audienceOemId' | 'audienceAgencyId' | 'publishAt' | 'pinned'
>;

export interface NewsFilter {
  q?: string;
  status?: NewsStatus;
  page: number;
  limit: number;
}

/** The OEM's admin notices: an agency's notice to its clients (`accounts`) is the agency's, not theirs. */
const ofOem = ({ oemId }: OemScope) => and(eq(news.oemId, oemId), ne(news.audience, 'accounts'))!;
function selectNews(db: Db) {
  return db.select().from(news).$dynamic();
}
export type NewsRow = typeof news.$inferSelect;

const statusIs = (status: NewsStatus | undefined, now: Date) =>
  status === 'published' ? lte(news.publishAt, now) : status === 'scheduled' ? gt(news.publishAt, now) : undefined;

export async function list(db: Db, scope: OemScope, filter: NewsFilter, now: Date) {
  const where = and(
    ofOem(scope),
    filter.q ? ilike(news.title, containsPattern(filter.q)) : undefined,
    statusIs(filter.status, now),
  );
  const rows = await selectNews(db)
    .where(where)
    .orderBy(desc(news.publishAt), desc(news.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  const [total] = await db.select({ n: count() }).from(news).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function find(db: Db, scope: OemScope, id: number): Promise<NewsRow | undefined> {
  const [row] = await selectNews(db).where(and(ofOem(scope), eq(news.id, id)));
  return row;
}

export async function insert(db: Db, scope: OemScope, values: NewsValues): Promise<number> {
  const [row] = await db
    .insert(news)
    .values({ ...values, oemId: scope.oemId })
    .returning({ id: news.id });
  return row!.id;
}

export async function update(db: Db, scope: OemScope, id: number, values: NewsValues): Promise<boolean> {
  const rows = await db
    .update(news)
    .set({ ...values, updatedAt: new Date() })
    .where(and(ofOem(scope), eq(news.id, id)))
    .returning({ id: news.id });
  return rows.length > 0;
}

/** Deletes the notice (its read marks cascade); answers whether the OEM had it. */
export async function remove(db: Db, scope: OemScope, id: number): Promise<boolean> {
  const rows = await db
    .delete(news)
    .where(and(ofOem(scope), eq(news.id, id)))
    .returning({ id: news.id });
  return rows.length > 0;
}

/*
 * Readers. A reader is a user below an account (staff) or an agency (its users); the notices that
 * reach them are the published ones addressed to everyone, to their OEM, to their agency or (staff)
 * to their account by name.
 */
export interface ReaderPlace {
  oemId: number;
  /** The account's agency, or the agency user's; null for an account without one. */
  agencyId: number | null;
  /** The staff user's account; null for an agency user. */
  accountId: number | null;
}
export interface Reader {
  userId: number;
  place: ReaderPlace;
}

/** Published notices that reach the reader's place. */
function reaches(place: ReaderPlace, now: Date): SQL {
  return and(
    lte(news.publishAt, now),
    or(
      and(eq(news.audience, 'all' satisfies NewsAudience), isNull(news.audienceOemId)),
      eq(news.audienceOemId, place.oemId),
      place.agencyId !== null ? eq(news.audienceAgencyId, place.agencyId) : undefined,
      place.accountId !== null
        ? sql`exists (select 1 from ${newsAccounts} where ${newsAccounts.newsId} = ${news.id} and ${newsAccounts.accountId} = ${place.accountId})`
        : undefined,
    ),
  )!;
}

const isRead = sql<boolean>`${newsReads.userId} is not null`;

/** The page of notices reaching the reader, pinned first then newest, with the total and how many are unread. */
export async function readerList(db: Db, reader: Reader, now: Date, page: number, limit: number) {
  const where = reaches(reader.place, now);
  const readJoin = and(eq(newsReads.newsId, news.id), eq(newsReads.userId, reader.userId));
  const rows = await db
    .select({
      id: news.id,
      title: news.title,
      body: news.body,
      publishAt: news.publishAt,
      pinned: news.pinned,
      read: isRead,
    })
    .from(news)
    .leftJoin(newsReads, readJoin)
    .where(where)
    .orderBy(desc(news.pinned), desc(news.publishAt), desc(news.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [totals] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) filter (where ${newsReads.userId} is null)`.mapWith(Number),
    })
    .from(news)
    .leftJoin(newsReads, readJoin)
    .where(where);
  return { rows, total: totals?.total ?? 0, unread: totals?.unread ?? 0 };
}

/** Marks a notice that reaches the reader read (once); answers whether it reaches them at all. */
export async function markRead(db: Db, reader: Reader, id: number, now: Date): Promise<boolean> {
  const [visible] = await db
    .select({ id: news.id })
    .from(news)
    .where(and(eq(news.id, id), reaches(reader.place, now)));
  if (!visible) return false;
  await db.insert(newsReads).values({ newsId: id, userId: reader.userId }).onConflictDoNothing();
  return true;
}

/*
 * Notices to explicit accounts (an agency's notice to its clients): written once, when it goes out.
 */

export type AccountsNewsValues = Pick<typeof news.$inferInsert, 'title' | 'body' | 'publishAt'>;

/** Inserts a notice reaching exactly `accountIds` (the caller's own accounts, resolved by its scope). */
export async function insertForAccounts(
  db: Db,
  scope: OemScope,
  values: AccountsNewsValues,
  accountIds: readonly number[],
): Promise<number> {
  const [row] = await db
    .insert(news)
    .values({ ...values, oemId: scope.oemId, audience: 'accounts', pinned: false })
    .returning({ id: news.id });
  const newsId = row!.id;
  if (accountIds.length > 0) {
    await db.insert(newsAccounts).values(accountIds.map((accountId) => ({ newsId, accountId })));
  }
  return newsId;
}

/** Per `accounts` notice: its recipient accounts of which a user read it, and the users who did. */
export async function accountReadCounts(db: Db, newsIds: readonly number[]) {
  if (newsIds.length === 0) return [];
  return db
    .select({
      newsId: newsReads.newsId,
      accounts: countDistinct(newsAccounts.accountId),
      users: countDistinct(newsReads.userId),
    })
    .from(newsReads)
    .innerJoin(users, eq(users.id, newsReads.userId))
    .innerJoin(
      newsAccounts,
      and(eq(newsAccounts.newsId, newsReads.newsId), eq(newsAccounts.accountId, users.accountId)),
    )
    .where(inArray(newsReads.newsId, [...newsIds]))
    .groupBy(newsReads.newsId);
}

/** The recipient accounts of an `accounts` notice of which a user has read it. */
export async function accountsThatRead(db: Db, newsId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ accountId: newsAccounts.accountId })
    .from(newsReads)
    .innerJoin(users, eq(users.id, newsReads.userId))
    .innerJoin(
      newsAccounts,
      and(eq(newsAccounts.newsId, newsReads.newsId), eq(newsAccounts.accountId, users.accountId)),
    )
    .where(eq(newsReads.newsId, newsId));
  return rows.map((row) => row.accountId);
}
