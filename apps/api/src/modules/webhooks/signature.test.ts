import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { validateSignature } from '@line/bot-sdk';
import { validLineSignature } from './signature.ts';

const secret = '0123456789abcdef0123456789abcdef';
const body = Buffer.from(
  JSON.stringify({
    destination: 'U' + 'a'.repeat(32),
    events: [{ type: 'message', message: { type: 'text', text: 'こんにちは🍣 <b>テスト</b>' } }],
  }),
  'utf8',
);
const sign = (bytes: Buffer, key = secret) => createHmac('sha256', key).update(bytes).digest('base64');

describe('LINE signature', () => {
  it('accepts the signature LINE computes over the raw bytes (Japanese text and emoji)', () => {
    const signature = sign(body);
    expect(validateSignature(body, secret, signature)).toBe(true);
    expect(validLineSignature(body, secret, signature)).toBe(true);
  });

  it('refuses a missing header, a wrong secret and a garbage header', () => {
    expect(validLineSignature(body, secret, undefined)).toBe(false);
    expect(validLineSignature(body, secret, sign(body, 'f'.repeat(32)))).toBe(false);
    expect(validLineSignature(body, secret, 'not base64 at all')).toBe(false);
  });

  it('refuses one changed byte', () => {
    const signature = sign(body);
    const changed = Buffer.from(body);
    changed[changed.length - 3] = changed[changed.length - 3]! ^ 1;
    expect(validLineSignature(changed, secret, signature)).toBe(false);
  });

  it('refuses the same JSON serialised again with other spacing', () => {
    const signature = sign(body);
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(body.toString('utf8')), null, 2), 'utf8');
    expect(validLineSignature(reserialised, secret, signature)).toBe(false);
  });
});
