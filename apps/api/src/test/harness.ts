import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LineSimulator } from '@linq/line-simulator';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { AppContext } from '../platform/context.ts';
import { openDatabase } from '../platform/db.ts';
import type { ModuleManifest } from '../platform/module.ts';
import { startRuntime, type ProcessRole } from '../runtime.ts';
import { createFactory, type Factory } from './factory.ts';
import { createDatabase, dropDatabase, templateDatabase, templateDataDir } from './template.ts';

export interface TestApp {
  app: FastifyInstance;
  runtime: Awaited<ReturnType<typeof startRuntime>>;
  factory: Factory;
  /** Calls the API (paths relative to /api) through Fastify's HTTP layer. */
  request(options: TestRequest): Promise<TestResponse>;
  /** Stops this server and starts a new one on the same database, as after a crash or deploy. */
  restart(role: ProcessRole): Promise<TestApp>;
  /** Stops this server but keeps its database, e.g. for a server process (serverEnv) to go on with. */
  close(): Promise<void>;
  /** The environment that runs the real server (main.ts) on this test's database and secrets key. */
  serverEnv(): Record<string, string>;
  stop(): Promise<void>;
}

export interface TestRequest {
  method: InjectOptions['method'];
  /** Relative to /api, unless `outsideApi` (webhooks, public files). */
  path: string;
  outsideApi?: boolean;
  token?: string;
  lineAccountId?: number;
  body?: unknown;
  query?: Record<string, string | number | string[]>;
  headers?: Record<string, string>;
}
export interface TestResponse {
  status: number;
  body: unknown;
  /** The body as the JSON object every answer of the API is. */
  json: Record<string, unknown> & { data?: unknown; errors?: unknown };
  /** The raw body and headers (downloads). */
  text: string;
  headers: Record<string, string | string[] | number | undefined>;
}

/**
 * A fresh database for each test file: in-memory PGlite by default, or a new database
 * on the server named by TEST_DATABASE_URL (CI runs the suite both ways). Under the test runner
 * it is a copy of the run's migrated template (global-setup.ts).
 */
export async function startTestApp(
  overrides: Partial<Config> = {},
  options: {
    role?: ProcessRole;
    extraRoutes?: (app: FastifyInstance, ctx: AppContext) => void;
    /** A LINE simulator for simulated channels (start one with startLineSimulator). */
    simulator?: LineSimulator;
    /** Keep the embedded database on disk, so that `restart` finds the same data (crash tests). */
    persistent?: boolean;
    /** Modules beyond the app's, plugged in as a feature would (outbox consumers, registry items). */
    modules?: readonly ModuleManifest[];
  } = {},
): Promise<TestApp> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let url: string | undefined;
  let dropTestDatabase = async () => {};
  if (serverUrl) {
    const name = `linq_test_${randomBytes(6).toString('hex')}`;
    url = await createDatabase(serverUrl, name, templateDatabase());
    dropTestDatabase = () => dropDatabase(serverUrl, name);
  }
  const config: Config = {
    ...loadConfig({ LOG_LEVEL: 'silent', SECRETS_KEY: randomBytes(32).toString('base64') }),
    seedDemo: false,
    embeddedSimulator: false,
    embeddedStripeSimulator: false,
    filesDir: mkdtempSync(path.join(tmpdir(), 'linq-files-')),
    ...overrides,
    DATABASE_URL: url,
  };
  const dataDir = options.persistent ? mkdtempSync(path.join(tmpdir(), 'linq-db-')) : 'memory://';
  let opened = false;
  const start = async (role: ProcessRole): Promise<TestApp> => {
    // A restart opens the data it left; a new database starts from the migrated template, if any.
    const template = opened ? undefined : templateDataDir();
    opened = true;
    const database = await openDatabase({ url, dataDir, poolSize: 5, ...(template ? { template } : {}) });
    const runtime = await startRuntime(config, {
      role,
      database,
      ...(options.simulator ? { simulator: options.simulator } : {}),
      ...(options.modules ? { extraModules: options.modules } : {}),
    });
    const app = await buildApp(runtime.ctx, runtime.modules);
    options.extraRoutes?.(app, runtime.ctx);
    await app.ready();
    let closed: Promise<void> | null = null;
    const close = () =>
      (closed ??= (async () => {
        await app.close();
        await runtime.stop();
      })());
    return {
      app,
      runtime,
      factory: createFactory(runtime.ctx.database.db, app, runtime.ctx.secrets),
      request: (options) => inject(app, options),
      async restart(nextRole) {
        await close();
        return start(nextRole);
      },
      close,
      serverEnv() {
        if (!url && !options.persistent) throw new Error('a server process needs the database on disk: persistent');
        return {
          ...(url ? { DATABASE_URL: url } : { DATA_DIR: dataDir }),
          SECRETS_KEY: config.SECRETS_KEY!,
          FILES_DIR: config.filesDir,
        };
      },
      async stop() {
        await close();
        await dropTestDatabase();
      },
    };
  };
  return start(options.role ?? 'all');
}

export async function inject(app: FastifyInstance, options: TestRequest): Promise<TestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lineAccountId !== undefined) headers.lineaccountid = String(options.lineAccountId);
  const response = await app.inject({
    method: options.method,
    url: options.outsideApi ? options.path : `/api${options.path}`,
    headers,
    ...(options.query ? { query: toQuery(options.query) } : {}),
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
  let body: unknown = null;
  if (response.body) {
    try {
      body = JSON.parse(response.body);
    } catch {
      // A download (CSV): the text as it came.
      body = response.body;
    }
  }
  const json = (typeof body === 'object' && body !== null ? body : {}) as TestResponse['json'];
  return { status: response.statusCode, body, json, text: response.body, headers: response.headers };
}

/** Bracket form for arrays, as the web client sends them. */
function toQuery(query: Record<string, string | number | string[]>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) out[`${key}[]`] = value;
    else out[key] = String(value);
  }
  return out;
}
