import pg from 'pg';

/**
 * Cuts every connection to `database` on the PostgreSQL server at `serverUrl` but this one, as a
 * restart of the server would. Answers how many there were.
 */
export async function terminateBackends(serverUrl: string, database: string): Promise<number> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    return rows.length;
  } finally {
    await admin.end();
  }
}
