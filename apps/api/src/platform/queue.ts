import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { SqlExecutor } from './db.ts';

/** Job names and their payloads. Payloads carry ids only; the database row is the truth. */
export interface JobPayloads {
  'mail.send': { outboxId: number };
  'password-reset.request': { role: 'service' | 'agency'; email: string };
  'webhook.process': { lineAccountId: number };
}
export type JobName = keyof JobPayloads;
export const JOB_NAMES: JobName[] = ['mail.send', 'password-reset.request', 'webhook.process'];

export type JobHandler<N extends JobName> = (payload: JobPayloads[N]) => Promise<void>;

export interface Queue {
  send<N extends JobName>(name: N, payload: JobPayloads[N]): Promise<void>;
  work<N extends JobName>(name: N, handler: JobHandler<N>): Promise<void>;
  /**
   * Runs a housekeeping task now and then every `intervalMs` in this worker (sweepers
   * that find work whose job was lost). Tasks must be idempotent: every worker runs them.
   */
  every(intervalMs: number, task: () => Promise<void>): void;
  stop(): Promise<void>;
}

export async function startQueue(sql: SqlExecutor, log: FastifyBaseLogger): Promise<Queue> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => sql.executeSql(text, values) },
    schema: 'pgboss',
  });
  boss.on('error', (error: Error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const name of JOB_NAMES) await boss.createQueue(name);
  const timers = new Set<NodeJS.Timeout>();
  const runTask = (task: () => Promise<void>) =>
    task().catch((error: unknown) => log.error({ err: error }, 'housekeeping task failed'));
  return {
    async send(name, payload) {
      await boss.send(name, payload, { retryLimit: 5, retryDelay: 2, retryBackoff: true });
    },
    async work(name, handler) {
      await boss.work<JobPayloads[typeof name]>(name, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
        for (const job of jobs) await handler(job.data);
      });
    },
    every(intervalMs, task) {
      void runTask(task);
      const timer = setInterval(() => void runTask(task), intervalMs);
      timer.unref();
      timers.add(timer);
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await boss.stop({ graceful: true, timeout: 5000, close: false, wait: true });
    },
  };
}
