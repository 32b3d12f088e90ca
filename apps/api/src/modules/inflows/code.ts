import { randomBytes } from 'node:crypto';
import { INFLOW_CODE_LENGTH } from '@linq/contract';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** The largest multiple of 62 below 256: bytes at or above it are dropped, so every character is equally likely. */
const UNBIASED_BELOW = 256 - (256 % ALPHABET.length);

/**
 * A route's code: INFLOW_CODE_LENGTH base62 characters from the system's CSPRNG (about 59 bits),
 * so a route's URL cannot be guessed from another's. `random` is injectable for the tests.
 */
export function newInflowCode(random: (size: number) => Uint8Array = randomBytes): string {
  let code = '';
  while (code.length < INFLOW_CODE_LENGTH) {
    for (const byte of random(INFLOW_CODE_LENGTH * 2)) {
      if (byte >= UNBIASED_BELOW) continue;
      code += ALPHABET[byte % ALPHABET.length];
      if (code.length === INFLOW_CODE_LENGTH) break;
    }
  }
  return code;
}
