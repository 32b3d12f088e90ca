import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { InfoFieldType } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import { friendInfoFields, friendInfoValues } from './schema.ts';
import { violatesUnique } from '../../platform/sql.ts';

/* Friend info fields (友だち情報欄): every query takes the channel and is scoped by it. */

export type InfoFieldRow = typeof friendInfoFields.$inferSelect;
export interface InfoFieldValues {
  name: string;
  fieldType: InfoFieldType;
  options: string[];
  sortIndex: number;
}

const inChannel = (lineAccountId: number, id: number) =>
  and(eq(friendInfoFields.lineAccountId, lineAccountId), eq(friendInfoFields.id, id));

export async function list(db: Db, lineAccountId: number): Promise<InfoFieldRow[]> {
  return db
    .select()
    .from(friendInfoFields)
    .where(eq(friendInfoFields.lineAccountId, lineAccountId))
    .orderBy(asc(friendInfoFields.sortIndex), asc(friendInfoFields.id));
}

export async function countOf(db: Db, lineAccountId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(friendInfoFields)
    .where(eq(friendInfoFields.lineAccountId, lineAccountId));
  return row?.n ?? 0;
}

/**
 * The channel's field, locked for the rest of the transaction: `update` for a change of the
 * field, `share` while friends' values are written, so a type change and a new value never cross.
 */
export async function find(
  db: Db,
  lineAccountId: number,
  id: number,
  lock?: 'update' | 'share',
): Promise<InfoFieldRow | undefined> {
  const query = db.select().from(friendInfoFields).where(inChannel(lineAccountId, id));
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

/** Those of `ids` that are fields of the channel, locked (share) until the transaction ends. */
export async function findMany(db: Db, lineAccountId: number, ids: number[]): Promise<InfoFieldRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(friendInfoFields)
    .where(and(eq(friendInfoFields.lineAccountId, lineAccountId), inArray(friendInfoFields.id, ids)))
    .orderBy(asc(friendInfoFields.id))
    .for('share');
}

export async function insert(db: Db, lineAccountId: number, values: InfoFieldValues): Promise<InfoFieldRow> {
  const [row] = await db
    .insert(friendInfoFields)
    .values({ ...values, lineAccountId })
    .returning();
  if (!row) throw new Error('info field insert returned nothing');
  return row;
}

export async function update(
  db: Db,
  lineAccountId: number,
  id: number,
  values: InfoFieldValues,
): Promise<InfoFieldRow | undefined> {
  const [row] = await db
    .update(friendInfoFields)
    .set({ ...values, updatedAt: new Date() })
    .where(inChannel(lineAccountId, id))
    .returning();
  return row;
}

/** Deletes the field; its values go with it (foreign key cascade). */
export async function remove(db: Db, lineAccountId: number, id: number): Promise<void> {
  await db.delete(friendInfoFields).where(inChannel(lineAccountId, id));
}

/** Whether any friend has a value of the field (checked to be the caller's before). */
export async function hasValues(db: Db, fieldId: number): Promise<boolean> {
  const [row] = await db
    .select({ fieldId: friendInfoValues.fieldId })
    .from(friendInfoValues)
    .where(eq(friendInfoValues.fieldId, fieldId))
    .limit(1);
  return row !== undefined;
}

/** Up to `limit` distinct values friends have of the field that are not among `allowed`. */
export async function valuesOutside(db: Db, fieldId: number, allowed: string[], limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ value: friendInfoValues.value })
    .from(friendInfoValues)
    .where(
      and(eq(friendInfoValues.fieldId, fieldId), sql`${friendInfoValues.value} <> all(${sql.param(allowed)}::text[])`),
    )
    .orderBy(asc(friendInfoValues.value))
    .limit(limit);
  return rows.map((r) => r.value);
}

export const isDuplicateName = (error: unknown) => violatesUnique(error, 'friend_info_fields_channel_name_key');
