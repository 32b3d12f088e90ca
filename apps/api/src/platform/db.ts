import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';

/**
 * The database, on either driver, or any of its transactions (a transaction is a database too):
 * repositories take it first, so a service runs several of them in one transaction by passing the
 * `tx` that `db.transaction` gives it. Each module's repository brings its own tables, so the
 * platform names none.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type DatabaseKind = 'pglite' | 'postgres';

/** The rows of a raw statement (`db.execute`): both drivers, node-postgres and PGlite, answer them as `rows`. */
export const rowsOf = <T = unknown>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Rows written at once from which the writer refreshes the written tables' statistics itself:
 * autovacuum notices a change only after its nap (a minute) and then needs time to analyze, while a
 * burst writes a million rows in that minute and the next statements are planned on what it left.
 */
export const ANALYZE_AFTER_ROWS = 10_000;

/**
 * Refreshes the planner's statistics of the tables (ANALYZE). Call it with the database, after the
 * bulk write committed: inside a transaction it would hold its lock on the tables until the commit,
 * and two writers' transactions would wait for each other's.
 */
export async function analyze(db: Db, tables: PgTable[]): Promise<void> {
  if (tables.length === 0) return;
  await db.execute(sql`analyze ${sql.join(tables, sql`, `)}`);
}

/**
 * The reads one after the other, answered as Promise.all answers them. A transaction is one
 * connection, which runs one statement at a time: Promise.all over its queries hands pg a statement
 * while another runs (pg deprecates it, and nothing runs sooner).
 */
export async function inTurn<T extends unknown[]>(...reads: { [K in keyof T]: () => PromiseLike<T[K]> }): Promise<T> {
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as T;
}

/** Raw SQL access in the shape pg-boss expects (`db.executeSql`). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * `db` (a transaction, typically) as pg-boss's executor: pg-boss's statements then run in it, and the
 * jobs they write commit or roll back with the caller's rows. Its `$n` placeholders become parameters.
 */
export function sqlExecutorOf(db: Db): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const statement = sql.join(
        parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1]))),
      );
      return { rows: rowsOf<Record<string, unknown>>(await db.execute(statement)) };
    },
  };
}

export interface Database {
  kind: DatabaseKind;
  db: Db;
  sql: SqlExecutor;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, to open copies of it (`DatabaseOptions.template`). */
  dump?(): Promise<Blob>;
  /**
   * LISTEN on a NOTIFY channel: PGlite's own listener, or on PostgreSQL one dedicated
   * connection that is replaced, with back-off, when it is lost. Notifications sent while it
   * was lost are gone: `onReconnect` runs once a replacement listens, so listeners can catch up;
   * `onLost` runs as soon as a connection is lost or an attempt to listen failed (the first one too,
   * before this resolves), for listeners that must not trust what they heard while none listens.
   * Resolves to the function that stops listening.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
    onLost?: () => void,
  ): Promise<() => Promise<void>>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite database is used. */
  url?: string;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  dataDir: string;
  /**
   * PGlite: start from this dumped data directory (`Database.dump`) instead of a new one. The tests
   * start every file from one migrated copy, since creating and migrating one takes seconds.
   */
  template?: Blob;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** Where lost PostgreSQL connections are reported (they are replaced by themselves). */
  log?: ConnectionLog;
}

/** The logger's part that lost connections are reported to. */
export interface ConnectionLog {
  warn(details: object, message: string): void;
}
const silent: ConnectionLog = { warn: () => undefined };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? 10, options.log ?? silent)
    : openPglite(options.dataDir, options.template);
}

async function openPglite(dataDir: string, template: Blob | undefined): Promise<Database> {
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  // Extensions the migrations create (pg_trgm: the name search's trigram indexes) must be loaded
  // on every start, existing data directories included.
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    ...(template ? { loadDataDir: template } : {}),
  });
  const db = drizzlePglite(client);
  return {
    kind: 'pglite',
    db,
    sql: {
      async executeSql(text, values) {
        // PGlite's query() takes one statement; pg-boss sends multi-statement scripts without parameters.
        if (!values || values.length === 0) {
          const results = await client.exec(text);
          return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
        }
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      },
    },
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
  };
}

/**
 * Session settings of every connection. No parallel workers: the console's statements are many, short
 * and concurrent, and a parallel plan makes one of them a little faster on an idle server but all of
 * them slower on a busy one (on 2 cores, a 1-character name search at 1,000,000 friends took 29-35 ms at
 * p50 without and 140-154 ms with). An `options` parameter in DATABASE_URL replaces these.
 */
const SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0';

async function openPostgres(url: string, poolSize: number, log: ConnectionLog): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: SESSION_OPTIONS });
  // A connection can be lost at any time (failover, proxy restart, pg_terminate_backend). The pool
  // reports idle ones and replaces them; a checked-out client (a transaction, an export cursor) has
  // no pool listener while it is out, so every client gets its own for its whole life: without one,
  // its 'error' event would end the process. The query that was running fails on its own.
  pool.on('error', (error) => log.warn({ err: error }, 'database: an idle connection was lost; the pool replaces it'));
  pool.on('connect', (client) => {
    client.on('error', (error) => log.warn({ err: error }, 'database: a connection was lost'));
  });
  await pool.query('select 1');
  const db = drizzlePg(pool);
  return {
    kind: 'postgres',
    db,
    sql: {
      async executeSql(text, values) {
        const result = await pool.query(text, values);
        const last = Array.isArray(result) ? result.at(-1) : result;
        return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
      },
    },
    migrate: () => migratePg(db, { migrationsFolder }),
    close: () => pool.end(),
    listen: (channel, onPayload, onReconnect, onLost) =>
      listenPostgres(url, log, channel, onPayload, onReconnect, onLost),
  };
}

/** Delays before replacing a lost LISTEN connection: doubling from the first, at most the last. */
export const LISTEN_RETRY_MS = { first: 250, max: 10_000 };
/**
 * How long connecting and LISTEN may take before the attempt counts as failed and is retried: with
 * its backends being terminated, a connection attempt could stay pending and the channel unheard.
 */
export const LISTEN_CONNECT_TIMEOUT_MS = 5_000;

async function listenPostgres(
  url: string,
  log: ConnectionLog,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect: (() => void) | undefined,
  onLost: (() => void) | undefined,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  /** Failed attempts since the last connection that listened. */
  let failures = 0;
  let listenedBefore = false;

  const schedule = () => {
    if (stopped || retry) return;
    const delay = Math.min(LISTEN_RETRY_MS.max, LISTEN_RETRY_MS.first * 2 ** failures);
    failures++;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delay);
  };
  /** One connection; when it fails or ends (database restart, terminated), a new one follows. */
  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: LISTEN_CONNECT_TIMEOUT_MS,
      query_timeout: LISTEN_CONNECT_TIMEOUT_MS,
    });
    let failed = false;
    const fail = (error?: Error) => {
      if (failed) return;
      failed = true;
      if (client === next) client = null;
      if (!stopped) {
        log.warn({ err: error, channel }, 'database: the LISTEN connection was lost; replacing it');
        onLost?.();
      }
      next.end().catch(() => undefined);
      schedule();
    };
    next.on('error', fail);
    next.on('end', () => fail());
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      fail(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (failed || stopped) return;
    // Listening again after a loss (or after a first start that could not listen at once).
    const recovered = listenedBefore || failures > 0;
    failures = 0;
    listenedBefore = true;
    if (recovered) onReconnect?.();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => undefined);
  };
}
