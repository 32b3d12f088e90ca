import {
  FRIEND_INFLOW_MATCHES,
  FRIEND_PAGE_SIZE,
  FRIEND_SORTS,
  TAG_MATCHES,
  type FriendFilterQuery,
  type FriendListQuery,
} from '@linq/contract';
import { nextListParams, readListParams } from '../../../app/list-params.ts';

/*
 * The friend list's filters, kept in the address so that links such as `/service/friends?tag_ids[]=3`
 * (from the tag and mark screens) open the list filtered. Arrays use the API's bracket form; values
 * the API would refuse (unknown sort, bad dates, non-numeric ids) are dropped rather than sent.
 */

export type FriendSort = (typeof FRIEND_SORTS)[number];
export type TagMatch = (typeof TAG_MATCHES)[number];
export type InflowMatch = (typeof FRIEND_INFLOW_MATCHES)[number];
export type SortOrder = 'asc' | 'desc';
export const FRIEND_STATUSES = ['following', 'blocked'] as const;
export type FriendStatus = (typeof FRIEND_STATUSES)[number];

/** The API answers at most 100 friends a page. */
export const FRIEND_PAGE_SIZES = [FRIEND_PAGE_SIZE, 50, 100] as const;
const FRIEND_LIMIT_MAX = 100;
const DEFAULT_SORT: FriendSort = 'followed_at';
const DEFAULT_ORDER: SortOrder = 'desc';

export interface FriendFilters {
  name?: string;
  tag_ids: number[];
  tag_match: TagMatch;
  mark_ids: number[];
  /** YYYY-MM-DD */
  followed_from?: string;
  followed_to?: string;
  status?: FriendStatus;
  /** Inflow routes (the route screen links here with its id). */
  inflow_route_ids: number[];
  inflow_match: InflowMatch;
  sort: FriendSort;
  order: SortOrder;
}

export interface FriendListState {
  page: number;
  limit: number;
  filters: FriendFilters;
}

const SCALAR_FILTERS = [
  'name',
  'tag_match',
  'followed_from',
  'followed_to',
  'status',
  'inflow_match',
  'sort',
  'order',
] as const;
type ScalarFilter = (typeof SCALAR_FILTERS)[number];
const ARRAY_FILTERS = ['tag_ids', 'mark_ids', 'inflow_route_ids'] as const;
type ArrayFilter = (typeof ARRAY_FILTERS)[number];

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(values: readonly T[], value: string | undefined): T | undefined {
  return values.find((candidate) => candidate === value);
}

function dateOnly(value: string | undefined): string | undefined {
  return value && DATE_ONLY.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

/** Positive integer ids of `name[]=…` (and the plain `name=…` form), in order, without repeats. */
export function readIds(params: URLSearchParams, name: ArrayFilter): number[] {
  const ids: number[] = [];
  for (const raw of [...params.getAll(`${name}[]`), ...params.getAll(name)]) {
    const id = Number(raw);
    if (raw !== '' && Number.isInteger(id) && id > 0 && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

export function readFriendListParams(params: URLSearchParams): FriendListState {
  const { page, limit, filters } = readListParams(params, SCALAR_FILTERS);
  return {
    page,
    limit: Math.min(limit, FRIEND_LIMIT_MAX),
    filters: {
      name: filters.name?.trim() || undefined,
      tag_ids: readIds(params, 'tag_ids'),
      tag_match: oneOf(TAG_MATCHES, filters.tag_match) ?? 'any',
      mark_ids: readIds(params, 'mark_ids'),
      followed_from: dateOnly(filters.followed_from),
      followed_to: dateOnly(filters.followed_to),
      status: oneOf(FRIEND_STATUSES, filters.status),
      inflow_route_ids: readIds(params, 'inflow_route_ids'),
      inflow_match: oneOf(FRIEND_INFLOW_MATCHES, filters.inflow_match) ?? 'any',
      sort: oneOf(FRIEND_SORTS, filters.sort) ?? DEFAULT_SORT,
      order: oneOf(['asc', 'desc'], filters.order) ?? DEFAULT_ORDER,
    },
  };
}

export type FriendListChanges = Partial<Record<ScalarFilter | 'page' | 'limit', string | number | undefined>> &
  Partial<Record<ArrayFilter, readonly number[]>>;

/** Applies changes to the address; any change but the page goes back to page 1. */
export function nextFriendListParams(params: URLSearchParams, changes: FriendListChanges): URLSearchParams {
  const scalars: Partial<Record<string, string | number | undefined>> = {};
  const arrays: Partial<Record<ArrayFilter, readonly number[]>> = {};
  for (const [name, value] of Object.entries(changes)) {
    if (ARRAY_FILTERS.includes(name as ArrayFilter)) arrays[name as ArrayFilter] = value as readonly number[];
    else scalars[name] = value as string | number | undefined;
  }
  const next = nextListParams(params, scalars);
  for (const [name, ids] of Object.entries(arrays)) {
    next.delete(`${name}[]`);
    next.delete(name);
    for (const id of ids ?? []) next.append(`${name}[]`, String(id));
  }
  return next;
}

/** What the list and its CSV export send: only the filters that are set. */
export function friendFilterQuery(filters: FriendFilters): FriendFilterQuery {
  const query: FriendFilterQuery = { sort: filters.sort, order: filters.order };
  if (filters.name) query.name = filters.name;
  if (filters.tag_ids.length) {
    query.tag_ids = filters.tag_ids;
    query.tag_match = filters.tag_match;
  }
  if (filters.mark_ids.length) query.mark_ids = filters.mark_ids;
  if (filters.followed_from) query.followed_from = filters.followed_from;
  if (filters.followed_to) query.followed_to = filters.followed_to;
  if (filters.status) query.status = filters.status;
  if (filters.inflow_route_ids.length) {
    query.inflow_route_ids = filters.inflow_route_ids;
    query.inflow_match = filters.inflow_match;
  }
  return query;
}

export function friendListQuery({ page, limit, filters }: FriendListState): FriendListQuery {
  return { ...friendFilterQuery(filters), page, limit };
}

/** Whether any filter narrows the list (sorting does not). */
export function hasActiveFilters(filters: FriendFilters): boolean {
  return Boolean(
    filters.name ||
    filters.tag_ids.length ||
    filters.mark_ids.length ||
    filters.followed_from ||
    filters.followed_to ||
    filters.status ||
    filters.inflow_route_ids.length,
  );
}

/** Clears every filter but keeps the sort. */
export const CLEARED_FILTERS: FriendListChanges = {
  name: undefined,
  tag_ids: [],
  tag_match: undefined,
  mark_ids: [],
  followed_from: undefined,
  followed_to: undefined,
  status: undefined,
  inflow_route_ids: [],
  inflow_match: undefined,
};

type AntdOrder = 'ascend' | 'descend' | null;

/** The antd sort order a column shows. */
export function columnSortOrder(filters: FriendFilters, column: FriendSort): AntdOrder {
  if (filters.sort !== column) return null;
  return filters.order === 'asc' ? 'ascend' : 'descend';
}

/** The address changes for an antd sorter; no order means back to the default sort. */
export function sortChanges(column: unknown, order: AntdOrder | undefined): FriendListChanges {
  const sort = oneOf(FRIEND_SORTS, typeof column === 'string' ? column : undefined);
  if (!sort || !order) return { sort: undefined, order: undefined };
  return { sort, order: order === 'ascend' ? 'asc' : 'desc' };
}
