import { describe, expect, it } from 'vitest';
import { fillPath, toQueryString } from './url.ts';

describe('toQueryString', () => {
  it('serialises arrays in bracket form', () => {
    expect(toQueryString({ tag_ids: [1, 2], page: 1 })).toBe('?tag_ids%5B%5D=1&tag_ids%5B%5D=2&page=1');
  });

  it('skips absent values and encodes the rest', () => {
    expect(toQueryString({ q: 'a b&c', status: undefined, x: null })).toBe('?q=a%20b%26c');
    expect(toQueryString({})).toBe('');
    expect(toQueryString(undefined)).toBe('');
  });
});

describe('fillPath', () => {
  it('fills named segments', () => {
    expect(fillPath('/account/users/:id', { id: 7 })).toBe('/account/users/7');
    expect(fillPath('/sessions', undefined)).toBe('/sessions');
  });

  it('refuses a missing parameter', () => {
    expect(() => fillPath('/account/users/:id', {})).toThrow(/id/);
  });
});
