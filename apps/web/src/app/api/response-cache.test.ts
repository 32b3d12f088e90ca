import { describe, expect, it } from 'vitest';
import { createResponseCache } from './response-cache.ts';

describe('createResponseCache', () => {
  it('serves an entry until its time-to-live has passed', () => {
    let clock = 0;
    const cache = createResponseCache(60_000, () => clock);
    cache.set('a', { data: 1 }, cache.ticket());
    clock = 59_999;
    expect(cache.get('a')).toEqual({ body: { data: 1 } });
    clock = 60_000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps a cached null body distinct from a miss, and clears', () => {
    const cache = createResponseCache(1000, () => 0);
    cache.set('empty', null, cache.ticket());
    expect(cache.get('empty')).toEqual({ body: null });
    cache.clear();
    expect(cache.get('empty')).toBeUndefined();
  });

  it('does not store a read that was in flight when a write cleared the cache', () => {
    const cache = createResponseCache(60_000, () => 0);
    const before = cache.ticket();
    cache.clear();
    cache.set('tags', { data: ['old'] }, before);
    expect(cache.get('tags')).toBeUndefined();
    cache.set('tags', { data: ['new'] }, cache.ticket());
    expect(cache.get('tags')).toEqual({ body: { data: ['new'] } });
  });
});
