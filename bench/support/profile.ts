import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../apps/api/src/platform/db.ts';
import type { BenchConsole } from './console.ts';

/*
 * Where a benchmark's time goes: the database's statements (pg_stat_statements, EXPLAIN), what its
 * connections were doing (pg_stat_activity sampled) and the Node process's share (its event loop's
 * busy time and CPU, optionally a CPU profile by function).
 */

/** The bench database's statements over a phase, from pg_stat_statements when the server loads it. */
export interface StatementStats {
  /** Why the figures are missing, or null when they are kept. */
  unavailable: string | null;
  /** Forgets the bench database's figures so far (other databases' are left alone). */
  reset(): Promise<void>;
  /** Prints the top statements by total execution time since the reset. */
  print(top: number): Promise<void>;
}

const ENABLE_HINT =
  "add shared_preload_libraries = 'pg_stat_statements' to the server's postgresql.conf and restart it";

export async function statementStats(bench: BenchConsole): Promise<StatementStats> {
  const { db } = bench.runtime.ctx.database;
  let unavailable: string | null = null;
  try {
    await db.execute(sql`create extension if not exists pg_stat_statements`);
    // The view exists once the extension is created, but reading it fails unless the server loaded the library.
    await db.execute(sql`select 1 from pg_stat_statements limit 1`);
  } catch (error) {
    unavailable = `pg_stat_statements is not loaded on this server (${(error as Error).message.split('\n')[0]}): ${ENABLE_HINT}`;
  }
  const thisDatabase = sql`(select oid from pg_database where datname = current_database())`;
  return {
    unavailable,
    async reset() {
      if (unavailable) return;
      await db.execute(sql`select pg_stat_statements_reset(0, ${thisDatabase}, 0)`);
    },
    async print(top) {
      if (unavailable) {
        console.log(`statements: ${unavailable}`);
        return;
      }
      const totals = rowsOf<{ calls: string; ms: number; rows: string }>(
        await db.execute(sql`
          select sum(calls)::text as calls, sum(total_exec_time)::float8 as ms, sum(rows)::text as rows
          from pg_stat_statements where dbid = ${thisDatabase}`),
      )[0]!;
      console.log(
        `statements (pg_stat_statements, this database): ${fmt(Number(totals.calls))} calls, ` +
          `${(totals.ms / 1000).toFixed(1)} s executing in all; top ${top} by total time:`,
      );
      const rows = rowsOf<{ calls: string; total_ms: number; mean_ms: number; rows: string; query: string }>(
        await db.execute(sql`
          select calls::text, total_exec_time::float8 as total_ms, mean_exec_time::float8 as mean_ms, rows::text, query
          from pg_stat_statements where dbid = ${thisDatabase}
          order by total_exec_time desc limit ${top}`),
      );
      console.log(
        `${'calls'.padStart(9)} ${'total ms'.padStart(10)} ${'mean ms'.padStart(9)} ${'rows'.padStart(10)}  query`,
      );
      for (const row of rows) {
        console.log(
          `${fmt(Number(row.calls)).padStart(9)} ${row.total_ms.toFixed(0).padStart(10)} ` +
            `${row.mean_ms.toFixed(2).padStart(9)} ${fmt(Number(row.rows)).padStart(10)}  ${oneLine(row.query, 160)}`,
        );
      }
    },
  };
}

/** Prints EXPLAIN (ANALYZE, BUFFERS) of the statement, run in a transaction that is rolled back (its locks and writes undone). */
export async function printExplainAnalyzed(bench: BenchConsole, label: string, statement: SQL): Promise<void> {
  const rollback = new Error('rolled back');
  let plan: string[] = [];
  try {
    await bench.runtime.ctx.database.db.transaction(async (tx) => {
      const result = await tx.execute(sql`explain (analyze, buffers) ${statement}`);
      plan = rowsOf<{ 'QUERY PLAN': string }>(result).map((row) => row['QUERY PLAN']);
      throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
  console.log(`EXPLAIN (ANALYZE, BUFFERS) of ${label}:`);
  for (const line of plan) console.log(`  ${line}`);
}

/**
 * Samples what the bench database's connections are doing every `intervalMs` (pg_stat_activity):
 * running a statement (and what it waits on), or idle inside a transaction (waiting on Node).
 */
export function connectionSampler(bench: BenchConsole, intervalMs = 100) {
  const states = new Map<string, number>();
  let samples = 0;
  let sampling: Promise<void> = Promise.resolve();
  const sample = async () => {
    const { rows } = await bench.runtime.ctx.database.sql.executeSql(
      `select state, coalesce(wait_event_type || ':' || wait_event, 'on CPU') as wait from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
         and state <> 'idle'`,
    );
    samples += 1;
    for (const row of rows) {
      const key = row['state'] === 'active' ? `running (${String(row['wait'])})` : String(row['state']);
      states.set(key, (states.get(key) ?? 0) + 1);
    }
  };
  const timer = setInterval(() => {
    sampling = sampling.then(sample).catch(() => undefined);
  }, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await sampling;
    },
    print() {
      const line = [...states.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([state, n]) => `${state} ${(n / Math.max(samples, 1)).toFixed(2)}`)
        .join(', ');
      console.log(
        `connections of this database busy, on average over ${fmt(samples)} samples (the sampler's own excluded): ${line || 'none'}`,
      );
    },
  };
}

/** The Node process over a phase: how busy its event loop (JS and callbacks) and its CPU were. */
export function nodeTime() {
  const started = performance.now();
  const elu = performance.eventLoopUtilization();
  const cpu = process.cpuUsage();
  return {
    print(label: string) {
      const wallMs = performance.now() - started;
      const busy = performance.eventLoopUtilization(elu);
      const used = process.cpuUsage(cpu);
      console.log(
        `node during ${label}: event loop busy ${(busy.utilization * 100).toFixed(0)} % of ${(wallMs / 1000).toFixed(1)} s ` +
          `(the rest waiting, mostly on the database); CPU ${((used.user + used.system) / 1000 / wallMs).toFixed(2)} cores ` +
          `(user ${(used.user / 1e6).toFixed(1)} s, system ${(used.system / 1e6).toFixed(1)} s, GC and I/O threads included)`,
      );
    },
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/**
 * A CPU profile of this process over a phase (the inspector's sampler), printed as the functions
 * with the most self time. Off unless `enabled`: sampling slows the process a little.
 */
export async function cpuProfile(enabled: boolean) {
  if (!enabled) return { print: async () => undefined };
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 1000 });
  await session.post('Profiler.start');
  return {
    async print(top: number) {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      const nodes = profile.nodes as ProfileNode[];
      const total = nodes.reduce((n, node) => n + (node.hitCount ?? 0), 0);
      const selfByFunction = new Map<string, number>();
      for (const node of nodes) {
        const { functionName, url, lineNumber } = node.callFrame;
        const file = url.replace(/^.*\/node_modules\//, '').replace(/^.*\/(apps|bench|packages)\//, '$1/');
        const key = `${functionName || '(anonymous)'} ${file ? `${file}:${lineNumber + 1}` : ''}`.trim();
        selfByFunction.set(key, (selfByFunction.get(key) ?? 0) + (node.hitCount ?? 0));
      }
      console.log(`CPU profile of the process (self time, ${fmt(total)} samples of 1 ms):`);
      for (const [name, hits] of [...selfByFunction.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) {
        console.log(`  ${((hits / Math.max(total, 1)) * 100).toFixed(1).padStart(5)} %  ${name}`);
      }
    },
  };
}

const fmt = (n: number) => n.toLocaleString('en');
const oneLine = (text: string, max: number) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};
