import { describe, expect, it } from 'vitest';
import { nextListParams, readListParams } from './list-params.ts';

describe('readListParams', () => {
  it('reads page, limit and filters with defaults', () => {
    expect(readListParams(new URLSearchParams('page=3&limit=50&q=abc&status='), ['q', 'status'])).toEqual({
      page: 3,
      limit: 50,
      filters: { q: 'abc', status: undefined },
    });
    expect(readListParams(new URLSearchParams('page=-1&limit=x'), [])).toEqual({ page: 1, limit: 20, filters: {} });
  });
});

describe('nextListParams', () => {
  it('goes back to page 1 when a filter changes', () => {
    expect(nextListParams(new URLSearchParams('page=3&q=a'), { q: 'b' }).toString()).toBe('q=b');
  });

  it('keeps other parameters and removes emptied ones', () => {
    expect(nextListParams(new URLSearchParams('laid=2&q=a'), { q: '', page: 4 }).toString()).toBe('laid=2&page=4');
  });
});
