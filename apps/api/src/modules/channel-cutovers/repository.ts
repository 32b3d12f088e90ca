import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { AccountScope } from '../../platform/principal.ts';
import { channelCutovers } from './schema.ts';

export type CutoverRow = typeof channelCutovers.$inferSelect;
type CutoverValues = Partial<Omit<typeof channelCutovers.$inferInsert, 'id' | 'accountId' | 'lineAccountId'>>;

const ofAccount = ({ accountId }: AccountScope, id: number) =>
  and(eq(channelCutovers.accountId, accountId), eq(channelCutovers.id, id));

export async function insert(db: Db, scope: AccountScope, lineAccountId: number): Promise<CutoverRow> {
  const [row] = await db.insert(channelCutovers).values({ accountId: scope.accountId, lineAccountId }).returning();
  return row!;
}

export async function list(db: Db, { accountId }: AccountScope): Promise<CutoverRow[]> {
  return db
    .select()
    .from(channelCutovers)
    .where(eq(channelCutovers.accountId, accountId))
    .orderBy(desc(channelCutovers.id))
    .limit(50);
}

export async function find(db: Db, scope: AccountScope, id: number): Promise<CutoverRow | undefined> {
  const [row] = await db.select().from(channelCutovers).where(ofAccount(scope, id));
  return row;
}

export async function update(db: Db, scope: AccountScope, id: number, values: CutoverValues): Promise<void> {
  await db.update(channelCutovers).set(values).where(ofAccount(scope, id));
}
