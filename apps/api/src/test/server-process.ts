import { spawn } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** The real server (main.ts) in a child process: for tests that kill it or cut its database connections. */
export interface ServerProcess {
  /** http://127.0.0.1:<port>; empty for a worker, which does not listen. */
  url: string;
  pid: number;
  /** False once the process has exited, for whatever reason. */
  alive(): boolean;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Sends the signal and waits until the process has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `node apps/api/src/main.ts` with `env` on a random loopback port (no demo data, no embedded
 * simulator unless `env` asks) and resolves once it printed its console URL: it listens and its workers run.
 * With `role: 'worker'` (`--role=worker`, which needs DATABASE_URL) it resolves once it printed that
 * it started: its workers run.
 */
export function startServerProcess(
  env: Record<string, string>,
  options: { role?: 'all' | 'worker' } = {},
): Promise<ServerProcess> {
  const role = options.role ?? 'all';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts', `--role=${role}`], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      LINE_SIMULATOR: 'off',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /Console: +http:\/\/localhost:(\d+)\//.exec(output)?.[1];
      if (role === 'worker' ? !output.includes('LinQ console (worker)') : !port) return;
      resolve({
        url: port ? `http://127.0.0.1:${port}` : '',
        pid: child.pid!,
        alive: () => !exited,
        output: () => output,
        async kill(signal) {
          if (!exited) child.kill(signal);
          await exit;
        },
      });
    });
    void exit.then(() => reject(new Error(`the server exited before listening:\n${output}`)));
  });
}
