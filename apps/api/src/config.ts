import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** One trusted proxy: an address, a CIDR range (10.0.0.0/8, fd00::/8) or proxy-addr's names for the local ranges. */
function isProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}
const trustProxy = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
  )
  .refine((entries) => entries.every(isProxyEntry), {
    message: 'must be a comma-separated list of proxy addresses or CIDR ranges (e.g. 10.0.0.0/8,127.0.0.1)',
  });

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
  SECRETS_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, {
      message: 'must be 32 random bytes in base64 (openssl rand -base64 32)',
    })
    .optional(),
  LINE_API_BASE_URL: z.url().default('https://api.line.me'),
  LINE_DATA_API_BASE_URL: z.url().default('https://api-data.line.me'),
  LINE_LOGIN_BASE_URL: z.url().default('https://access.line.me'),
  LINE_REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  LINE_SIMULATOR: z.enum(['embedded', 'off']).optional(),
  DELIVERY_MAX_WAIT_HOURS: z.coerce.number().int().min(1).max(168).default(24),
  /** A channel's deliveries in progress at once in one process (within LINE's 200 requests/s). */
  DELIVERY_MULTICAST_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(8),
  /** Webhook group commit: how long a request's events wait for concurrent requests' to be written with them. */
  WEBHOOK_GROUP_COMMIT_MS: z.coerce.number().int().min(0).max(1000).default(2),
  /** Webhook group commit: a write takes whole requests until it holds this many events (a larger request goes alone). */
  WEBHOOK_GROUP_COMMIT_MAX_EVENTS: z.coerce.number().int().min(1).max(10_000).default(1000),
  /** Friends whose webhook events a channel's processing job applies at once (each friend's in order). */
  WEBHOOK_PROCESS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  FILES_DIR: z.string().optional(),
  TRUST_PROXY: trustProxy.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  WEB_DIST_DIR: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
  /** Days a past-due account keeps working (with a banner) before it is read-only. */
  BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(90).default(7),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  /** Where the Stripe SDK sends its calls (the local stand-in); unset: Stripe itself. */
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  STRIPE_SIMULATOR: z.enum(['embedded', 'off']).optional(),
});

export type Config = Omit<
  z.infer<typeof schema>,
  'SEED_DEMO' | 'LINE_SIMULATOR' | 'FILES_DIR' | 'LOG_FORMAT' | 'TRUST_PROXY' | 'STRIPE_SIMULATOR'
> & {
  /**
   * The proxies whose X-Forwarded-For is believed (addresses or CIDR ranges); none by default, so a
   * client cannot choose the address its login attempts are counted under.
   */
  trustProxy: string[];
  /** Demo data is seeded into an empty database: on by default with the embedded database. */
  seedDemo: boolean;
  /** Run the LINE simulator in this process for simulated (demo) channels: on with demo data. */
  embeddedSimulator: boolean;
  /** Run the local Stripe stand-in in this process for card payments: on with demo data and no Stripe key. */
  embeddedStripeSimulator: boolean;
  /** Where stored files (images friends sent) live. */
  filesDir: string;
  /** `pretty` for a person at a terminal (requests only at debug), `json` for log collectors. */
  logFormat: 'json' | 'pretty';
};

export class ConfigError extends Error {}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  { stdoutIsTerminal = process.stdout.isTTY === true }: { stdoutIsTerminal?: boolean } = {},
): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { SEED_DEMO, LINE_SIMULATOR, FILES_DIR, LOG_FORMAT, TRUST_PROXY, STRIPE_SIMULATOR, ...rest } = parsed.data;
  const seedDemo = SEED_DEMO ?? rest.DATABASE_URL === undefined;
  return {
    ...rest,
    seedDemo,
    trustProxy: TRUST_PROXY ?? [],
    embeddedSimulator: (LINE_SIMULATOR ?? (seedDemo ? 'embedded' : 'off')) === 'embedded',
    embeddedStripeSimulator:
      (STRIPE_SIMULATOR ?? (seedDemo && rest.STRIPE_SECRET_KEY === undefined ? 'embedded' : 'off')) === 'embedded',
    filesDir: FILES_DIR ?? path.join(rest.DATA_DIR, 'files'),
    logFormat: LOG_FORMAT ?? (stdoutIsTerminal ? 'pretty' : 'json'),
  };
}
