import { readFileSync } from 'node:fs';
import pg from 'pg';

/**
 * Where the database tier's global setup (global-setup.ts) leaves the migrated database that each
 * test file copies: a database on the TEST_DATABASE_URL server, or a PGlite data directory tarball.
 * Unset (a script such as a benchmark, or a run without the setup), a file migrates its own.
 */
export const TEMPLATE_ENV = {
  database: 'LINQ_TEST_TEMPLATE_DATABASE',
  dataDir: 'LINQ_TEST_TEMPLATE_DATA_DIR',
} as const;

/** The template database's name on the PostgreSQL server, if the setup made one. */
export const templateDatabase = () => process.env[TEMPLATE_ENV.database];

let pgliteTemplate: Blob | undefined;
/** The migrated PGlite data directory, read once per worker, if the setup made one. */
export function templateDataDir(): Blob | undefined {
  const file = process.env[TEMPLATE_ENV.dataDir];
  if (!file) return undefined;
  pgliteTemplate ??= new Blob([readFileSync(file)]);
  return pgliteTemplate;
}

/** Creates database `name` on the server (a copy of `template` when given); answers its URL. */
export async function createDatabase(serverUrl: string, name: string, template?: string): Promise<string> {
  await adminQuery(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return target.toString();
}

export const dropDatabase = (serverUrl: string, name: string) =>
  adminQuery(serverUrl, `drop database if exists ${name} with (force)`);

async function adminQuery(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
