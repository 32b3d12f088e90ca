import { describe, expect, it } from 'vitest';
import { accountScope, agencyScope, channelScope, oemScope } from './principal.ts';

describe('tenant scopes', () => {
  it('carry their level and checked id', () => {
    expect(channelScope(3)).toEqual({ level: 'channel', lineAccountId: 3 });
    expect(accountScope(4)).toEqual({ level: 'account', accountId: 4 });
    expect(agencyScope(5)).toEqual({ level: 'agency', agencyId: 5 });
    expect(oemScope(6)).toEqual({ level: 'oem', oemId: 6 });
  });

  it('refuse a missing, non-integer or non-positive id (a programming error)', () => {
    for (const make of [channelScope, accountScope, agencyScope, oemScope]) {
      for (const id of [0, -1, 1.5, Number.NaN, undefined as unknown as number, null as unknown as number]) {
        expect(() => make(id)).toThrow(/scope without a valid id/);
      }
    }
  });
});
