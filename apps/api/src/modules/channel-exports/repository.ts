import { and, desc, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { AccountScope } from '../../platform/principal.ts';
import { channelExports } from './schema.ts';

export type ExportRow = typeof channelExports.$inferSelect;
type ExportValues = Partial<Omit<typeof channelExports.$inferInsert, 'id' | 'accountId' | 'lineAccountId'>>;

const ofAccount = ({ accountId }: AccountScope, id: number) =>
  and(eq(channelExports.accountId, accountId), eq(channelExports.id, id));

export async function insert(db: Db, scope: AccountScope, lineAccountId: number): Promise<ExportRow> {
  const [row] = await db.insert(channelExports).values({ accountId: scope.accountId, lineAccountId }).returning();
  return row!;
}

export async function list(db: Db, { accountId }: AccountScope): Promise<ExportRow[]> {
  return db
    .select()
    .from(channelExports)
    .where(eq(channelExports.accountId, accountId))
    .orderBy(desc(channelExports.id))
    .limit(100);
}

export async function find(db: Db, scope: AccountScope, id: number): Promise<ExportRow | undefined> {
  const [row] = await db.select().from(channelExports).where(ofAccount(scope, id));
  return row;
}

export async function update(db: Db, scope: AccountScope, id: number, values: ExportValues): Promise<void> {
  await db.update(channelExports).set(values).where(ofAccount(scope, id));
}

/** Finished exports past their expiry, of every account: the housekeeping sweep deletes their files. */
export async function expiredUnscoped(db: Db, now: Date): Promise<ExportRow[]> {
  return db
    .select()
    .from(channelExports)
    .where(
      and(eq(channelExports.status, 'done'), isNotNull(channelExports.expiresAt), lte(channelExports.expiresAt, now)),
    )
    .limit(100);
}
