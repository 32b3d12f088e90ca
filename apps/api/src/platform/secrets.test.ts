import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSecretsKey, secretBox } from './secrets.ts';

describe('secret box', () => {
  const box = secretBox(randomBytes(32));

  it('round-trips Japanese text and never stores the plaintext', () => {
    const sealed = box.seal('チャネルシークレット-abc123');
    expect(sealed).not.toContain('abc123');
    expect(box.open(sealed)).toBe('チャネルシークレット-abc123');
  });

  it('uses a new IV each time', () => {
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a tampered value and a wrong key', () => {
    const sealed = box.seal('token');
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.open(tampered)).toThrow();
    expect(() => secretBox(randomBytes(32)).open(sealed)).toThrow();
  });

  it('reads a base64 key of 32 bytes only', () => {
    expect(parseSecretsKey(randomBytes(32).toString('base64')).length).toBe(32);
    expect(() => parseSecretsKey('c2hvcnQ=')).toThrow(/32 random bytes/);
  });
});
