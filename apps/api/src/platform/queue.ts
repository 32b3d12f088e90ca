import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { SqlExecutor } from './db.ts';

/** Job names and their payloads. Payloads carry ids only; the database row is the truth. */
export interface JobPayloads {
  'mail.send': { outboxId: number };
  'password-reset.request': { role: 'service' | 'agency'; email: string };
}
export type JobName = keyof JobPayloads;
export const JOB_NAMES: JobName[] = ['mail.send', 'password-reset.request'];

export type JobHandler<N extends JobName> = (payload: JobPayloads[N]) => Promise<void>;

export interface Queue {
  send<N extends JobName>(name: N, payload: JobPayloads[N]): Promise<void>;
  work<N extends JobName>(name: N, handler: JobHandler<N>): Promise<void>;
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
  return {
    async send(name, payload) {
      await boss.send(name, payload, { retryLimit: 5, retryDelay: 2, retryBackoff: true });
    },
    async work(name, handler) {
      await boss.work<JobPayloads[typeof name]>(name, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
        for (const job of jobs) await handler(job.data);
      });
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000, close: false, wait: true });
    },
  };
}
