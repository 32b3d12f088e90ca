import pino from 'pino';
import pretty from 'pino-pretty';
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The process logger. JSON lines for log collectors; at a terminal (or `LOG_FORMAT=pretty`) one
 * readable line per entry, written synchronously so nothing is lost on exit. In that format requests
 * are logged at debug level (see `requestLogController`) so a person's terminal stays quiet.
 */
export function createLogger(
  config: Pick<Config, 'LOG_LEVEL' | 'logFormat'>,
  /** Where JSON lines go (tests); stdout by default. */
  destination?: pino.DestinationStream,
): FastifyBaseLogger {
  const options = { level: config.LOG_LEVEL, ...redaction };
  if (config.logFormat === 'json') {
    return (destination ? pino(options, destination) : pino(options)) as FastifyBaseLogger;
  }
  const stream = pretty({ sync: true, colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
  return pino(options, stream) as FastifyBaseLogger;
}

/*
 * What never reaches a log line (issue 12 §8): SQL parameter values and the values PostgreSQL quotes
 * in its messages (users' search strings, personal data), tokens and passwords, reset and
 * tracked-link tokens in URLs, message texts. The statement and the error code stay, to find the
 * bug. The demo's outbox mode (SMTP_URL unset) logs each mail's text, reset link included, on
 * purpose and documented: that line is the delivery (top-level `text`, outside the redacted paths).
 */
const REDACTED = '[redacted]';
const SECRET_KEYS = [
  'password',
  'new_password',
  'current_password',
  'token',
  'access_token',
  'authorization',
  'cookie',
  'channel_secret',
  'channel_access_token',
];
const redaction = {
  redact: {
    paths: [
      ...SECRET_KEYS.map((key) => `*.${key}`),
      ...SECRET_KEYS,
      'req.headers.authorization',
      'req.headers.cookie',
      // Message texts and request bodies, wherever an entry carries them.
      '*.text',
      '*.content',
      '*.body',
      '*.params',
      '*.parameters',
      'body',
    ],
    censor: REDACTED,
  },
  serializers: {
    err: safeError,
    error: safeError,
    req: (request: { method?: string; url?: string; host?: string; ip?: string }) => ({
      method: request.method,
      url: typeof request.url === 'string' ? redactUrl(request.url) : undefined,
      host: request.host,
      remoteAddress: request.ip,
    }),
  },
};

/** Tokens in URLs (reset links, tracked-link redirects, socket tokens, LINE Login's code and state) replaced. */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|access_token|reset_token|code|state)=)[^&#]*/gi, `$1${REDACTED}`)
    .replace(/(\/redirects\/)[^/?#]+/g, `$1${REDACTED}`);
}

/** PostgreSQL's SQLSTATE: five characters, digits and capitals. */
const isSqlState = (code: unknown): boolean => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);

/**
 * An error as logged: type, message, code and stack; a failed query's statement without its
 * parameters; a database error's code and names of the table, column and constraint, its message
 * without the values it quotes, and no detail (which repeats them).
 */
export function safeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 3) return error;
  const record = error as Error & Record<string, unknown>;
  const fromDatabase = isSqlState(record.code);
  let message = error.message.replace(/\nparams: [\s\S]*$/, '');
  if (fromDatabase) message = message.replace(/"[^"]*"|'[^']*'/g, `"${REDACTED}"`);
  const out: Record<string, unknown> = {
    type: error.name,
    message,
    stack: error.stack?.replace(error.message, message),
  };
  if (record.code !== undefined) out.code = record.code;
  if (typeof record.query === 'string') out.query = record.query;
  for (const key of ['severity', 'table', 'column', 'constraint', 'routine', 'statusCode'] as const) {
    if (record[key] !== undefined) out[key] = record[key];
  }
  if (error.cause !== undefined) out.cause = safeError(error.cause, depth + 1);
  return out;
}

/** Fastify's request lines at debug level; failed requests stay errors. */
class DebugRequestLogs extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** Request logging for the format: Fastify's default (info) for JSON, debug for a terminal. */
export function requestLogController(config: Pick<Config, 'logFormat'>): LogController | undefined {
  return config.logFormat === 'pretty' ? new DebugRequestLogs() : undefined;
}
