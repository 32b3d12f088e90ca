import { randomBytes, randomUUID } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A ULID (26 Crockford base-32 characters: 48-bit time, 80 random bits), as LINE's `webhookEventId`. */
export function ulid(time: number): string {
  let t = Math.max(0, Math.floor(time));
  let head = '';
  for (let i = 0; i < 10; i++) {
    head = CROCKFORD[t % 32]! + head;
    t = Math.floor(t / 32);
  }
  const bytes = randomBytes(16);
  let tail = '';
  for (let i = 0; i < 16; i++) tail += CROCKFORD[bytes[i]! & 31]!;
  return head + tail;
}

/** Request ids as LINE sends them in `x-line-request-id` (UUID). */
export function requestId(): string {
  return randomUUID();
}

/** `U` + 32 lowercase hex digits, like a LINE user id. */
export function userId(): string {
  return 'U' + randomBytes(16).toString('hex');
}

/** Many user ids at once: one random buffer instead of one syscall per id. */
export function userIds(count: number): string[] {
  const bytes = randomBytes(16 * count);
  const out = new Array<string>(count);
  for (let i = 0; i < count; i++) out[i] = 'U' + bytes.toString('hex', i * 16, i * 16 + 16);
  return out;
}

export function hex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

export function richMenuId(): string {
  return 'richmenu-' + hex(16);
}

/** Opaque token in the style of LINE's quote tokens / reply tokens. */
export function token(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

let messageSeq = BigInt(Date.now()) * 100000n;
/** LINE message ids are numeric strings (about 18 digits). */
export function messageId(): string {
  messageSeq += 1n;
  return messageSeq.toString();
}
