import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.ts';
import type { Db } from './db.ts';
import { insertEvents, insertEventsFrom } from './outbox-repository.ts';

/**
 * Every domain event by name. The module that owns a fact declares its events by augmenting this
 * interface from its own `events.ts` (`declare module '…/platform/events.ts'`), so a name and its
 * payload are defined once, where the fact is written. Payloads carry ids and the scope (the
 * channel's `lineAccountId`), never rows: a subscriber reads what it needs in the transaction.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface DomainEvents {}
export type DomainEventName = keyof DomainEvents;

/** The transaction an event is published in, as its subscribers see it. */
export interface EventTransaction {
  /** The publishing transaction: a subscriber's writes commit, or roll back, with the fact. */
  readonly tx: Db;
  /**
   * Publishes an event of this transaction: its subscribers run now, in the transaction, in order;
   * when modules consume it later, it is written to the outbox in the transaction too.
   */
  publish<N extends DomainEventName>(name: N, event: DomainEvents[N]): Promise<void>;
  /** As publish() for each event in turn, their outbox rows written in one statement (a batch's facts). */
  publishMany<N extends DomainEventName>(name: N, events: DomainEvents[N][]): Promise<void>;
  /**
   * Runs once the transaction committed (realtime notices, enqueuing a job), never after a rollback.
   * A failing task is logged with `what` and the transaction's events; it never turns the committed
   * write into an error, nor stops the tasks after it. Anything that calls LINE or may take long is a
   * job whose payload carries ids only and that reloads the row (or skips it when it is gone or settled).
   */
  afterCommit(task: () => Promise<void>, what?: string): void;
}

/** A part of an SQL statement (SQL itself belongs in the repositories). */
type StatementPart = ReturnType<typeof insertEventsFrom>;

/**
 * Publishing an event from one SQL statement that writes the fact, without a transaction around it
 * (one round trip instead of BEGIN, the statements and COMMIT): the statement writes the event's
 * outbox rows itself, in a data-modifying WITH part.
 */
export interface StatementPublisher {
  /**
   * That WITH part, from `source`: a query of the columns line_account_id (the scope) and payload
   * (jsonb: the event as a consumer receives it, `Delivered<DomainEvents[N]>`, built by the caller's
   * SQL, so its shape is the caller's to keep). Undefined when no module consumes the event.
   */
  outboxWrite(source: StatementPart): StatementPart | undefined;
  /** To call once such a statement wrote events: this process's relay looks at once, as after a transaction. */
  written(): void;
}

export type Subscriber<N extends DomainEventName> = (event: DomainEvents[N], on: EventTransaction) => Promise<void>;

/** An event as an outbox consumer receives it: it went through JSON (a Date arrives as its ISO text). */
export type Delivered<T> = T extends Date
  ? string
  : T extends readonly (infer I)[]
    ? Delivered<I>[]
    : T extends object
      ? { [K in keyof T]: Delivered<T[K]> }
      : T;

/**
 * A module that consumes a fact later, through the outbox: at least once, after the publishing
 * transaction committed, each time in a transaction of its own in which the platform also records
 * its receipt, so a redelivery finds it handled and does nothing.
 */
export interface OutboxConsumer<N extends DomainEventName = DomainEventName> {
  /** Unique among consumers: its job queue is `outbox.<name>`, and its receipts are kept under it. */
  name: string;
  event: N;
  handle(event: Delivered<DomainEvents[N]>, on: EventTransaction, ctx: AppContext): Promise<void>;
}

/** A consumer as a manifest lists it (the event's type checked here, erased in the list). */
export function outboxConsumer<N extends DomainEventName>(consumer: OutboxConsumer<N>): OutboxConsumer {
  return consumer as unknown as OutboxConsumer;
}

/** Subscribers and outbox consumers by event name; one per process, built with the app context. */
export class DomainEventBus {
  readonly #subscribers = new Map<DomainEventName, Array<Subscriber<DomainEventName>>>();
  readonly #consumers = new Map<DomainEventName, OutboxConsumer[]>();
  readonly #outboxWritten = new Set<() => void>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Adds a subscriber; answers the function that removes it (tests). */
  subscribe<N extends DomainEventName>(name: N, subscriber: Subscriber<N>): () => void {
    const list = this.#subscribers.get(name) ?? [];
    list.push(subscriber as unknown as Subscriber<DomainEventName>);
    this.#subscribers.set(name, list);
    return () => {
      const index = list.indexOf(subscriber as unknown as Subscriber<DomainEventName>);
      if (index >= 0) list.splice(index, 1);
    };
  }

  /** Adds an outbox consumer: from now on its event is written to the outbox when published. */
  addConsumer(consumer: OutboxConsumer): void {
    if (this.consumers().some((existing) => existing.name === consumer.name)) {
      throw new Error(`two outbox consumers are named "${consumer.name}"`);
    }
    this.#consumers.set(consumer.event, [...(this.#consumers.get(consumer.event) ?? []), consumer]);
  }

  consumers(): OutboxConsumer[] {
    return [...this.#consumers.values()].flat();
  }

  /**
   * A way to publish `name` from one statement (StatementPublisher); undefined when the event has
   * subscribers, which run in the publishing transaction: then it is published in one.
   */
  statementPublisher<N extends DomainEventName>(name: N): StatementPublisher | undefined {
    if ((this.#subscribers.get(name) ?? []).length > 0) return undefined;
    const consumed = (this.#consumers.get(name) ?? []).length > 0;
    return {
      outboxWrite: (source) => (consumed ? insertEventsFrom(name, source) : undefined),
      written: () => {
        if (consumed) for (const listener of this.#outboxWritten) listener();
      },
    };
  }

  /** Told after a transaction that wrote to the outbox committed (the relay of this process looks at once). */
  onOutboxWritten(listener: () => void): () => void {
    this.#outboxWritten.add(listener);
    return () => this.#outboxWritten.delete(listener);
  }

  /**
   * `db.transaction` in which `work` writes a fact and publishes its events: subscribers run inside
   * it, so the fact and every subscriber's writes commit together or not at all; then the
   * after-commit tasks run, in the order they were added, each on its own.
   */
  async transaction<T>(db: Db, work: (on: EventTransaction) => Promise<T>): Promise<T> {
    const tasks: Array<{ task: () => Promise<void>; what: string | undefined }> = [];
    const published: DomainEventName[] = [];
    let wroteOutbox = false;
    const result = await db.transaction(async (transaction) => {
      const publishMany = async <N extends DomainEventName>(name: N, events: DomainEvents[N][]) => {
        if (events.length === 0) return;
        published.push(name);
        for (const event of events) {
          for (const subscriber of [...(this.#subscribers.get(name) ?? [])]) await subscriber(event, on);
        }
        if ((this.#consumers.get(name) ?? []).length > 0) {
          await insertEvents(
            transaction,
            events.map((event) => outboxRow(name, event)),
          );
          wroteOutbox = true;
        }
      };
      const on: EventTransaction = {
        tx: transaction,
        publish: (name, event) => publishMany(name, [event]),
        publishMany,
        afterCommit: (task, what) => void tasks.push({ task, what }),
      };
      return work(on);
    });
    for (const { task, what } of tasks) {
      try {
        await task();
      } catch (error) {
        this.log.error(
          { err: error, task: what ?? task.name, events: published },
          'a task after a committed transaction failed; the write stands',
        );
      }
    }
    if (wroteOutbox) for (const listener of this.#outboxWritten) listener();
    return result;
  }
}

/** An event as its outbox row: named, and scoped to its channel when it names one. */
function outboxRow(name: DomainEventName, event: object) {
  const payload = event as Record<string, unknown>;
  const lineAccountId = typeof payload.lineAccountId === 'number' ? payload.lineAccountId : null;
  return { name, lineAccountId, payload };
}
