import { describe, expect, it } from 'vitest';
import { createResponseCache } from './response-cache.ts';

describe('createResponseCache', () => {
  it('serves an entry until its time-to-live has passed', () => {
    let clock = 0;
    const cache = createResponseCache(60_000, () => clock);
    cache.set('a', { data: 1 });
    clock = 59_999;
    expect(cache.get('a')).toEqual({ body: { data: 1 } });
    clock = 60_000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps a cached null body distinct from a miss, and clears', () => {
    const cache = createResponseCache(1000, () => 0);
    cache.set('empty', null);
    expect(cache.get('empty')).toEqual({ body: null });
    cache.clear();
    expect(cache.get('empty')).toBeUndefined();
  });
});
