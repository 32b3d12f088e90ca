import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/kit.ts';
import { createAdmin } from './service.ts';

const run = promisify(execFile);
const t = useTestApp({ tenants: 0 });

describe('create-admin', () => {
  it('creates an admin who can log in, and refuses a duplicate or a short password', async () => {
    const db = t.db;
    await createAdmin(db, { email: 'Root@Example.jp ', name: 'ルート', password: 'a-long-password' });
    const login = await t.request({
      method: 'POST',
      path: '/admin/sessions',
      body: { email: 'root@example.jp', password: 'a-long-password' },
    });
    expect(login.status).toBe(201);
    await expect(
      createAdmin(db, { email: 'root@example.jp', name: 'x', password: 'a-long-password' }),
    ).rejects.toMatchObject({
      fieldErrors: { email: { description: 'このメールアドレスの管理者は既に存在します' } },
    });
    await expect(createAdmin(db, { email: 'new@example.jp', name: 'x', password: 'short' })).rejects.toMatchObject({
      fieldErrors: { password: expect.anything() },
    });
  });

  it('runs as a command with flags on the embedded database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'linq-admin-'));
    const cli = path.resolve(import.meta.dirname, '../../cli/create-admin.ts');
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', cli, '--email', 'cli@example.jp', '--name', 'CLI', '--password', 'a-long-password'],
      {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      },
    );
    expect(stdout).toContain('Admin created: cli@example.jp');
    // A second process that migrates a new embedded database from the first migration: tens of seconds on two busy cores.
  }, 120_000);
});
