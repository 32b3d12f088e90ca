import { and, asc, count, eq, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { FolderType } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import { violatesUnique } from '../../platform/sql.ts';
import { folders } from './schema.ts';

/** Whose folders: one channel's (service) or the platform's (admin). Every query is scoped by it. */
export type FolderOwner = { scope: 'service'; lineAccountId: number } | { scope: 'admin'; lineAccountId: null };
export type FolderRow = typeof folders.$inferSelect;
export interface FolderValues {
  name: string;
  sortIndex: number;
}

const owned = (owner: FolderOwner, ...conditions: (SQL | undefined)[]) =>
  and(
    eq(folders.scope, owner.scope),
    owner.lineAccountId === null ? isNull(folders.lineAccountId) : eq(folders.lineAccountId, owner.lineAccountId),
    ...conditions,
  );

export async function list(
  db: Db,
  owner: FolderOwner,
  filter: { folderType: FolderType; page: number; limit: number },
): Promise<{ rows: FolderRow[]; total: number }> {
  const where = owned(owner, eq(folders.folderType, filter.folderType));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(folders)
      .where(where)
      .orderBy(asc(folders.sortIndex), asc(folders.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(folders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function find(db: Db, owner: FolderOwner, id: number): Promise<FolderRow | undefined> {
  const [row] = await db
    .select()
    .from(folders)
    .where(owned(owner, eq(folders.id, id)));
  return row;
}

/** How many folders of the same owner and type are listed before this one (sort_index, then id). */
export async function positionOf(db: Db, owner: FolderOwner, row: FolderRow): Promise<number> {
  const [result] = await db
    .select({ n: count() })
    .from(folders)
    .where(
      owned(
        owner,
        eq(folders.folderType, row.folderType),
        or(lt(folders.sortIndex, row.sortIndex), and(eq(folders.sortIndex, row.sortIndex), lt(folders.id, row.id))),
      ),
    );
  return result?.n ?? 0;
}

export async function insert(
  db: Db,
  owner: FolderOwner,
  folderType: FolderType,
  values: FolderValues,
): Promise<FolderRow> {
  const [row] = await db
    .insert(folders)
    .values({ ...values, folderType, scope: owner.scope, lineAccountId: owner.lineAccountId })
    .returning();
  return row!;
}

/** The updated row, or undefined when the folder is not the owner's. */
export async function update(
  db: Db,
  owner: FolderOwner,
  id: number,
  values: FolderValues,
): Promise<FolderRow | undefined> {
  const [row] = await db
    .update(folders)
    .set({ ...values, updatedAt: new Date() })
    .where(owned(owner, eq(folders.id, id)))
    .returning();
  return row;
}

export async function remove(db: Db, owner: FolderOwner, id: number): Promise<void> {
  await db.delete(folders).where(owned(owner, eq(folders.id, id)));
}

/** The (channel, type, name) unique constraint is the name rule, also against concurrent writes. */
export function isDuplicateName(error: unknown): boolean {
  return violatesUnique(error, 'folders_channel_type_name_key');
}
