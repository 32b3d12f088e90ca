import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface ConsoleServer {
  url: string;
  port: number;
  /** The embedded LINE simulator's address (its /_sim control routes), when the console runs one. */
  simulatorUrl: string;
  stop(): Promise<void>;
  /** Starts one more api-only process on the same PostgreSQL database (none on the embedded one). */
  startSecondApi(): Promise<ConsoleServer>;
}

/**
 * Starts the real console (built SPA + API + worker) as `npm start` would, on a random
 * loopback port with fresh demo data: embedded database by default, or a new database
 * on the PostgreSQL server named by E2E_DATABASE_URL. It serves a copy of the built console,
 * so a test that builds it again (`npm start` at a terminal) cannot change the files under it.
 */
export async function startConsole(): Promise<ConsoleServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'linq-e2e-'));
  const webDir = path.join(dataDir, 'web');
  cpSync(process.env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist'), webDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDir,
    LOG_LEVEL: 'warn',
  };
  let dropDatabase = async () => {};
  const serverUrl = process.env.E2E_DATABASE_URL;
  if (serverUrl) {
    const name = `linq_e2e_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    // One secrets key for every process on this database (a second api process seeds nothing and generates none).
    const secretsKey = randomBytes(32).toString('base64');
    Object.assign(env, { DATABASE_URL: target.toString(), SEED_DEMO: '1', SECRETS_KEY: secretsKey });
    dropDatabase = () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  } else {
    delete env.DATABASE_URL;
  }

  const main = await startProcess(env, []);
  const others: ConsoleServer[] = [];
  return {
    ...main,
    async stop() {
      for (const other of others) await other.stop();
      await main.stop();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async startSecondApi() {
      if (!serverUrl) throw new Error('a second api process needs PostgreSQL (E2E_DATABASE_URL)');
      // Same database and data directory (secrets key, files); the demo's simulator stays in the first process.
      const other = await startProcess({ ...env, SEED_DEMO: '0', LINE_SIMULATOR: 'off' }, ['--role=api']);
      others.push(other);
      return other;
    },
  };
}

async function startProcess(env: NodeJS.ProcessEnv, args: string[]): Promise<ConsoleServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts', ...args], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { port, simulatorUrl } = await waitForPort(child);
  return {
    url: `http://localhost:${port}`,
    port,
    simulatorUrl,
    stop: () => stopProcess(child),
    startSecondApi: () => Promise.reject(new Error('start further processes from the first console')),
  };
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The port from the start banner, and the simulator's address when it names one (printed in the same write). */
function waitForPort(child: ChildProcess): Promise<{ port: number; simulatorUrl: string }> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/Console: +http:\/\/localhost:(\d+)\//);
      const simulator = output.match(/LINE simulator control routes: (http:\/\/\S+)\/_sim\//);
      if (match) resolve({ port: Number(match[1]), simulatorUrl: simulator?.[1] ?? '' });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`console exited (${code}) before listening:\n${output}`)));
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
