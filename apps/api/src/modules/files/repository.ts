import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { lineAccounts } from '../line-accounts/schema.ts';

/** Whether the channel is bound to the LINE simulator (the caller's checked channel). */
export async function channelIsSimulated(db: Db, lineAccountId: number): Promise<boolean> {
  const [row] = await db
    .select({ simulated: lineAccounts.simulated })
    .from(lineAccounts)
    .where(eq(lineAccounts.id, lineAccountId));
  return row?.simulated ?? false;
}
