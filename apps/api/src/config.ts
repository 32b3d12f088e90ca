import path from 'node:path';
import { z } from 'zod';

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATA_DIR: z.string().default('./data'),
  SEED_DEMO: flag.optional(),
  PUBLIC_URL: z.url({ message: 'must be an absolute URL such as https://console.example.com' }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { message: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().default('LinQ <no-reply@linq.example>'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(720),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(168),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
});

export type Config = Omit<z.infer<typeof schema>, 'SEED_DEMO'> & {
  /** Demo data is seeded into an empty database: on by default with the embedded database. */
  seedDemo: boolean;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { SEED_DEMO, ...rest } = parsed.data;
  return { ...rest, seedDemo: SEED_DEMO ?? rest.DATABASE_URL === undefined };
}
