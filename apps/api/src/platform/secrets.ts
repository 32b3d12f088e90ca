import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Channel secrets and access tokens at rest: AES-256-GCM with a random 96-bit IV.
 * Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url), so the key can be rotated later.
 */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
  /**
   * HMAC-SHA256 of `data` (base64url) with a key derived from the secrets key for `purpose` alone,
   * so a signature made for one purpose (a form's friend link…) is worthless for any other.
   */
  sign(purpose: string, data: string): string;
}

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secrets key must be 32 bytes');
  const signingKeys = new Map<string, Buffer>();
  const signingKey = (purpose: string) => {
    let derived = signingKeys.get(purpose);
    if (!derived) {
      derived = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `linq-sign:${purpose}`, 32));
      signingKeys.set(purpose, derived);
    }
    return derived;
  };
  return {
    sign(purpose, data) {
      return createHmac('sha256', signingKey(purpose)).update(data).digest('base64url');
    },
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

export function parseSecretsKey(value: string): Buffer {
  const key = Buffer.from(value, 'base64');
  if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 random bytes in base64 (openssl rand -base64 32)');
  return key;
}
