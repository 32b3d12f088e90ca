import { describe, expect, it } from 'vitest';
import {
  columnSortOrder,
  CLEARED_FILTERS,
  friendFilterQuery,
  friendListQuery,
  hasActiveFilters,
  nextFriendListParams,
  readFriendListParams,
  readIds,
  sortChanges,
} from './friend-filters.ts';

const read = (query: string) => readFriendListParams(new URLSearchParams(query));
const next = (query: string, changes: Parameters<typeof nextFriendListParams>[1]) =>
  decodeURIComponent(nextFriendListParams(new URLSearchParams(query), changes).toString());

describe('readFriendListParams', () => {
  it('gives the defaults for an empty address', () => {
    expect(read('')).toEqual({
      page: 1,
      limit: 20,
      filters: {
        name: undefined,
        tag_ids: [],
        tag_match: 'any',
        mark_ids: [],
        followed_from: undefined,
        followed_to: undefined,
        status: undefined,
        inflow_route_ids: [],
        inflow_match: 'any',
        sort: 'followed_at',
        order: 'desc',
      },
    });
  });

  it('reads the links of the tag, mark and inflow-route screens (bracket arrays)', () => {
    expect(read('tag_ids[]=3').filters.tag_ids).toEqual([3]);
    expect(read('inflow_route_ids[]=9').filters).toMatchObject({ inflow_route_ids: [9], inflow_match: 'any' });
    expect(read('mark_ids%5B%5D=2&mark_ids%5B%5D=5').filters.mark_ids).toEqual([2, 5]);
  });

  it('reads every filter, the page and the size', () => {
    const state = read(
      'name=%20佐藤%20&tag_ids[]=1&tag_ids[]=2&tag_match=none&mark_ids[]=4&followed_from=2026-01-01' +
        '&followed_to=2026-01-31&status=blocked&inflow_route_ids[]=5&inflow_match=first&sort=score&order=asc' +
        '&page=3&limit=50',
    );
    expect(state).toEqual({
      page: 3,
      limit: 50,
      filters: {
        name: '佐藤',
        tag_ids: [1, 2],
        tag_match: 'none',
        mark_ids: [4],
        followed_from: '2026-01-01',
        followed_to: '2026-01-31',
        status: 'blocked',
        inflow_route_ids: [5],
        inflow_match: 'first',
        sort: 'score',
        order: 'asc',
      },
    });
  });

  it('drops what the API would refuse', () => {
    const state = read(
      'tag_ids[]=x&tag_ids[]=0&tag_ids[]=-1&tag_ids[]=1.5&tag_ids[]=&tag_match=some&followed_from=2026-1-1' +
        '&followed_to=2026-13-45&status=gone&sort=id&order=up&limit=500',
    );
    expect(state.limit).toBe(100);
    expect(state.filters).toMatchObject({
      tag_ids: [],
      tag_match: 'any',
      followed_from: undefined,
      followed_to: undefined,
      status: undefined,
      sort: 'followed_at',
      order: 'desc',
    });
  });

  it('accepts the plain form of an id list and drops repeats', () => {
    expect(readIds(new URLSearchParams('tag_ids=3&tag_ids[]=3&tag_ids[]=4'), 'tag_ids')).toEqual([3, 4]);
  });
});

describe('nextFriendListParams', () => {
  it('writes id lists in bracket form and goes back to page 1', () => {
    expect(next('page=4&tag_ids[]=1&laid=2', { tag_ids: [5, 6] })).toBe('laid=2&tag_ids[]=5&tag_ids[]=6');
    expect(next('tag_ids=1&mark_ids[]=2', { tag_ids: [], mark_ids: [3] })).toBe('mark_ids[]=3');
  });

  it('sets and clears scalar filters and keeps the page when only the page changes', () => {
    expect(next('name=a&page=2', { name: 'b' })).toBe('name=b');
    expect(next('name=a', { page: 3 })).toBe('name=a&page=3');
    expect(next('status=blocked&page=2', { status: undefined, limit: 50 })).toBe('limit=50');
  });

  it('clears every filter but keeps the sort and the channel', () => {
    expect(
      next('laid=1&name=a&tag_ids[]=1&tag_match=all&mark_ids[]=2&followed_from=2026-01-01&status=blocked&sort=score', {
        ...CLEARED_FILTERS,
      }),
    ).toBe('laid=1&sort=score');
  });

  it('round-trips through readFriendListParams', () => {
    const address = nextFriendListParams(new URLSearchParams(''), { tag_ids: [7], tag_match: 'all', mark_ids: [8] });
    expect(readFriendListParams(address).filters).toMatchObject({ tag_ids: [7], tag_match: 'all', mark_ids: [8] });
  });
});

describe('friendFilterQuery / friendListQuery', () => {
  it('sends only the filters that are set', () => {
    expect(friendFilterQuery(read('').filters)).toEqual({ sort: 'followed_at', order: 'desc' });
    expect(friendListQuery(read('page=2'))).toEqual({ sort: 'followed_at', order: 'desc', page: 2, limit: 20 });
  });

  it('sends the inflow match only with routes', () => {
    expect(friendFilterQuery(read('inflow_match=first').filters)).not.toHaveProperty('inflow_match');
    expect(friendFilterQuery(read('inflow_route_ids[]=3&inflow_match=first').filters)).toMatchObject({
      inflow_route_ids: [3],
      inflow_match: 'first',
    });
    expect(hasActiveFilters(read('inflow_route_ids[]=3').filters)).toBe(true);
  });

  it('sends tag_match only with tags', () => {
    expect(friendFilterQuery(read('tag_match=none').filters)).not.toHaveProperty('tag_match');
    expect(friendFilterQuery(read('tag_ids[]=1&tag_match=none&mark_ids[]=2&name=x').filters)).toEqual({
      sort: 'followed_at',
      order: 'desc',
      name: 'x',
      tag_ids: [1],
      tag_match: 'none',
      mark_ids: [2],
    });
  });

  it('sends the followed range and status', () => {
    expect(friendFilterQuery(read('followed_from=2026-02-01&followed_to=2026-02-28&status=following').filters)).toEqual(
      {
        sort: 'followed_at',
        order: 'desc',
        followed_from: '2026-02-01',
        followed_to: '2026-02-28',
        status: 'following',
      },
    );
  });
});

describe('hasActiveFilters', () => {
  it('ignores sorting and paging', () => {
    expect(hasActiveFilters(read('sort=score&order=asc&page=2').filters)).toBe(false);
    expect(hasActiveFilters(read('mark_ids[]=1').filters)).toBe(true);
    expect(hasActiveFilters(read('followed_to=2026-01-01').filters)).toBe(true);
  });
});

describe('sorting', () => {
  it('shows the sorted column in antd terms', () => {
    const filters = read('sort=score&order=asc').filters;
    expect(columnSortOrder(filters, 'score')).toBe('ascend');
    expect(columnSortOrder(filters, 'display_name')).toBeNull();
    expect(columnSortOrder(read('').filters, 'followed_at')).toBe('descend');
  });

  it('turns an antd sorter into address changes', () => {
    expect(sortChanges('display_name', 'ascend')).toEqual({ sort: 'display_name', order: 'asc' });
    expect(sortChanges('last_message_at', 'descend')).toEqual({ sort: 'last_message_at', order: 'desc' });
    expect(sortChanges('score', null)).toEqual({ sort: undefined, order: undefined });
    expect(sortChanges('tags', 'ascend')).toEqual({ sort: undefined, order: undefined });
  });
});
