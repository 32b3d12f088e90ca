/**
 * Stripe's documented test card numbers (https://docs.stripe.com/testing) and what each does.
 * Any other number that passes the Luhn check succeeds, like Stripe's brand test numbers.
 */
import { createHash } from 'node:crypto';
import { StripeApiError } from './errors.ts';

/** `attach`: refused when the card is first saved; `charge`: saved, but every charge fails. */
interface CardFailure {
  at: 'attach' | 'charge';
  code: string;
  declineCode?: string;
  message: string;
}

const DECLINED = 'Your card was declined.';

export const TEST_CARDS: Record<string, CardFailure | null> = {
  '4242424242424242': null,
  '4000000000000002': { at: 'attach', code: 'card_declined', declineCode: 'generic_decline', message: DECLINED },
  '4000000000009995': {
    at: 'attach',
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000009987': { at: 'attach', code: 'card_declined', declineCode: 'lost_card', message: DECLINED },
  '4000000000009979': { at: 'attach', code: 'card_declined', declineCode: 'stolen_card', message: DECLINED },
  '4000000000000069': { at: 'attach', code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { at: 'attach', code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  '4000000000000119': {
    at: 'attach',
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
  '4000000000000341': { at: 'charge', code: 'card_declined', declineCode: 'generic_decline', message: DECLINED },
};

export interface CardDetails {
  number: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  fingerprint: string;
  /** Set for 4000000000000341: it saves, but every charge fails. */
  chargeFailure: CardFailure | null;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^35/.test(digits)) return 'jcb';
  if (/^3(0|6|8|9)/.test(digits)) return 'diners';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

export function cardError(failure: CardFailure, param?: string): StripeApiError {
  return new StripeApiError(402, {
    type: 'card_error',
    code: failure.code,
    message: failure.message,
    ...(failure.declineCode ? { declineCode: failure.declineCode } : {}),
    ...(param ? { param } : {}),
  });
}

/**
 * Checks a card as Stripe does when it is first saved (number, expiry, CVC, then the test
 * card's own outcome) and answers its details, or throws the card error Stripe answers.
 */
export function checkCard(input: { number: string; expiry: string; cvc: string }, nowMs: number): CardDetails {
  const digits = input.number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits) || !luhnValid(digits)) {
    throw cardError({ at: 'attach', code: 'incorrect_number', message: 'Your card number is incorrect.' }, 'number');
  }
  const exp = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  const expMonth = exp ? Number(exp[1]) : 0;
  const expYear = exp ? (exp[2]!.length === 2 ? 2000 + Number(exp[2]) : Number(exp[2])) : 0;
  if (!exp || expMonth < 1 || expMonth > 12) {
    throw cardError(
      { at: 'attach', code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." },
      'exp_month',
    );
  }
  const now = new Date(nowMs);
  if (expYear < now.getUTCFullYear() || (expYear === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1)) {
    throw cardError({ at: 'attach', code: 'expired_card', message: 'Your card has expired.' }, 'exp_year');
  }
  const brand = cardBrand(digits);
  if (!new RegExp(brand === 'amex' ? '^\\d{4}$' : '^\\d{3}$').test(input.cvc.trim())) {
    throw cardError({ at: 'attach', code: 'invalid_cvc', message: "Your card's security code is invalid." }, 'cvc');
  }
  const known = TEST_CARDS[digits] ?? null;
  if (known?.at === 'attach') throw cardError(known);
  return {
    number: digits,
    brand,
    last4: digits.slice(-4),
    expMonth,
    expYear,
    fingerprint: createHash('sha256').update(digits).digest('base64url').slice(0, 16),
    chargeFailure: known?.at === 'charge' ? known : null,
  };
}
