import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { AppContext } from './platform/context.ts';
import { openDatabase, type Database } from './platform/db.ts';
import { createLogger } from './platform/logger.ts';
import { startQueue, type JobQueue } from './platform/queue.ts';
import { startLineSimulator, type LineSimulator } from '@linq/line-simulator';
import { modules } from './modules/index.ts';
import { authenticate } from './modules/sessions/authenticate.ts';
import { Clock } from './platform/clock.ts';
import { DomainEventBus } from './platform/events.ts';
import type { ModuleManifest } from './platform/module.ts';
import { consumerQueue, startOutbox } from './platform/outbox.ts';
import { Registries } from './platform/registry.ts';
import { secretBox } from './platform/secrets.ts';
import { localFileStorage } from './platform/storage.ts';
import { resolveSecretsKey } from './platform/secrets-key.ts';

export type ProcessRole = 'api' | 'worker' | 'all';

export interface Runtime {
  ctx: AppContext;
  /** The modules this process assembled (the app's, plus a test's own). */
  modules: readonly ModuleManifest[];
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
    /** Modules beyond the app's (tests plug in consumers and registry items as a feature would). */
    extraModules?: readonly ModuleManifest[];
  },
): Promise<Runtime> {
  const log = options.log ?? createLogger(config);
  const assembled = [...modules, ...(options.extraModules ?? [])];
  const events = new DomainEventBus(log);
  for (const consumer of assembled.flatMap((module) => module.consumers ?? [])) events.addConsumer(consumer);
  const queues: JobQueue[] = [
    ...assembled.flatMap((module) => module.jobs ?? []),
    ...events.consumers().map((consumer) => ({ name: consumerQueue(consumer) })),
  ];
  const database =
    options.database ?? (await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, log }));
  await database.migrate();
  const queue = await startQueue(database.sql, log, queues);
  const sessionPolicy = { idleMinutes: config.SESSION_IDLE_MINUTES, absoluteHours: config.SESSION_ABSOLUTE_HOURS };
  const ownSimulator = !options.simulator && config.embeddedSimulator ? await startLineSimulator() : null;
  const simulator = options.simulator ?? ownSimulator;
  const ctx: AppContext = {
    config,
    database,
    queue,
    events,
    registries: new Registries(assembled.flatMap((module) => module.contributes ?? [])),
    clock: new Clock(),
    log,
    secrets: secretBox(resolveSecretsKey(config, log)),
    files: localFileStorage(config.filesDir),
    simulator,
    lineEndpoints(simulated) {
      const timeoutMs = config.LINE_REQUEST_TIMEOUT_MS;
      if (!simulated) {
        return {
          apiBaseUrl: config.LINE_API_BASE_URL,
          dataApiBaseUrl: config.LINE_DATA_API_BASE_URL,
          loginBaseUrl: config.LINE_LOGIN_BASE_URL,
          timeoutMs,
        };
      }
      if (!simulator) throw new Error('a simulated channel needs the LINE simulator (LINE_SIMULATOR=embedded)');
      return { apiBaseUrl: simulator.url, dataApiBaseUrl: simulator.url, loginBaseUrl: simulator.url, timeoutMs };
    },
    sessionPolicy,
    authenticate: (token, roles) => authenticate(database.db, sessionPolicy, token, roles),
  };
  for (const module of assembled) module.subscribe?.(ctx);
  const registerJobs = async () => {
    for (const module of assembled) await module.work?.(ctx);
    await startOutbox(ctx);
  };
  let jobs: Promise<void> | null = null;
  const startJobs = () => (jobs ??= options.role === 'api' ? Promise.resolve() : registerJobs());
  if (!options.deferJobs) await startJobs();
  return {
    ctx,
    modules: assembled,
    startJobs,
    async stop() {
      await queue.stop();
      await ownSimulator?.stop();
      await database.close();
    },
  };
}
