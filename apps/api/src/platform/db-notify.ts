import { sql } from 'drizzle-orm';
import type { Db } from './db.ts';

/** PostgreSQL NOTIFY through a database handle; inside a transaction it goes out at commit. */
export async function notify(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
