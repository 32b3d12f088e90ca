import pino from 'pino';
import pretty from 'pino-pretty';
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The process logger. JSON lines for log collectors; at a terminal (or `LOG_FORMAT=pretty`) one
 * readable line per entry, written synchronously so nothing is lost on exit. In that format requests
 * are logged at debug level (see `requestLogController`) so a person's terminal stays quiet.
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'logFormat'>): FastifyBaseLogger {
  if (config.logFormat === 'json') return pino({ level: config.LOG_LEVEL }) as FastifyBaseLogger;
  const stream = pretty({ sync: true, colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
  return pino({ level: config.LOG_LEVEL }, stream) as FastifyBaseLogger;
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
