import type { FastifyBaseLogger } from 'fastify';
import type { LineSimulator } from '@linq/line-simulator';
import type { Config } from '../config.ts';
import type { Clock } from './clock.ts';
import type { Role } from '@linq/contract';
import type { Database } from './db.ts';
import type { DomainEventBus } from './events.ts';
import type { LineEndpoints } from './line.ts';
import type { Principal } from './principal.ts';
import type { Queue } from './queue.ts';
import type { Registries } from './registry.ts';
import type { SecretBox } from './secrets.ts';
import type { FileStorage } from './storage.ts';

export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

/** What every module's routes and services get: built once in runtime.ts (or by a test). */
export interface AppContext {
  config: Config;
  database: Database;
  queue: Queue;
  /** Domain events: in-transaction subscribers and outbox consumers, from the modules' manifests. */
  events: DomainEventBus;
  /** The plug-in registries, filled from the modules' manifests (platform/registry.ts). */
  registries: Registries;
  /**
   * Who calls with this session token, if its session is valid for one of `roles` (401 otherwise).
   * Provided by the sessions module; routes (platform/http.ts) and sockets ask it.
   */
  authenticate(token: string | null, roles: readonly Role[]): Promise<Principal>;
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
