import type { FastifyBaseLogger } from 'fastify';
import type { LineSimulator } from '@linq/line-simulator';
import type { Config } from '../config.ts';
import type { Clock } from './clock.ts';
import type { SessionPolicy } from './auth.ts';
import type { Database } from './db.ts';
import type { DomainEventBus } from './events.ts';
import type { LineEndpoints } from './line.ts';
import type { Queue } from './queue.ts';
import type { SecretBox } from './secrets.ts';
import type { FileStorage } from './storage.ts';

/** What every module's routes and services get: built once in runtime.ts (or by a test). */
export interface AppContext {
  config: Config;
  database: Database;
  queue: Queue;
  /** Domain events: subscribers from each module's `subscriptions.ts`, wired in modules/index.ts. */
  events: DomainEventBus;
  /** The engine's clock (tests control it; the demo's time warp advances it). */
  clock: Clock;
  sessionPolicy: SessionPolicy;
  secrets: SecretBox;
  files: FileStorage;
  /** Where a channel's calls go: LINE, or the simulator for simulated channels. */
  lineEndpoints(simulated: boolean): LineEndpoints;
  /** The LINE simulator running in this process (demo), if any. */
  simulator: LineSimulator | null;
  log: FastifyBaseLogger;
}
