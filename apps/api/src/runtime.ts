import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { AppContext } from './platform/context.ts';
import { openDatabase, type Database } from './platform/db.ts';
import { startQueue } from './platform/queue.ts';
import { registerJobs } from './modules/jobs.ts';

export type ProcessRole = 'api' | 'worker' | 'all';

export interface Runtime {
  ctx: AppContext;
  stop(): Promise<void>;
}

/**
 * Opens the database, applies migrations, starts the job queue and, for the worker
 * role, its handlers. main.ts and the tests share this.
 */
export async function startRuntime(
  config: Config,
  options: { role: ProcessRole; log?: FastifyBaseLogger; database?: Database },
): Promise<Runtime> {
  const log = options.log ?? (pino({ level: config.LOG_LEVEL }) as FastifyBaseLogger);
  const database = options.database ?? (await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  await database.migrate();
  const queue = await startQueue(database.sql, log);
  const ctx: AppContext = {
    config,
    database,
    queue,
    log,
    sessionPolicy: { idleMinutes: config.SESSION_IDLE_MINUTES, absoluteHours: config.SESSION_ABSOLUTE_HOURS },
  };
  if (options.role !== 'api') await registerJobs(ctx);
  return {
    ctx,
    async stop() {
      await queue.stop();
      await database.close();
    },
  };
}
