import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startLineSimulator, type LineSimulator, type SimulatorOptions } from '@linq/line-simulator';
import { fillPath, type Endpoint, type EndpointInput, type EndpointOutput } from '@linq/contract';
import type { Config } from '../config.ts';
import type { AppContext } from '../platform/context.ts';
import type { Db } from '../platform/db.ts';
import type { ModuleManifest } from '../platform/module.ts';
import type { ProcessRole } from '../runtime.ts';
import type { Tenant } from './factory.ts';
import { inject, startTestApp, type TestApp, type TestRequest, type TestResponse } from './harness.ts';

/** Who calls: a session token and, for channel endpoints, the channel (LineAccountId header). */
export interface Caller {
  token?: string;
  lineAccountId?: number;
}

/** An answer to `call`: the raw response, and its success body typed by the endpoint's response schema. */
export interface CallResponse<E extends Endpoint> extends TestResponse {
  /**
   * The 2xx body parsed with the endpoint's response schema (so its type is honest); reading it on
   * any other status throws with the answer, which names the failure in the test's output.
   */
  readonly output: EndpointOutput<E>;
}

/** Path params, query and body as an endpoint takes them, any of them possibly wrong (refusal tests). */
export interface RawInput {
  params?: object;
  query?: TestRequest['query'];
  body?: unknown;
  headers?: Record<string, string>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  role?: ProcessRole;
  extraRoutes?: (app: FastifyInstance, ctx: AppContext) => void;
  /**
   * Starts a LINE simulator for the file (`t.sim`), given to the app for simulated channels; its
   * options when given (a clock of its own, for LINE's statistics of past days).
   */
  simulator?: boolean | SimulatorOptions;
  /** Keeps the embedded database on disk, so that `restart` finds the same data (crash tests). */
  persistent?: boolean;
  /** Whole tenants made before the tests (`t.tenant`, `t.tenants`); 1 unless told. */
  tenants?: number;
  /** All the file's tenants in the first one's OEM (each tenant is its own OEM otherwise). */
  sameOem?: boolean;
  /** Logs in a platform administrator (`t.admin`). */
  admin?: boolean;
  /** Modules beyond the app's, plugged in as a feature would (outbox consumers, registry items). */
  modules?: readonly ModuleManifest[];
}

/**
 * The test file's app: started in `beforeAll` (with its tenants, an administrator and a LINE
 * simulator as asked) and stopped in `afterAll`. Its members are read inside tests and hooks.
 */
export interface TestAppHandle {
  readonly app: FastifyInstance;
  readonly runtime: TestApp['runtime'];
  readonly ctx: AppContext;
  readonly db: Db;
  readonly factory: TestApp['factory'];
  readonly sim: LineSimulator;
  /** The first tenant; `tenants` holds them all. */
  readonly tenant: Tenant;
  readonly tenants: readonly Tenant[];
  /** The second tenant (`tenants: 2`): what one tenant may do must not reach it. */
  readonly other: Tenant;
  /** The first tenant's full-permission staff in its first channel. */
  readonly staff: Caller;
  /** The platform administrator (option `admin`). */
  readonly admin: Caller;
  /** Calls a contract endpoint with typed input; `output` is typed by its response schema. */
  call<E extends Endpoint>(endpoint: E, input: EndpointInput<E>, as?: Caller): Promise<CallResponse<E>>;
  /** Calls a contract endpoint's path with input the contract would refuse (bad or missing fields). */
  send(endpoint: Endpoint, input: RawInput, as?: Caller): Promise<TestResponse>;
  /** Calls the API (paths relative to /api) through Fastify's HTTP layer. */
  request(options: TestRequest): Promise<TestResponse>;
  /** Stops this server and starts a new one on the same database, as after a crash or deploy. */
  restart(role: ProcessRole): Promise<void>;
  serverEnv(): Record<string, string>;
  close(): Promise<void>;
}

/** Registers the start and stop of the file's test app; see `TestAppHandle`. */
export function useTestApp(options: TestAppOptions = {}): TestAppHandle {
  let current: TestApp | undefined;
  let simulator: LineSimulator | undefined;
  const tenants: Tenant[] = [];
  let adminToken: string | undefined;
  const started = (): TestApp => {
    if (!current) throw new Error('the test app starts in beforeAll: use it inside tests and hooks');
    return current;
  };

  beforeAll(async () => {
    if (options.simulator) simulator = await startLineSimulator(options.simulator === true ? {} : options.simulator);
    current = await startTestApp(options.config, {
      ...(options.role ? { role: options.role } : {}),
      ...(options.extraRoutes ? { extraRoutes: options.extraRoutes } : {}),
      ...(simulator ? { simulator } : {}),
      ...(options.persistent ? { persistent: true } : {}),
      ...(options.modules ? { modules: options.modules } : {}),
    });
    for (let i = 0; i < (options.tenants ?? 1); i++) {
      const oemId = options.sameOem ? tenants[0]?.agency.oemId : undefined;
      tenants.push(await current.factory.tenant(oemId ? { oemId } : {}));
    }
    if (options.admin) {
      const admin = await current.factory.user('admin');
      adminToken = await current.factory.login('admin', admin.email);
    }
  });
  afterAll(async () => {
    await current?.stop();
    await simulator?.stop();
  });

  const handle: TestAppHandle = {
    get app() {
      return started().app;
    },
    get runtime() {
      return started().runtime;
    },
    get ctx() {
      return started().runtime.ctx;
    },
    get db() {
      return started().runtime.ctx.database.db;
    },
    get factory() {
      return started().factory;
    },
    get sim() {
      if (!simulator) throw new Error('no LINE simulator: useTestApp({ simulator: true })');
      return simulator;
    },
    get tenant() {
      const [first] = tenants;
      if (!first) throw new Error('no tenant: useTestApp({ tenants: 1 })');
      return first;
    },
    get tenants() {
      return tenants;
    },
    get other() {
      const second = tenants[1];
      if (!second) throw new Error('no second tenant: useTestApp({ tenants: 2 })');
      return second;
    },
    get staff() {
      const tenant = handle.tenant;
      return { token: tenant.tokens.staff, lineAccountId: tenant.channels[0]!.id };
    },
    get admin() {
      if (!adminToken) throw new Error('no administrator: useTestApp({ admin: true })');
      return { token: adminToken };
    },
    call: (endpoint, input, as) => callEndpoint(started().app, endpoint, input, as),
    send: (endpoint, input, as) => sendTo(started().app, endpoint, input, as),
    request: (request) => started().request(request),
    async restart(role) {
      current = await started().restart(role);
    },
    serverEnv: () => started().serverEnv(),
    close: () => started().close(),
  };
  return handle;
}

export function sendTo(app: FastifyInstance, endpoint: Endpoint, input: RawInput, as: Caller = {}) {
  return inject(app, {
    method: endpoint.method,
    path: fillPath(endpoint.path, input.params),
    ...(input.query ? { query: input.query } : {}),
    ...(input.body !== undefined ? { body: input.body } : {}),
    ...(input.headers ? { headers: input.headers } : {}),
    ...as,
  });
}

export async function callEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  input: EndpointInput<E>,
  as: Caller = {},
): Promise<CallResponse<E>> {
  const { query, ...rest } = input as { params?: object; query?: object; body?: unknown };
  const response = await sendTo(app, endpoint, { ...rest, ...(query ? { query: queryOf(query) } : {}) }, as);
  let output: { value: EndpointOutput<E> } | undefined;
  return Object.defineProperty(response, 'output', {
    get: () => (output ??= { value: outputOf(endpoint, response) }).value,
  }) as CallResponse<E>;
}

/**
 * The body of an answer to `endpoint` parsed with its response schema, typed by it: for calls made
 * with `send` or `request` (input the contract's types would not take).
 */
export function outputOf<E extends Endpoint>(endpoint: E, response: TestResponse): EndpointOutput<E> {
  if (response.status < 200 || response.status >= 300) {
    throw new Error(`${endpoint.method} ${endpoint.path} answered ${response.status}: ${response.text}`);
  }
  // The endpoint's own response schema parses it: the output type of that schema.
  return endpoint.response.parse(endpoint.contentType ? response.text : response.body) as EndpointOutput<E>;
}

/** The query as the web client sends it: absent values left out, the rest as strings. */
function queryOf(query: object): NonNullable<TestRequest['query']> {
  const out: NonNullable<TestRequest['query']> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    out[key] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return out;
}
