import { describe, expect, it } from 'vitest';
import { cardBrand, checkCard, luhnValid } from './cards.ts';
import { StripeApiError } from './errors.ts';

const NOW = Date.UTC(2026, 10, 28);

function failure(number: string, expiry = '12/34', cvc = '123') {
  try {
    checkCard({ number, expiry, cvc }, NOW);
    return null;
  } catch (e) {
    if (!(e instanceof StripeApiError)) throw e;
    return { status: e.status, ...e.body().error };
  }
}

describe('test cards', () => {
  it('accepts 4242 and other Luhn-valid numbers, with brand and last4', () => {
    const card = checkCard({ number: '4242 4242 4242 4242', expiry: '04/2030', cvc: '123' }, NOW);
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 4, expYear: 2030, chargeFailure: null });
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('3566002020360505')).toBe('jcb');
    expect(luhnValid('4242424242424241')).toBe(false);
  });

  it('declines as Stripe documents', () => {
    expect(failure('4000000000000002')).toMatchObject({
      status: 402,
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
    expect(failure('4000000000009995')).toMatchObject({ code: 'card_declined', decline_code: 'insufficient_funds' });
    expect(failure('4242424242424241')).toMatchObject({ code: 'incorrect_number' });
    expect(failure('4242424242424242', '10/26')).toMatchObject({ code: 'expired_card' });
    expect(failure('4242424242424242', '12/34', '1')).toMatchObject({ code: 'invalid_cvc' });
  });

  it('saves 4000000000000341 but marks its charges to fail', () => {
    const card = checkCard({ number: '4000000000000341', expiry: '12/34', cvc: '123' }, NOW);
    expect(card.chargeFailure).toMatchObject({ code: 'card_declined' });
  });
});
