import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * `npm start` as a person runs it, at a terminal: `script` (util-linux) gives it a pseudo-terminal,
 * so the server sees a TTY on stdout and picks the readable log format. The demo's virtual friends
 * arrive as dozens of webhook requests, so a request logged at info would show up here.
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'linq-terminal-'));
let child: ChildProcess | undefined;

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    process.kill(-(child.pid ?? 0), 'SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start at a terminal', () => {
  // It builds the web console and starts on a new embedded database: minutes on a busy machine.
  it('prints the banner and readable lines, and no JSON request lines', { timeout: 180_000 }, async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir };
    for (const name of ['DATABASE_URL', 'LOG_FORMAT', 'LOG_LEVEL', 'SEED_DEMO', 'LINE_SIMULATOR']) delete env[name];
    child = spawn('script', ['-qfec', 'npm start', '/dev/null'], { cwd: repoRoot, env, detached: true });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

    const port = Number((await waitFor(() => output.match(/Console: +http:\/\/localhost:(\d+)\//)))[1]);
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/health`)).status).toBe(200);
    const login = await fetch(`${base}/api/service/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'staff@demo.example', password: 'Demo#2026' }),
    });
    expect(login.status).toBe(201);
    expect((await fetch(`${base}/api/no-such-route`)).status).toBe(404);
    // Both demo channels' virtual friends have followed through signed webhooks.
    await waitFor(() => (output.match(/demo channel: virtual friends added/g)?.length ?? 0) >= 2 || null);

    const text = stripAnsi(output);
    // The web build is announced before it runs (it takes a while), the way to stop after the start.
    expect(text).toMatch(/^Building the web console \(about a minute\)\.\.\.$/m);
    expect(text.indexOf('Building the web console')).toBeLessThan(text.indexOf('LinQ console (all)'));
    expect(text).toContain('Press Ctrl+C to stop the server.');
    expect(text).toContain('Demo logins (password Demo#2026)');
    expect(text).toContain('staff@demo.example');
    expect(text).toMatch(/INFO: demo channel: virtual friends added/);
    const jsonLines = text.split(/\r?\n/).filter((line) => line.trimStart().startsWith('{"level"'));
    expect(jsonLines).toEqual([]);
    expect(text).not.toMatch(/incoming request|request completed/);
  });
});

async function waitFor<T>(probe: () => T | null | undefined | false, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (child?.exitCode !== null) throw new Error('npm start exited');
    if (Date.now() > deadline) throw new Error('timed out waiting for npm start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function stripAnsi(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '');
}
