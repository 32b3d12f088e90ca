import { describe, expect, it } from 'vitest';
import { postalCodeLookupState } from './usePostalCodeLookup.ts';

const address = { postal_code: '1000001', prefecture: '東京都' as const, city: '千代田区', town: '千代田' };

describe('postalCodeLookupState', () => {
  it('waits for seven digits', () => {
    expect(postalCodeLookupState(null, { error: null })).toMatchObject({ status: 'incomplete', hint: null });
  });
  it('searches, then answers the address', () => {
    expect(postalCodeLookupState('1000001', { error: null })).toMatchObject({ status: 'searching' });
    expect(postalCodeLookupState('1000001', { data: { data: address }, error: null })).toMatchObject({
      status: 'found',
      postalCode: '1000001',
      address,
    });
  });
  it('tells an unknown code from a failed lookup', () => {
    expect(postalCodeLookupState('0000000', { error: { status: 404 } })).toMatchObject({ status: 'unknown' });
    expect(postalCodeLookupState('1000001', { error: { status: 0 } })).toMatchObject({ status: 'failed' });
  });
});
