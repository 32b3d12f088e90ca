import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * LINE's `x-line-signature`: base64 HMAC-SHA256 of the exact request bytes with the
 * channel secret. Compared in constant time; any missing or malformed header fails.
 */
export function validLineSignature(rawBody: Buffer, channelSecret: string, header: string | undefined): boolean {
  if (!header) return false;
  const expected = createHmac('sha256', channelSecret).update(rawBody).digest();
  const given = Buffer.from(header, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
