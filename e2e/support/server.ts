import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface ConsoleServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts the real console (built SPA + API + worker) as `npm start` would, on a random
 * loopback port with fresh demo data: embedded database by default, or a new database
 * on the PostgreSQL server named by E2E_DATABASE_URL.
 */
export async function startConsole(): Promise<ConsoleServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'linq-e2e-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  let dropDatabase = async () => {};
  const serverUrl = process.env.E2E_DATABASE_URL;
  if (serverUrl) {
    const name = `linq_e2e_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    Object.assign(env, { DATABASE_URL: target.toString(), SEED_DEMO: '1' });
    dropDatabase = () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  } else {
    delete env.DATABASE_URL;
  }

  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const port = await waitForPort(child);
  const url = `http://localhost:${port}`;
  return {
    url,
    port,
    async stop() {
      await stopProcess(child);
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
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

function waitForPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/Console: +http:\/\/localhost:(\d+)\//);
      if (match) resolve(Number(match[1]));
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
