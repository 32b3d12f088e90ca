import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random base-62 characters, like the tails of Stripe's ids. */
export function base62(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % 62];
  return out;
}

/**
 * An id with Stripe's prefix for the object: `cus_`, `prod_` (14 characters after the prefix),
 * `price_`, `sub_`, `in_`, `pm_`, `evt_`, `bps_`, `si_`, `il_` (24), `cs_test_` (58).
 */
export function newId(prefix: string): string {
  if (prefix === 'cs') return `cs_test_${base62(58)}`;
  return `${prefix}_${base62(prefix === 'cus' || prefix === 'prod' ? 14 : 24)}`;
}

export function invoicePrefix(): string {
  return base62(8)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, 'X');
}
