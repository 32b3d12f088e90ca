import { createHash, randomBytes } from 'node:crypto';

/** 256-bit random token, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');
/** Tokens are stored as their SHA-256 only; a database leak yields no usable token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
