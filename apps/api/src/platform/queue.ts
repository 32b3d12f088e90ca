import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { SqlExecutor } from './db.ts';

/**
 * Job names and their payloads. The module that owns a job declares it by augmenting this interface
 * from its own `jobs.ts` (`declare module '…/platform/queue.ts'`) and lists its queue in its manifest.
 * Payloads carry ids only; the database row is the truth. Outbox consumers' queues carry an event id.
 */
export interface JobPayloads {
  [outboxQueue: `outbox.${string}`]: { eventId: number };
}
export type JobName = keyof JobPayloads & string;

/**
 * A job queue a module owns. `short`: at most one job per singleton key waits in the queue; more
 * sends while it waits are dropped (the waiting job will see their work). Used where a job means
 * "process whatever is pending for this key".
 */
export interface JobQueue {
  name: JobName;
  policy?: 'short';
}

export type JobHandler<N extends JobName> = (payload: JobPayloads[N]) => Promise<void>;

export interface Queue {
  /** `startAfter`: not before then (retries with back-off); `singletonKey`: see QUEUE_POLICIES. */
  send<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    options?: { startAfter?: Date; singletonKey?: string },
  ): Promise<void>;
  /** Several jobs in one statement (a batch-friendly send). */
  sendMany<N extends JobName>(name: N, payloads: JobPayloads[N][]): Promise<void>;
  /**
   * As sendMany, written through `executor` (the caller's transaction, `sqlExecutorOf(tx)`): the jobs
   * commit with the caller's rows or not at all, so none is lost between the commit and a send after
   * it. Once committed, `wake(name)` starts this process's workers at once rather than at their next poll.
   */
  sendManyThrough<N extends JobName>(executor: SqlExecutor, name: N, payloads: JobPayloads[N][]): Promise<void>;
  /** This process's workers of the queue look for jobs now (jobs committed through another executor). */
  wake(name: JobName): void;
  /** `batchSize`: jobs fetched at once and run one after the other (default 1). */
  work<N extends JobName>(name: N, handler: JobHandler<N>, options?: { batchSize?: number }): Promise<void>;
  /** As work(), the jobs of one fetch handed over together (a handler that claims them at once). */
  workBatch<N extends JobName>(
    name: N,
    handler: (payloads: JobPayloads[N][]) => Promise<void>,
    options?: { batchSize?: number },
  ): Promise<void>;
  /**
   * Runs a housekeeping task now and then every `intervalMs` in this worker (sweepers
   * that find work whose job was lost). Tasks must be idempotent: every worker runs them.
   */
  every(intervalMs: number, task: () => Promise<void>): void;
  /** True once stop() began: long-running handlers end their loop early and leave the rest to the next worker. */
  stopping(): boolean;
  stop(): Promise<void>;
}

export async function startQueue(
  sql: SqlExecutor,
  log: FastifyBaseLogger,
  queues: readonly JobQueue[],
): Promise<Queue> {
  // Handlers and housekeeping still running: stop() waits for them, so none touches the database after it closes.
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => undefined);
    return work;
  };
  const boss = new PgBoss({
    // pg-boss marks a job done or failed without awaiting it (10.x): its statements are tracked too,
    // so that stop() also waits for those.
    db: { executeSql: (text: string, values: unknown[]) => track(sql.executeSql(text, values)) },
    schema: 'pgboss',
  });
  boss.on('error', (error: Error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const { name, policy } of queues) await boss.createQueue(name, { name, policy: policy ?? 'standard' });
  const timers = new Set<NodeJS.Timeout>();
  let stopRequested = false;
  const runTask = (task: () => Promise<void>) =>
    track(task().catch((error: unknown) => log.error({ err: error }, 'housekeeping task failed')));
  const retries = { retryLimit: 5, retryDelay: 2, retryBackoff: true };
  /** This process's workers of each queue: jobs sent from here wake them rather than wait for their next poll. */
  const workerIds = new Map<string, string[]>();
  const wake = (name: string) => {
    for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
  };
  const queue: Queue = {
    async send(name, payload, options) {
      await boss.send(name, payload, { ...retries, ...options });
      if (!options?.startAfter) wake(name);
    },
    async sendMany(name, payloads) {
      if (payloads.length === 0) return;
      await boss.insert(payloads.map((data) => ({ name, data, ...retries })));
      wake(name);
    },
    async sendManyThrough(executor, name, payloads) {
      if (payloads.length === 0) return;
      await boss.insert(
        payloads.map((data) => ({ name, data, ...retries })),
        { db: executor },
      );
    },
    wake,
    async work(name, handler, options) {
      await queue.workBatch(
        name,
        async (payloads) => {
          for (const payload of payloads) await handler(payload);
        },
        options,
      );
    },
    async workBatch(name, handler, options) {
      const id = await boss.work<JobPayloads[typeof name]>(
        name,
        { pollingIntervalSeconds: 0.5, ...options },
        async (jobs) => {
          await track(handler(jobs.map((job) => job.data)));
        },
      );
      workerIds.set(name, [...(workerIds.get(name) ?? []), id]);
    },
    every(intervalMs, task) {
      void runTask(task);
      const timer = setInterval(() => void runTask(task), intervalMs);
      timer.unref();
      timers.add(timer);
    },
    stopping: () => stopRequested,
    async stop() {
      stopRequested = true;
      for (const timer of timers) clearInterval(timer);
      // Handlers see stopping() and end their loops early; the timeout only bounds a stuck one.
      await boss.stop({ graceful: true, timeout: 30_000, close: false, wait: true });
      // Settling one may start another (a handler's end, then pg-boss marking its job).
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
  return queue;
}
