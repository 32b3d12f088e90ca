import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../platform/db.ts';
import { startRuntime } from '../runtime.ts';
import { createDatabase, dropDatabase, TEMPLATE_ENV } from './template.ts';

/** Both database projects (db, db-timed) name this setup; the first makes the template, for both. */
const shared = globalThis as { linqTestTemplate?: Promise<() => Promise<void>> };

/**
 * The database tier's one-time setup: a database migrated and with the app's job queues, from
 * which every test file's database is copied (harness.ts). Creating and migrating a database for
 * each of some sixty files cost several seconds each; a copy costs about one. The migrations
 * still run from nothing once per run, here.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const first = !shared.linqTestTemplate;
  const removeTemplate = await (shared.linqTestTemplate ??= makeTemplate());
  return first ? removeTemplate : async () => {};
}

async function makeTemplate(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `linq_template_${randomBytes(6).toString('hex')}`;
    const url = await createDatabase(serverUrl, name);
    await prepare(await openDatabase({ url, dataDir: 'memory://', poolSize: 2 }));
    process.env[TEMPLATE_ENV.database] = name;
    return () => dropDatabase(serverUrl, name);
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'linq-template-'));
  const file = path.join(folder, 'data.tar');
  const database = await openDatabase({ dataDir: 'memory://' });
  await prepare(database, async () => writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer())));
  process.env[TEMPLATE_ENV.dataDir] = file;
  return async () => rmSync(folder, { recursive: true, force: true });
}

/** Migrates and creates the queues as the app's start does, then closes the database (after `keep`). */
async function prepare(database: Database, keep?: () => Promise<void>) {
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', SECRETS_KEY: randomBytes(32).toString('base64') }),
    seedDemo: false,
    embeddedSimulator: false,
    embeddedStripeSimulator: false,
  };
  const close = database.close;
  const runtime = await startRuntime(config, { role: 'api', database: { ...database, close: async () => {} } });
  await runtime.stop();
  await keep?.();
  await close();
}
