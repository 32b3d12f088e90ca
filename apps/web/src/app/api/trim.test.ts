import { describe, expect, it } from 'vitest';
import { trimStrings } from './trim.ts';

describe('trimStrings', () => {
  it('trims strings at any depth', () => {
    expect(trimStrings({ name: ' a ', nested: { list: [' b', { c: 'c ' }] }, n: 1, ok: true, none: null })).toEqual({
      name: 'a',
      nested: { list: ['b', { c: 'c' }] },
      n: 1,
      ok: true,
      none: null,
    });
  });

  it('leaves non-plain objects alone', () => {
    const date = new Date(0);
    expect(trimStrings({ date }).date).toBe(date);
  });
});
