import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { SessionPolicy } from './auth.ts';
import type { Database } from './db.ts';
import type { Queue } from './queue.ts';

/** What every module's routes and services get: built once in main.ts (or by a test). */
export interface AppContext {
  config: Config;
  database: Database;
  queue: Queue;
  sessionPolicy: SessionPolicy;
  log: FastifyBaseLogger;
}
