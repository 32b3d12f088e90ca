import type { FastifyBaseLogger } from 'fastify';

/** PostgreSQL's codes for a connection ended by the server (terminated, shut down, crashed) or unusable. */
const CONNECTION_LOST_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006', 'ECONNRESET', 'EPIPE']);
const CONNECTION_LOST_MESSAGES =
  /Connection terminated|connection (?:was )?(?:closed|terminated)|Client has encountered a connection error/i;

/** An error that only says a connection (to the database, usually) was lost: the pools replace it. */
export function isConnectionLoss(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && CONNECTION_LOST_CODES.has(code)) return true;
  return CONNECTION_LOST_MESSAGES.test(error.message) || isConnectionLoss((error as { cause?: unknown }).cause);
}

/**
 * The last line of defence of a server process: an error nothing else handled is logged with what
 * the process is and what kind of error it is. A promise nobody awaited (a library's background
 * write failing on a lost connection, e.g. pg-boss completing a job) and a lost connection never end
 * the process: the database pools and the job queue recover by themselves. Any other uncaught
 * exception leaves the process in an unknown state: it is logged as fatal and the process exits
 * (a supervisor starts it again; deliveries and webhook events resume from the database).
 */
export function installProcessGuard(log: FastifyBaseLogger, context: Record<string, unknown>): () => void {
  const describe = (origin: string, error: unknown) => ({
    ...context,
    origin,
    uptimeSeconds: Math.round(process.uptime()),
    connectionLoss: isConnectionLoss(error),
    err: error,
  });
  const onRejection = (reason: unknown) => {
    log.error(describe('unhandledRejection', reason), 'unexpected error: a promise failed and nothing handled it');
  };
  const onException = (error: Error, origin: string) => {
    if (isConnectionLoss(error)) {
      log.error(describe(origin, error), 'unexpected error: a lost connection nothing handled; the process goes on');
      return;
    }
    log.fatal(describe(origin, error), 'unexpected error: the process stops');
    process.exit(1);
  };
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
  };
}
