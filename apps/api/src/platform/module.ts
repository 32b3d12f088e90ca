import type { FastifyInstance } from 'fastify';
import type { IsolationModule } from '../test/isolation.ts';
import type { AppContext } from './context.ts';
import type { OutboxConsumer } from './events.ts';
import type { JobQueue } from './queue.ts';
import type { Contribution } from './registry.ts';

/**
 * What a feature module brings, in one place (`modules/<feature>/manifest.ts`). The app assembles
 * the manifests listed in `modules/index.ts`: a new feature is its folder plus one line there. Its
 * domain events, job payloads and realtime events are declared by the module's own files through
 * declaration merging (platform/events.ts, queue.ts, realtime.ts), so no central list names them.
 */
export interface ModuleManifest {
  /** The module's folder name. */
  name: string;
  /** Routes under /api. */
  routes?(api: FastifyInstance, ctx: AppContext): void;
  /** Routes outside /api: webhooks, public pages, files, login and payment callbacks. */
  rootRoutes?(app: FastifyInstance, ctx: AppContext): Promise<void> | void;
  /** The job queues it owns. */
  jobs?: readonly JobQueue[];
  /** In the worker role: its job handlers and housekeeping. */
  work?(ctx: AppContext): Promise<void> | void;
  /** Domain-event subscribers, run inside the publishing transaction (what must be atomic with the fact). */
  subscribe?(ctx: AppContext): void;
  /** Facts it consumes later, at least once, through the outbox. */
  consumers?: readonly OutboxConsumer[];
  /** Items for other modules' registries: plan triggers and effects, label uses, audience conditions. */
  contributes?: readonly Contribution[];
  /** Its part of the isolation route matrix; loaded by that test only. */
  isolation?(): Promise<IsolationModule>;
}
