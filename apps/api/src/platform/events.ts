import type { Db } from './db.ts';

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
  /** Publishes an event of this transaction: its subscribers run now, in the transaction, in order. */
  publish<N extends DomainEventName>(name: N, event: DomainEvents[N]): Promise<void>;
  /**
   * Runs once the transaction committed (realtime notices, enqueuing a job), never after a rollback.
   * Anything that calls LINE or may take long is a job whose payload carries ids only and that
   * reloads the row (or skips it when it is gone or settled).
   */
  afterCommit(task: () => Promise<void>): void;
}

export type Subscriber<N extends DomainEventName> = (event: DomainEvents[N], on: EventTransaction) => Promise<void>;

/** Subscribers by event name; one per process, built with the app context. */
export class DomainEventBus {
  readonly #subscribers = new Map<DomainEventName, Array<Subscriber<DomainEventName>>>();

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

  /**
   * `db.transaction` in which `work` writes a fact and publishes its events: subscribers run inside
   * it, so the fact and every subscriber's writes commit together or not at all; then the
   * after-commit tasks run, in the order they were added.
   */
  async transaction<T>(db: Db, work: (on: EventTransaction) => Promise<T>): Promise<T> {
    const tasks: Array<() => Promise<void>> = [];
    const result = await db.transaction(async (transaction) => {
      // Drizzle's transaction has the database's query API; repositories take it as a Db.
      const tx = transaction as unknown as Db;
      const on: EventTransaction = {
        tx,
        publish: async (name, event) => {
          for (const subscriber of [...(this.#subscribers.get(name) ?? [])]) await subscriber(event, on);
        },
        afterCommit: (task) => void tasks.push(task),
      };
      return work(on);
    });
    for (const task of tasks) await task();
    return result;
  }
}
