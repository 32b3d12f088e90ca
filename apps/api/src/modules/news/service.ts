import type { z } from 'zod';
import {
  NEWS_OEM_PLATFORM_ONLY_MESSAGE,
  NEWS_UNKNOWN_AGENCY_MESSAGE,
  NEWS_UNKNOWN_OEM_MESSAGE,
  type News,
  type NewsAudience,
  type newsBody,
  type newsListQuery,
  type ReaderNews,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import {
  oemScope,
  PLATFORM_SCOPE,
  type AccountScope,
  type AgencyScope,
  type OemScope,
} from '../../platform/principal.ts';
import { placeOf } from '../accounts/repository.ts';
import { agencyOf, namesOf as agencyNames, oemOfAgency } from '../agencies/repository.ts';
import { find as findOem, namesOf as oemNames } from '../oems/repository.ts';
import * as repo from './repository.ts';

const NEWS = 'お知らせ';

type NewsInput = z.output<typeof newsBody>;
type ListQuery = z.output<typeof newsListQuery>;

/**
 * Where an admin writes news: the acting OEM, and whether its reach is every OEM (a platform admin
 * acting on their own, the default OEM). Only then may a notice name one OEM as its audience.
 */
export interface NewsDesk {
  scope: OemScope;
  everyOem: boolean;
}

export async function list(ctx: AppContext, { scope }: NewsDesk, query: ListQuery) {
  const now = ctx.clock.now();
  const { rows, total } = await repo.list(ctx.database.db, scope, query, now);
  const names = await audienceNames(ctx.database.db, scope, rows);
  return {
    data: rows.map((row) => present(row, names, now)),
    total_item_count: total,
    pagination: { current: query.page, pageSize: query.limit },
  };
}

export async function get(ctx: AppContext, { scope }: NewsDesk, id: number): Promise<News> {
  const db = ctx.database.db;
  const row = await repo.find(db, scope, id);
  if (!row) throw notFound(NEWS);
  return present(row, await audienceNames(db, scope, [row]), ctx.clock.now());
}

export async function create(ctx: AppContext, desk: NewsDesk, input: NewsInput): Promise<News> {
  const db = ctx.database.db;
  const id = await repo.insert(db, desk.scope, await values(db, desk, input));
  return get(ctx, desk, id);
}

export async function update(ctx: AppContext, desk: NewsDesk, id: number, input: NewsInput): Promise<News> {
  const db = ctx.database.db;
  if (!(await repo.find(db, desk.scope, id))) throw notFound(NEWS);
  if (!(await repo.update(db, desk.scope, id, await values(db, desk, input)))) throw notFound(NEWS);
  return get(ctx, desk, id);
}

export async function remove(ctx: AppContext, { scope }: NewsDesk, id: number): Promise<void> {
  if (!(await repo.remove(ctx.database.db, scope, id))) throw notFound(NEWS);
}

/** A reader: a staff user of an account, or a user of an agency. */
export interface ReaderOf {
  scope: AccountScope | AgencyScope;
  userId: number;
}

/** The reader with their place in the tenant tree (their OEM and agency), which decides what reaches them. */
async function readerOf(db: Db, { scope, userId }: ReaderOf): Promise<repo.Reader> {
  if (scope.level === 'account') {
    const place = await placeOf(db, scope);
    if (!place) throw notFound(NEWS);
    return { userId, place: { ...place, accountId: scope.accountId } };
  }
  const oemId = await oemOfAgency(db, scope);
  if (oemId === undefined) throw notFound(NEWS);
  return { userId, place: { oemId, agencyId: scope.agencyId, accountId: null } };
}

/** The notices reaching a reader (staff or agency user), pinned first, then newest. */
export async function readerList(ctx: AppContext, who: ReaderOf, query: { page: number; limit: number }) {
  const reader = await readerOf(ctx.database.db, who);
  const { rows, total, unread } = await repo.readerList(
    ctx.database.db,
    reader,
    ctx.clock.now(),
    query.page,
    query.limit,
  );
  return {
    data: rows.map((row): ReaderNews => ({
      id: row.id,
      title: row.title,
      body: row.body,
      publish_at: row.publishAt.toISOString(),
      pinned: row.pinned,
      read: row.read,
    })),
    total_item_count: total,
    unread_count: unread,
    pagination: { current: query.page, pageSize: query.limit },
  };
}

/** A notice that does not reach the reader (another OEM's, scheduled, deleted) is a 404. */
export async function markRead(ctx: AppContext, who: ReaderOf, id: number): Promise<void> {
  const db = ctx.database.db;
  if (!(await repo.markRead(db, await readerOf(db, who), id, ctx.clock.now()))) throw notFound(NEWS);
}

/**
 * A notice to exactly these accounts, published at `publishAt` (an agency's notice going out). The
 * caller resolves the accounts within its own scope; `db` may be its transaction.
 */
export function publishToAccounts(
  db: Db,
  scope: OemScope,
  values: repo.AccountsNewsValues,
  accountIds: readonly number[],
): Promise<number> {
  return repo.insertForAccounts(db, scope, values, accountIds);
}

/** Read counts of notices to accounts: per notice id, the recipient accounts and users who opened it. */
export async function accountReadCounts(
  db: Db,
  newsIds: readonly number[],
): Promise<Map<number, { accounts: number; users: number }>> {
  const rows = await repo.accountReadCounts(db, newsIds);
  return new Map(rows.map((row) => [row.newsId, { accounts: row.accounts, users: row.users }]));
}

export const accountsThatRead = (db: Db, newsId: number) => repo.accountsThatRead(db, newsId);

/**
 * The stored audience: `all` of a partner OEM is that OEM's accounts (its id kept), of the default
 * OEM every account; one OEM only from the default OEM's desk; an agency only of the acting OEM.
 */
async function values(db: Db, desk: NewsDesk, input: NewsInput): Promise<repo.NewsValues> {
  let audienceOemId: number | null = null;
  let audienceAgencyId: number | null = null;
  if (input.audience === 'all') {
    audienceOemId = desk.everyOem ? null : desk.scope.oemId;
  } else if (input.audience === 'oem') {
    if (!desk.everyOem) throw fieldError('audience', NEWS_OEM_PLATFORM_ONLY_MESSAGE);
    const oemId = input.audience_oem_id!;
    if (!(await findOem(db, oemScope(oemId)))) throw fieldError('audience_oem_id', NEWS_UNKNOWN_OEM_MESSAGE);
    audienceOemId = oemId;
  } else {
    const agency = await agencyOf(db, desk.scope, input.audience_agency_id!);
    if (!agency) throw fieldError('audience_agency_id', NEWS_UNKNOWN_AGENCY_MESSAGE);
    audienceAgencyId = agency.agencyId;
  }
  return {
    title: input.title,
    body: input.body,
    audience: input.audience,
    audienceOemId,
    audienceAgencyId,
    publishAt: new Date(input.publish_at),
    pinned: input.pinned,
  };
}

interface AudienceNames {
  oems: Map<number, string>;
  agencies: Map<number, string>;
}

/** The names of the OEMs and agencies the notices address, through the modules that own them. */
async function audienceNames(db: Db, scope: OemScope, rows: repo.NewsRow[]): Promise<AudienceNames> {
  const ids = (pick: (row: repo.NewsRow) => number | null) => [
    ...new Set(rows.map(pick).filter((id): id is number => id !== null)),
  ];
  const [oems, agencies] = await Promise.all([
    oemNames(
      db,
      PLATFORM_SCOPE,
      ids((row) => (row.audience === 'oem' ? row.audienceOemId : null)),
    ),
    agencyNames(
      db,
      scope,
      ids((row) => row.audienceAgencyId),
    ),
  ]);
  return { oems, agencies };
}

/** An admin's notice: their queries leave out the agencies' notices to accounts. */
function adminAudience(audience: repo.StoredNewsAudience): NewsAudience {
  if (audience === 'accounts') throw notFound(NEWS);
  return audience;
}

function present(news: repo.NewsRow, names: AudienceNames, now: Date): News {
  return {
    id: news.id,
    title: news.title,
    body: news.body,
    audience: adminAudience(news.audience),
    audience_oem:
      news.audience === 'oem' && news.audienceOemId !== null
        ? { id: news.audienceOemId, name: names.oems.get(news.audienceOemId) ?? '' }
        : null,
    audience_agency:
      news.audienceAgencyId !== null
        ? { id: news.audienceAgencyId, name: names.agencies.get(news.audienceAgencyId) ?? '' }
        : null,
    every_oem: news.audience === 'all' && news.audienceOemId === null,
    publish_at: news.publishAt.toISOString(),
    pinned: news.pinned,
    status: news.publishAt.getTime() > now.getTime() ? 'scheduled' : 'published',
    created_at: news.createdAt.toISOString(),
    updated_at: news.updatedAt.toISOString(),
  };
}
