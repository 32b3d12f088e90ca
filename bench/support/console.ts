import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { startRuntime, type Runtime } from '../../apps/api/src/runtime.ts';
import { createFactory, type Factory } from '../../apps/api/src/test/factory.ts';
import type { LineSimulator } from '@linq/line-simulator';

export const benchServerUrl = () => process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const ciScale = () => process.env.BENCH_SCALE === 'ci';

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: benchServerUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function postgresReachable(): Promise<boolean> {
  try {
    await admin('select 1');
    return true;
  } catch {
    return false;
  }
}

export interface BenchConsole {
  url: string;
  app: FastifyInstance;
  runtime: Runtime;
  factory: Factory;
  /** What a server process (main.ts) needs to run on this console's database: its URL and secrets key. */
  serverEnv(): Record<string, string>;
  stop(): Promise<void>;
}

/**
 * The console (API + worker; with `role: 'api'` the API alone, a worker process doing the work) on
 * its own new PostgreSQL database, listening on loopback; serving the web build of `webDistDir` when
 * given (another build than apps/web/dist, to compare).
 */
export async function startBenchConsole(
  options: {
    simulator?: LineSimulator;
    webDistDir?: string;
    role?: 'all' | 'api';
    env?: Record<string, string>;
  } = {},
): Promise<BenchConsole> {
  const name = `linq_bench_${randomBytes(6).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(benchServerUrl());
  url.pathname = `/${name}`;
  const config = {
    ...loadConfig({
      DATABASE_URL: url.toString(),
      SECRETS_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      ...(options.webDistDir ? { WEB_DIST_DIR: options.webDistDir } : {}),
      // The multicast benchmark is run at other concurrencies by setting it.
      DELIVERY_MULTICAST_CONCURRENCY: process.env.DELIVERY_MULTICAST_CONCURRENCY,
      ...options.env,
    }),
    embeddedSimulator: false,
  };
  const runtime = await startRuntime(config, {
    role: options.role ?? 'all',
    ...(options.simulator ? { simulator: options.simulator } : {}),
  });
  const app = await buildApp(runtime.ctx, runtime.modules);
  const consoleUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: consoleUrl,
    app,
    runtime,
    factory: createFactory(runtime.ctx.database.db, app, runtime.ctx.secrets),
    serverEnv: () => ({ DATABASE_URL: config.DATABASE_URL!, SECRETS_KEY: config.SECRETS_KEY! }),
    async stop() {
      await app.close();
      await runtime.stop();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
