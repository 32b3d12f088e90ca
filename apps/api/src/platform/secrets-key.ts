import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type Config } from '../config.ts';
import { parseSecretsKey } from './secrets.ts';

/**
 * SECRETS_KEY, or for a demo a key generated once and kept beside the embedded data.
 * Production (PostgreSQL without demo data) must set it: losing it loses every channel secret.
 */
export function resolveSecretsKey(config: Config, log: FastifyBaseLogger): Buffer {
  if (config.SECRETS_KEY) return parseSecretsKey(config.SECRETS_KEY);
  if (config.DATABASE_URL && !config.seedDemo) {
    throw new ConfigError(
      'SECRETS_KEY is required with DATABASE_URL: 32 random bytes in base64 (openssl rand -base64 32)',
    );
  }
  const file = path.join(config.DATA_DIR, 'secrets.key');
  if (fs.existsSync(file)) return parseSecretsKey(fs.readFileSync(file, 'utf8').trim());
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  const key = randomBytes(32);
  fs.writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  log.warn({ file }, 'SECRETS_KEY not set: generated a demo key for channel secrets (set SECRETS_KEY in production)');
  return key;
}
