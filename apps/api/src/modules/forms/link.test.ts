import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { secretBox } from '../../platform/secrets.ts';
import { FORM_LINK_TTL_DAYS, readFormLink, signFormLink } from './link.ts';

const secrets = secretBox(randomBytes(32));
const now = new Date('2026-05-01T00:00:00Z');
const link = { formId: 7, friendId: 42 };

describe('a friend’s signed form link', () => {
  it('names its form and friend until it expires', () => {
    const token = signFormLink(secrets, link, now);
    expect(readFormLink(secrets, token, now)).toEqual({ ...link, expired: false });
    const almost = new Date(now.getTime() + FORM_LINK_TTL_DAYS * 86_400_000 - 1000);
    expect(readFormLink(secrets, token, almost)).toEqual({ ...link, expired: false });
    const after = new Date(now.getTime() + FORM_LINK_TTL_DAYS * 86_400_000);
    expect(readFormLink(secrets, token, after)).toEqual({ ...link, expired: true });
  });

  it('is refused when tampered with', () => {
    const token = signFormLink(secrets, link, now);
    const [payload, mac] = token.split('.') as [string, string];
    const forged = Buffer.from(Buffer.from(payload, 'base64url').toString().replace('.42.', '.43.')).toString(
      'base64url',
    );
    expect(readFormLink(secrets, `${forged}.${mac}`, now)).toBeNull();
    // The first character, whose six bits all count (the last one's low bits are padding).
    const otherMac = `${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    expect(readFormLink(secrets, `${payload}.${otherMac}`, now)).toBeNull();
    expect(readFormLink(secrets, `${payload}.${mac}.x`, now)).toBeNull();
    expect(readFormLink(secrets, 'garbage', now)).toBeNull();
  });

  it('never names another form, nor holds under another key', () => {
    const token = signFormLink(secrets, link, now);
    const other = signFormLink(secrets, { formId: 8, friendId: 42 }, now);
    expect(readFormLink(secrets, other, now)).toEqual({ formId: 8, friendId: 42, expired: false });
    const [payloadOfOther] = other.split('.') as [string];
    const [, mac] = token.split('.') as [string, string];
    expect(readFormLink(secrets, `${payloadOfOther}.${mac}`, now)).toBeNull();
    expect(readFormLink(secretBox(randomBytes(32)), token, now)).toBeNull();
  });

  it('is signed for forms only: the same key signs other purposes differently', () => {
    const token = signFormLink(secrets, link, now);
    const [payload, mac] = token.split('.') as [string, string];
    expect(secrets.sign('another-purpose', payload)).not.toBe(mac);
  });
});
