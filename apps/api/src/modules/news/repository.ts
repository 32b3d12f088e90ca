import { and, count, desc, eq, gt, ilike, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { NewsAudience, NewsStatus } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import type { OemScope } from '../../platform/principal.ts';
import { containsPattern } from '../../platform/sql.ts';
import { news, newsReads } from './schema.ts';

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

const ofOem = ({ oemId }: OemScope) => eq(news.oemId, oemId);
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
 * reach them are the published ones addressed to everyone, to their OEM or to their agency.
 */
export interface Reader {
  userId: number;
  /** The reader's OEM, and their agency (the account's; null for an account without one). */
  place: { oemId: number; agencyId: number | null };
}

/** Published notices that reach the reader's OEM `oemId` and agency `agencyId` (null: none). */
function reaches(place: { oemId: number; agencyId: number | null }, now: Date): SQL {
  return and(
    lte(news.publishAt, now),
    or(
      and(eq(news.audience, 'all' satisfies NewsAudience), isNull(news.audienceOemId)),
      eq(news.audienceOemId, place.oemId),
      place.agencyId !== null ? eq(news.audienceAgencyId, place.agencyId) : undefined,
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
