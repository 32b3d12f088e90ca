import {
  csvRecord,
  INFLOW_SETTING_FIELDS,
  inflowPagePath,
  listPage,
  plainCell,
  textCell,
  UTF8_BOM,
  type FriendInflows,
  type InflowChart,
  type InflowCostPeriod,
  type InflowHistoryEntry,
  type InflowListItem,
  type InflowProfileChart,
  type InflowProfileFacet,
  type InflowRoute,
  type InflowSettings,
  type InflowStats,
  type copyInflowInput,
  type inflowFilterQuery,
  type inflowFriendsQuery,
  type inflowInput,
  type inflowListQuery,
  type inflowRangeQuery,
} from '@linq/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { accountScope, type ChannelRequest, type ChannelScope } from '../../platform/principal.ts';
import { accountTimeZone } from '../friends/repository.ts';
import { conversionsPerInflowRoute } from '../conversions/service.ts';
import { newInflowCode } from './code.ts';
import { loginChannelOf, type LoginChannel } from '../line-accounts/service.ts';
import { attributionOf } from './login.ts';
import { INFLOW_PROFILE_FACETS } from './profile-facets.ts';
import { requireFeature } from '../plan-limits/service.ts';
import * as repo from './repository.ts';

/* The staff's side of inflow routes: CRUD with history, figures over a date range, charts, friends. */

type Input = z.output<typeof inflowInput>;
export const ROUTE_NOT_FOUND = '流入経路';
const FOREIGN_MESSAGE = {
  tags: 'このチャネルのタグではありません',
  marks: 'このチャネルのマークではありません',
  plans: 'このチャネルのシナリオではありません',
  rich_menus: 'このチャネルのリッチメニューではありません',
  folder: '流入経路のフォルダを選んでください',
} as const;
export const RANGE_ORDER_MESSAGE = '終了日は開始日以降にしてください';
export const RANGE_MAX_DAYS = 366;
export const RANGE_TOO_LONG_MESSAGE = `期間は${RANGE_MAX_DAYS}日以内にしてください`;
const DAY_MS = 86_400_000;

const settingsOf = (row: repo.RouteRow): InflowSettings => ({
  name: row.name,
  folder_id: row.folderId,
  use_login: row.useLogin,
  destination_url: row.destinationUrl,
  actions: row.actions,
  costs: row.costs,
  memo: row.memo,
});

function toRoute(row: repo.RouteRow, login: LoginChannel | null): InflowRoute {
  return {
    id: row.id,
    ...settingsOf(row),
    code: row.code,
    path: inflowPagePath(row.code),
    attribution: attributionOf(row.useLogin, login),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The route's actions and folder name only the channel's own things. */
async function checkReferences(db: Db, scope: ChannelScope, input: Input): Promise<void> {
  if (input.folder_id !== null && !(await repo.ownsInflowFolder(db, scope, input.folder_id))) {
    throw fieldError('folder_id', FOREIGN_MESSAGE.folder);
  }
  const named = [
    ['tags', 'actions.tag_ids', input.actions.tag_ids],
    ['marks', 'actions.mark_ids', input.actions.mark_ids],
    ['plans', 'actions.plan_id', input.actions.plan_id === null ? [] : [input.actions.plan_id]],
    ['rich_menus', 'actions.rich_menu_id', input.actions.rich_menu_id === null ? [] : [input.actions.rich_menu_id]],
  ] as const;
  for (const [table, field, ids] of named) {
    const own = await repo.ownIds(db, scope, table, ids);
    if (ids.some((id) => !own.has(id))) throw fieldError(field, FOREIGN_MESSAGE[table]);
  }
}

function valuesOf(input: Input): Omit<repo.RouteValues, 'code'> {
  return {
    name: input.name,
    folderId: input.folder_id,
    useLogin: input.use_login,
    destinationUrl: input.destination_url,
    actions: {
      ...input.actions,
      tag_ids: [...new Set(input.actions.tag_ids)],
      mark_ids: [...new Set(input.actions.mark_ids)],
    },
    costs: input.costs,
    memo: input.memo,
  };
}

async function recordHistory(
  db: Db,
  scope: ChannelRequest,
  at: Date,
  kind: InflowHistoryEntry['kind'],
  routeId: number,
  before: InflowSettings | null,
  after: InflowSettings,
): Promise<void> {
  const changedFields = INFLOW_SETTING_FIELDS.filter(
    (field) => before === null || JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
  if (changedFields.length === 0) return;
  await repo.insertHistory(db, scope, {
    routeId,
    kind,
    actorUserId: scope.userId,
    actorName: await repo.userName(db, scope.userId),
    changedFields,
    before,
    after,
    createdAt: at,
  });
}

export async function create(ctx: AppContext, scope: ChannelRequest, input: Input): Promise<InflowRoute> {
  const db = ctx.database.db;
  await requireFeature(db, accountScope(scope.accountId), 'inflow_routes');
  const now = ctx.clock.now();
  const row = await db.transaction(async (tx) => {
    await checkReferences(tx, scope, input);
    const created = await repo.insertRoute(tx, scope, {
      ...valuesOf(input),
      code: newInflowCode(),
      createdAt: now,
      updatedAt: now,
    });
    await recordHistory(tx, scope, now, 'created', created.id, null, settingsOf(created));
    return created;
  });
  return toRoute(row, await loginChannelOf(ctx, scope));
}

export async function update(ctx: AppContext, scope: ChannelRequest, id: number, input: Input): Promise<InflowRoute> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const row = await db.transaction(async (tx) => {
    const before = await repo.findRouteForUpdate(tx, scope, id);
    if (!before) throw notFound(ROUTE_NOT_FOUND);
    await checkReferences(tx, scope, input);
    const after = (await repo.updateRoute(tx, scope, id, { ...valuesOf(input), updatedAt: now }))!;
    await recordHistory(tx, scope, now, 'updated', id, settingsOf(before), settingsOf(after));
    return after;
  });
  return toRoute(row, await loginChannelOf(ctx, scope));
}

export async function remove(ctx: AppContext, scope: ChannelScope, id: number): Promise<{ id: number }> {
  if (!(await repo.deleteRoute(ctx.database.db, scope, id))) throw notFound(ROUTE_NOT_FOUND);
  return { id };
}

export async function copy(
  ctx: AppContext,
  scope: ChannelRequest,
  id: number,
  input: z.output<typeof copyInflowInput>,
): Promise<InflowRoute> {
  const db = ctx.database.db;
  await requireFeature(db, accountScope(scope.accountId), 'inflow_routes');
  const now = ctx.clock.now();
  const row = await db.transaction(async (tx) => {
    const source = await repo.findRoute(tx, scope, id);
    if (!source) throw notFound(ROUTE_NOT_FOUND);
    const folderId = input.folder_id === undefined ? source.folderId : input.folder_id;
    if (folderId !== null && !(await repo.ownsInflowFolder(tx, scope, folderId))) {
      throw fieldError('folder_id', FOREIGN_MESSAGE.folder);
    }
    const created = await repo.insertRoute(tx, scope, {
      ...settingsValues(source),
      name: `${source.name}のコピー`.slice(0, 100),
      folderId,
      code: newInflowCode(),
      createdAt: now,
      updatedAt: now,
    });
    await recordHistory(tx, scope, now, 'copied', created.id, null, settingsOf(created));
    return created;
  });
  return toRoute(row, await loginChannelOf(ctx, scope));
}

const settingsValues = (row: repo.RouteRow): Omit<repo.RouteValues, 'code'> => ({
  name: row.name,
  folderId: row.folderId,
  useLogin: row.useLogin,
  destinationUrl: row.destinationUrl,
  actions: row.actions,
  costs: row.costs,
  memo: row.memo,
});

export async function history(ctx: AppContext, scope: ChannelScope, id: number): Promise<InflowHistoryEntry[]> {
  const db = ctx.database.db;
  if (!(await repo.findRoute(db, scope, id))) throw notFound(ROUTE_NOT_FOUND);
  return (await repo.listHistory(db, scope, id)).map((row) => ({
    id: row.id,
    kind: row.kind,
    actor_name: row.actorName,
    changed_fields: row.changedFields,
    before: row.before,
    after: row.after,
    created_at: row.createdAt.toISOString(),
  }));
}

// Date ranges and figures

/** Days since 1970-01-01 of a YYYY-MM-DD. */
const dayNumber = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const dayText = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);

/** Today in the time zone, YYYY-MM-DD. */
function today(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The instant a day starts in the time zone. */
function dayStart(day: string, timeZone: string): Date {
  const guess = new Date(`${day}T00:00:00Z`);
  // The zone's offset at that moment (twice, so a change of offset that day is taken into account).
  const offset = (at: Date) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(at);
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return (
      Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')) -
      at.getTime()
    );
  };
  const first = new Date(guess.getTime() - offset(guess));
  return new Date(guess.getTime() - offset(first));
}

export interface DayRange extends repo.Range {
  from: string;
  to: string;
  timeZone: string;
}

/** The query's days in the account's time zone (by default the last 30 up to today), as instants. */
export async function rangeOf(
  ctx: AppContext,
  scope: ChannelRequest,
  query: z.output<typeof inflowRangeQuery>,
): Promise<DayRange> {
  const timeZone = await accountTimeZone(ctx.database.db, accountScope(scope.accountId));
  const to = query.to ?? today(ctx.clock.now(), timeZone);
  const from = query.from ?? dayText(dayNumber(to) - 29);
  if (dayNumber(to) < dayNumber(from)) throw fieldError('to', RANGE_ORDER_MESSAGE);
  if (dayNumber(to) - dayNumber(from) >= RANGE_MAX_DAYS) throw fieldError('to', RANGE_TOO_LONG_MESSAGE);
  return {
    from,
    to,
    timeZone,
    start: dayStart(from, timeZone),
    end: dayStart(dayText(dayNumber(to) + 1), timeZone),
  };
}

/** The route's cost over the days: each period's amount in proportion to its days inside them. */
export function costOver(costs: InflowCostPeriod[], from: string, to: string): number {
  let total = 0;
  for (const period of costs) {
    const days = dayNumber(period.to) - dayNumber(period.from) + 1;
    const overlap =
      Math.min(dayNumber(period.to), dayNumber(to)) - Math.max(dayNumber(period.from), dayNumber(from)) + 1;
    if (days > 0 && overlap > 0) total += (period.amount * overlap) / days;
  }
  return Math.round(total);
}

/** The routes' conversions in the range, counted by the conversions module. */
async function conversionsOf(ctx: AppContext, scope: ChannelScope, rows: repo.RouteWithCounts[], range: DayRange) {
  return conversionsPerInflowRoute(
    ctx.database.db,
    scope,
    rows.map((row) => row.route.id),
    range,
  );
}

function statsOf(row: repo.RouteWithCounts, range: DayRange, conversionsByRoute: Map<number, number>): InflowStats {
  const cost = costOver(row.route.costs, range.from, range.to);
  const conversions = conversionsByRoute.get(row.route.id) ?? 0;
  return {
    visits: row.visits,
    friends_added: row.friendsAdded,
    blocks: row.blocks,
    conversions,
    cost,
    cost_per_friend: cost > 0 && row.friendsAdded > 0 ? Math.round(cost / row.friendsAdded) : null,
    cost_per_conversion: cost > 0 && conversions > 0 ? Math.round(cost / conversions) : null,
  };
}

export async function list(
  ctx: AppContext,
  scope: ChannelRequest,
  query: z.output<typeof inflowListQuery>,
): Promise<{ data: InflowListItem[]; total_item_count: number; pagination: { current: number; pageSize: number } }> {
  const range = await rangeOf(ctx, scope, query);
  const { rows, total } = await repo.listRoutes(ctx.database.db, scope, query, range);
  const login = await loginChannelOf(ctx, scope);
  const conversions = await conversionsOf(ctx, scope, rows, range);
  return listPage(
    rows.map((row) => ({ ...toRoute(row.route, login), stats: statsOf(row, range, conversions) })),
    total,
    query,
  );
}

export async function get(
  ctx: AppContext,
  scope: ChannelRequest,
  id: number,
  query: z.output<typeof inflowRangeQuery>,
): Promise<InflowListItem> {
  const range = await rangeOf(ctx, scope, query);
  const row = await repo.routeWithCounts(ctx.database.db, scope, id, range);
  if (!row) throw notFound(ROUTE_NOT_FOUND);
  const conversions = await conversionsOf(ctx, scope, [row], range);
  return { ...toRoute(row.route, await loginChannelOf(ctx, scope)), stats: statsOf(row, range, conversions) };
}

const CSV_HEADER = [
  'ID',
  '流入経路名',
  'URL',
  '集計開始日',
  '集計終了日',
  '訪問数',
  '友だち追加数',
  'うちブロック数',
  'コンバージョン数',
  '費用',
  '友だち追加単価',
  'コンバージョン単価',
  '計測方法',
];

/** The filtered list with its figures as CSV, in the list's order. */
export async function exportCsv(
  ctx: AppContext,
  scope: ChannelRequest,
  query: z.output<typeof inflowFilterQuery>,
  origin: string,
): Promise<{ filename: string; body: string }> {
  const range = await rangeOf(ctx, scope, query);
  const { rows } = await repo.listRoutes(ctx.database.db, scope, query, range);
  const login = await loginChannelOf(ctx, scope);
  const conversions = await conversionsOf(ctx, scope, rows, range);
  let body = UTF8_BOM + csvRecord(CSV_HEADER.map(textCell));
  for (const row of rows) {
    const stats = statsOf(row, range, conversions);
    const attribution = attributionOf(row.route.useLogin, login);
    body += csvRecord([
      plainCell(row.route.id),
      textCell(row.route.name),
      textCell(`${origin}${inflowPagePath(row.route.code)}`),
      plainCell(range.from),
      plainCell(range.to),
      plainCell(stats.visits),
      plainCell(stats.friends_added),
      plainCell(stats.blocks),
      plainCell(stats.conversions),
      plainCell(stats.cost),
      plainCell(stats.cost_per_friend),
      plainCell(stats.cost_per_conversion),
      plainCell(attribution.mode === 'line_login' ? 'LINEログイン' : '訪問数のみ'),
    ]);
  }
  return { filename: `inflows-${range.from}-${range.to}.csv`, body };
}

export async function routeFriends(
  ctx: AppContext,
  scope: ChannelScope,
  id: number,
  query: z.output<typeof inflowFriendsQuery>,
) {
  const db = ctx.database.db;
  if (!(await repo.findRoute(db, scope, id))) throw notFound(ROUTE_NOT_FOUND);
  const { rows, total } = await repo.routeFriends(db, scope, id, query);
  return listPage(
    rows.map((row) => ({
      attribution_id: row.attributionId,
      friend_id: row.friendId,
      display_name: row.displayName,
      picture_url: row.pictureUrl,
      kind: row.kind,
      attributed_at: row.attributedAt.toISOString(),
      first_route: row.firstTouch,
      blocked: row.status === 'blocked',
    })),
    total,
    query,
  );
}

export async function chart(
  ctx: AppContext,
  scope: ChannelRequest,
  id: number,
  query: z.output<typeof inflowRangeQuery>,
): Promise<InflowChart> {
  const range = await rangeOf(ctx, scope, query);
  const db = ctx.database.db;
  const row = await repo.routeWithCounts(db, scope, id, range);
  if (!row) throw notFound(ROUTE_NOT_FOUND);
  const counts = await repo.dailyCounts(db, scope, id, range, range.timeZone);
  const byDay = (rows: { day: string; n: number }[]) => new Map(rows.map((r) => [r.day, Number(r.n)]));
  const [visits, adds, blocks] = [byDay(counts.visits), byDay(counts.adds), byDay(counts.blocks)];
  const days: InflowChart['days'] = [];
  for (let day = dayNumber(range.from); day <= dayNumber(range.to); day++) {
    const date = dayText(day);
    days.push({
      date,
      visits: visits.get(date) ?? 0,
      friends_added: adds.get(date) ?? 0,
      blocks: blocks.get(date) ?? 0,
    });
  }
  const conversions = await conversionsOf(ctx, scope, [row], range);
  return { from: range.from, to: range.to, days, totals: statsOf(row, range, conversions) };
}

export async function profileChart(
  ctx: AppContext,
  scope: ChannelRequest,
  id: number,
  query: z.output<typeof inflowRangeQuery>,
): Promise<InflowProfileChart> {
  const range = await rangeOf(ctx, scope, query);
  const db = ctx.database.db;
  if (!(await repo.findRoute(db, scope, id))) throw notFound(ROUTE_NOT_FOUND);
  const counts = await repo.profileCounts(db, scope, id, range);
  const facets: InflowProfileFacet[] = [
    {
      key: 'language',
      kind: 'language',
      title: null,
      buckets: counts.languages.map((row) => ({ label: row.label, count: row.n })),
    },
  ];
  const fields = new Map<number, InflowProfileFacet>();
  for (const row of counts.info) {
    const facet = fields.get(row.fieldId) ?? {
      key: `info_field:${row.fieldId}`,
      kind: 'info_field',
      title: row.fieldName,
      buckets: [],
    };
    facet.buckets.push({ label: row.label, count: row.n });
    fields.set(row.fieldId, facet);
  }
  facets.push(...fields.values());
  facets.push({
    key: 'tags',
    kind: 'tags',
    title: null,
    buckets: counts.tags.map((r) => ({ label: r.label, count: r.n })),
  });
  facets.push({
    key: 'plans',
    kind: 'plans',
    title: null,
    buckets: counts.plans.map((r) => ({ label: r.label, count: r.n })),
  });
  for (const contributed of ctx.registries.all(INFLOW_PROFILE_FACETS)) {
    facets.push(...(await contributed.facets(db, scope, { routeId: id, start: range.start, end: range.end })));
  }
  return { from: range.from, to: range.to, friend_count: counts.total, facets };
}

/** The route's URL code (for its QR code). */
export async function codeOf(ctx: AppContext, scope: ChannelScope, id: number): Promise<string> {
  const row = await repo.findRoute(ctx.database.db, scope, id);
  if (!row) throw notFound(ROUTE_NOT_FOUND);
  return row.code;
}

export async function status(ctx: AppContext, scope: ChannelScope) {
  return { attribution: attributionOf(true, await loginChannelOf(ctx, scope)) };
}

/** A friend's inflow section: first and latest route, every attribution with its actions. */
export async function ofFriend(ctx: AppContext, scope: ChannelScope, friendId: number): Promise<FriendInflows> {
  const db = ctx.database.db;
  if (!(await repo.friendById(db, scope, friendId))) throw notFound('友だち');
  const rows = await repo.friendAttributions(db, scope, friendId);
  const attributions = rows.map(({ attribution, routeName }) => ({
    id: attribution.id,
    route_id: attribution.routeId,
    route_name: routeName,
    attributed_at: attribution.attributedAt.toISOString(),
    kind: attribution.kind,
    actions: attribution.actions,
    actions_applied: attribution.actionsApplied,
  }));
  const touch = (entry: (typeof attributions)[number] | undefined) =>
    entry ? { route_id: entry.route_id, route_name: entry.route_name, attributed_at: entry.attributed_at } : null;
  return {
    first: touch(attributions.find((_, index) => rows[index]!.attribution.firstTouch) ?? attributions[0]),
    last: touch(attributions.at(-1)),
    attributions: [...attributions].reverse(),
  };
}
