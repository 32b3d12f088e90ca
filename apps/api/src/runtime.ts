import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { AppContext } from './platform/context.ts';
import { openDatabase, type Database } from './platform/db.ts';
import { createLogger } from './platform/logger.ts';
import { startQueue } from './platform/queue.ts';
import { startLineSimulator, type LineSimulator } from '@linq/line-simulator';
import { subscribeModules } from './modules/index.ts';
import { registerJobs } from './modules/jobs.ts';
import { Clock } from './platform/clock.ts';
import { DomainEventBus } from './platform/events.ts';
import { secretBox } from './platform/secrets.ts';
import { localFileStorage } from './platform/storage.ts';
import { resolveSecretsKey } from './platform/secrets-key.ts';

export type ProcessRole = 'api' | 'worker' | 'all';

export interface Runtime {
  ctx: AppContext;
  /** Starts the job handlers of the worker role (once; nothing for the api role). */
  startJobs(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Opens the database, applies migrations, starts the job queue and, for the worker
 * role, its handlers: at once, or with `deferJobs` when the caller calls startJobs()
 * (server.ts, after the simulated channels the jobs call are bound). main.ts and the
 * tests share this.
 */
export async function startRuntime(
  config: Config,
  options: {
    role: ProcessRole;
    log?: FastifyBaseLogger;
    database?: Database;
    simulator?: LineSimulator;
    deferJobs?: boolean;
  },
): Promise<Runtime> {
  const log = options.log ?? createLogger(config);
  const database =
    options.database ?? (await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, log }));
  await database.migrate();
  const queue = await startQueue(database.sql, log);
  const ownSimulator = !options.simulator && config.embeddedSimulator ? await startLineSimulator() : null;
  const simulator = options.simulator ?? ownSimulator;
  const ctx: AppContext = {
    config,
    database,
    queue,
    events: new DomainEventBus(),
    clock: new Clock(),
    log,
    secrets: secretBox(resolveSecretsKey(config, log)),
    files: localFileStorage(config.filesDir),
    simulator,
    lineEndpoints(simulated) {
      const timeoutMs = config.LINE_REQUEST_TIMEOUT_MS;
      if (!simulated) {
        return { apiBaseUrl: config.LINE_API_BASE_URL, dataApiBaseUrl: config.LINE_DATA_API_BASE_URL, timeoutMs };
      }
      if (!simulator) throw new Error('a simulated channel needs the LINE simulator (LINE_SIMULATOR=embedded)');
      return { apiBaseUrl: simulator.url, dataApiBaseUrl: simulator.url, timeoutMs };
    },
    sessionPolicy: { idleMinutes: config.SESSION_IDLE_MINUTES, absoluteHours: config.SESSION_ABSOLUTE_HOURS },
  };
  subscribeModules(ctx);
  let jobs: Promise<void> | null = null;
  const startJobs = () => (jobs ??= options.role === 'api' ? Promise.resolve() : registerJobs(ctx));
  if (!options.deferJobs) await startJobs();
  return {
    ctx,
    startJobs,
    async stop() {
      await queue.stop();
      await ownSimulator?.stop();
      await database.close();
    },
  };
}
