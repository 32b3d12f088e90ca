import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { ImportMapping } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import type { AccountScope, ChannelScope } from '../../platform/principal.ts';
import { friendInfoFields, friendInfoValues, friends } from '../friends/schema.ts';
import { friendMarks, friendTags, marks, tags } from '../labels/schema.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { friendImportMappings, friendImportRows, friendImports, type ImportBefore } from './schema.ts';

export type { ImportBefore };

/*
 * Every query names the channel (or, for the account owner's reads, joins the channel to the
 * account): an import, its rows and the friends it writes are one channel's.
 */

export type ImportRow = typeof friendImports.$inferSelect;
export type ImportRowLog = typeof friendImportRows.$inferInsert;

export async function insertImport(
  db: Db,
  { lineAccountId }: ChannelScope,
  values: Pick<ImportRow, 'fileName' | 'fileKey' | 'encoding' | 'headers' | 'sample'>,
): Promise<ImportRow> {
  const [row] = await db
    .insert(friendImports)
    .values({ ...values, lineAccountId })
    .returning();
  if (!row) throw new Error('import insert returned nothing');
  return row;
}

/** The import, when its channel is the account's. */
export async function findOfAccount(db: Db, { accountId }: AccountScope, id: number): Promise<ImportRow | undefined> {
  const [row] = await db
    .select({ friendImports })
    .from(friendImports)
    .innerJoin(lineAccounts, eq(lineAccounts.id, friendImports.lineAccountId))
    .where(and(eq(friendImports.id, id), eq(lineAccounts.accountId, accountId)));
  return row?.friendImports;
}

export async function find(db: Db, { lineAccountId }: ChannelScope, id: number): Promise<ImportRow | undefined> {
  const [row] = await db
    .select()
    .from(friendImports)
    .where(and(eq(friendImports.id, id), eq(friendImports.lineAccountId, lineAccountId)));
  return row;
}

/** The import the worker runs, found by its id alone (a job payload); its scope is built from the row. */
export async function findUnscoped(db: Db, id: number): Promise<ImportRow | undefined> {
  const [row] = await db.select().from(friendImports).where(eq(friendImports.id, id));
  return row;
}

export async function listOfChannel(db: Db, { lineAccountId }: ChannelScope): Promise<ImportRow[]> {
  return db
    .select()
    .from(friendImports)
    .where(eq(friendImports.lineAccountId, lineAccountId))
    .orderBy(desc(friendImports.id))
    .limit(100);
}

/**
 * The channel's last completed import not yet undone: the one an undo may take back (undoing it
 * makes the one before it the last, as a stack).
 */
export async function lastCompletedId(db: Db, { lineAccountId }: ChannelScope): Promise<number | null> {
  const [row] = await db
    .select({ id: friendImports.id })
    .from(friendImports)
    .where(and(eq(friendImports.lineAccountId, lineAccountId), eq(friendImports.status, 'completed')))
    .orderBy(desc(friendImports.finishedAt), desc(friendImports.id))
    .limit(1);
  return row?.id ?? null;
}

/** Imports queued or cut off by a stop (the sweeper sends them again). */
export async function unfinishedIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: friendImports.id })
    .from(friendImports)
    .where(inArray(friendImports.status, ['queued', 'running']));
  return rows.map((row) => row.id);
}

export async function update(
  db: Db,
  { lineAccountId }: ChannelScope,
  id: number,
  changes: Partial<Omit<ImportRow, 'id' | 'lineAccountId'>>,
): Promise<ImportRow | undefined> {
  const [row] = await db
    .update(friendImports)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(friendImports.id, id), eq(friendImports.lineAccountId, lineAccountId)))
    .returning();
  return row;
}

/** The import locked for the batch that moves its checkpoint (one writer at a time). */
export async function lockForBatch(db: Db, { lineAccountId }: ChannelScope, id: number) {
  const [row] = await db
    .select()
    .from(friendImports)
    .where(and(eq(friendImports.id, id), eq(friendImports.lineAccountId, lineAccountId)))
    .for('update');
  return row;
}

export interface Counts {
  created: number;
  updated: number;
  unchanged: number;
  errors: number;
}

/** Moves the checkpoint past a batch, with its counts (in the batch's transaction). */
export async function advance(
  db: Db,
  { lineAccountId }: ChannelScope,
  id: number,
  processedRows: number,
  counts: Counts,
) {
  await db
    .update(friendImports)
    .set({
      processedRows,
      created: sql`${friendImports.created} + ${counts.created}`,
      updated: sql`${friendImports.updated} + ${counts.updated}`,
      unchanged: sql`${friendImports.unchanged} + ${counts.unchanged}`,
      errors: sql`${friendImports.errors} + ${counts.errors}`,
      updatedAt: new Date(),
    })
    .where(and(eq(friendImports.id, id), eq(friendImports.lineAccountId, lineAccountId)));
}

export async function waitingCounts(
  db: Db,
  { lineAccountId }: ChannelScope,
  ids: number[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ importId: friendImportRows.importId, n: sql<number>`count(*)::int` })
    .from(friendImportRows)
    .where(
      and(
        eq(friendImportRows.lineAccountId, lineAccountId),
        inArray(friendImportRows.importId, ids),
        eq(friendImportRows.waiting, true),
      ),
    )
    .groupBy(friendImportRows.importId);
  return new Map(rows.map((row) => [row.importId, row.n]));
}

export async function insertRowLogs(db: Db, rows: ImportRowLog[]): Promise<void> {
  if (rows.length > 0) await db.insert(friendImportRows).values(rows);
}

/** A page of an import's row log, in line order after `afterLine` (the report, the undo). */
export async function rowLogPage(
  db: Db,
  { lineAccountId }: ChannelScope,
  importId: number,
  afterLine: number,
  limit: number,
) {
  return db
    .select()
    .from(friendImportRows)
    .where(
      and(
        eq(friendImportRows.lineAccountId, lineAccountId),
        eq(friendImportRows.importId, importId),
        gt(friendImportRows.line, afterLine),
      ),
    )
    .orderBy(asc(friendImportRows.line))
    .limit(limit);
}

/** The friend appeared through a webhook: no longer "imported, waiting". */
export async function endWaiting(db: Db, { lineAccountId }: ChannelScope, friendId: number): Promise<number> {
  const rows = await db
    .update(friendImportRows)
    .set({ waiting: false })
    .where(
      and(
        eq(friendImportRows.lineAccountId, lineAccountId),
        eq(friendImportRows.friendId, friendId),
        eq(friendImportRows.waiting, true),
      ),
    )
    .returning({ line: friendImportRows.line });
  return rows.length;
}

export interface ExistingFriend {
  id: number;
  lineUserId: string;
  displayName: string;
  followedAt: Date | null;
  score: number;
}

export async function friendsByLineUserId(
  db: Db,
  { lineAccountId }: ChannelScope,
  lineUserIds: string[],
): Promise<Map<string, ExistingFriend>> {
  if (lineUserIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: friends.id,
      lineUserId: friends.lineUserId,
      displayName: friends.displayName,
      followedAt: friends.followedAt,
      score: friends.score,
    })
    .from(friends)
    .where(and(eq(friends.lineAccountId, lineAccountId), inArray(friends.lineUserId, lineUserIds)));
  return new Map(rows.map((row) => [row.lineUserId, row]));
}

/** The labels (tag or mark ids) each of these friends carries. */
export async function labelIdsOf(
  db: Db,
  { lineAccountId }: ChannelScope,
  kind: 'tags' | 'marks',
  friendIds: number[],
): Promise<Map<number, Set<number>>> {
  const found = new Map<number, Set<number>>();
  if (friendIds.length === 0) return found;
  const rows =
    kind === 'tags'
      ? await db
          .select({ friendId: friendTags.friendId, labelId: friendTags.tagId })
          .from(friendTags)
          .where(and(eq(friendTags.lineAccountId, lineAccountId), inArray(friendTags.friendId, friendIds)))
      : await db
          .select({ friendId: friendMarks.friendId, labelId: friendMarks.markId })
          .from(friendMarks)
          .where(and(eq(friendMarks.lineAccountId, lineAccountId), inArray(friendMarks.friendId, friendIds)));
  for (const row of rows) {
    const set = found.get(row.friendId) ?? new Set<number>();
    set.add(row.labelId);
    found.set(row.friendId, set);
  }
  return found;
}

/** The channel's tags or marks by name. */
export async function labelBook(
  db: Db,
  { lineAccountId }: ChannelScope,
  kind: 'tags' | 'marks',
): Promise<Map<string, number>> {
  const table = kind === 'tags' ? tags : marks;
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(eq(table.lineAccountId, lineAccountId));
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** The ids of the channel's tags or marks of these names. */
export async function labelIdsByName(
  db: Db,
  { lineAccountId }: ChannelScope,
  kind: 'tags' | 'marks',
  names: string[],
): Promise<Map<string, number>> {
  const table = kind === 'tags' ? tags : marks;
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(and(eq(table.lineAccountId, lineAccountId), inArray(table.name, names)));
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** The info values of these friends, by friend, then field id. */
export async function infoValuesOf(
  db: Db,
  { lineAccountId }: ChannelScope,
  friendIds: number[],
): Promise<Map<number, Map<number, string>>> {
  const found = new Map<number, Map<number, string>>();
  if (friendIds.length === 0) return found;
  const rows = await db
    .select({ friendId: friendInfoValues.friendId, fieldId: friendInfoValues.fieldId, value: friendInfoValues.value })
    .from(friendInfoValues)
    .where(and(eq(friendInfoValues.lineAccountId, lineAccountId), inArray(friendInfoValues.friendId, friendIds)));
  for (const row of rows) {
    const values = found.get(row.friendId) ?? new Map<number, string>();
    values.set(row.fieldId, row.value);
    found.set(row.friendId, values);
  }
  return found;
}

export interface NewFriend {
  lineUserId: string;
  displayName: string;
  followedAt: Date | null;
  blocked: boolean;
  score: number;
}

/** Creates friends; one LINE side created meanwhile (a webhook) is left out of the answer. */
export async function insertFriends(
  db: Db,
  { lineAccountId }: ChannelScope,
  rows: NewFriend[],
): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const created = await db
    .insert(friends)
    .values(
      rows.map((row) => ({
        lineAccountId,
        lineUserId: row.lineUserId,
        displayName: row.displayName,
        followedAt: row.followedAt,
        status: row.blocked ? ('blocked' as const) : ('following' as const),
        blockedAt: row.blocked ? row.followedAt : null,
        score: row.score,
      })),
    )
    .onConflictDoNothing({ target: [friends.lineAccountId, friends.lineUserId] })
    .returning({ id: friends.id, lineUserId: friends.lineUserId });
  return new Map(created.map((row) => [row.lineUserId, row.id]));
}

export interface FriendFix {
  id: number;
  score: number;
  displayName: string;
  followedAt: Date | null;
}

/** Sets the score, name and follow time of existing friends (the run's changes, the undo's restores). */
export async function setFriendValues(db: Db, { lineAccountId }: ChannelScope, rows: FriendFix[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    update ${friends} set score = v.score, display_name = v.display_name, followed_at = v.followed_at, updated_at = now()
    from (
      select * from unnest(
        ${sql.param(rows.map((row) => row.id))}::int[],
        ${sql.param(rows.map((row) => row.score))}::int[],
        ${sql.param(rows.map((row) => row.displayName))}::text[],
        ${sql.param(rows.map((row) => row.followedAt?.toISOString() ?? null))}::timestamptz[]
      ) as x(id, score, display_name, followed_at)
    ) as v
    where ${friends.id} = v.id and ${friends.lineAccountId} = ${lineAccountId}`);
}

export interface LabelLink {
  friendId: number;
  labelId: number;
}

export async function addLabels(db: Db, { lineAccountId }: ChannelScope, kind: 'tags' | 'marks', links: LabelLink[]) {
  if (links.length === 0) return;
  if (kind === 'tags')
    await db
      .insert(friendTags)
      .values(links.map((link) => ({ lineAccountId, friendId: link.friendId, tagId: link.labelId })))
      .onConflictDoNothing();
  else
    await db
      .insert(friendMarks)
      .values(links.map((link) => ({ lineAccountId, friendId: link.friendId, markId: link.labelId })))
      .onConflictDoNothing();
}

export async function removeLabels(
  db: Db,
  { lineAccountId }: ChannelScope,
  kind: 'tags' | 'marks',
  links: LabelLink[],
) {
  if (links.length === 0) return;
  const table = kind === 'tags' ? 'friend_tags' : 'friend_marks';
  const labelColumn = kind === 'tags' ? 'tag_id' : 'mark_id';
  await db.execute(sql`
    delete from ${sql.identifier(table)} as l
    using unnest(${sql.param(links.map((link) => link.friendId))}::int[], ${sql.param(links.map((link) => link.labelId))}::int[]) as x(friend_id, label_id)
    where l.line_account_id = ${lineAccountId} and l.friend_id = x.friend_id and l.${sql.identifier(labelColumn)} = x.label_id`);
}

export interface InfoWrite {
  friendId: number;
  fieldId: number;
  value: string;
}

export async function upsertInfo(db: Db, { lineAccountId }: ChannelScope, values: InfoWrite[]) {
  if (values.length === 0) return;
  await db
    .insert(friendInfoValues)
    .values(values.map((value) => ({ lineAccountId, ...value })))
    .onConflictDoUpdate({
      target: [friendInfoValues.friendId, friendInfoValues.fieldId],
      set: { value: sql`excluded.value`, updatedAt: new Date() },
    });
}

export async function clearInfo(db: Db, { lineAccountId }: ChannelScope, values: Omit<InfoWrite, 'value'>[]) {
  if (values.length === 0) return;
  await db.execute(sql`
    delete from ${friendInfoValues} as v
    using unnest(${sql.param(values.map((value) => value.friendId))}::int[], ${sql.param(values.map((value) => value.fieldId))}::int[]) as x(friend_id, field_id)
    where v.line_account_id = ${lineAccountId} and v.friend_id = x.friend_id and v.field_id = x.field_id`);
}

export async function deleteFriends(db: Db, { lineAccountId }: ChannelScope, friendIds: number[]) {
  if (friendIds.length === 0) return;
  await db.delete(friends).where(and(eq(friends.lineAccountId, lineAccountId), inArray(friends.id, friendIds)));
}

/** The channel's info fields by name (text fields the run creates are added by the friends module's repository). */
export async function infoFieldIds(db: Db, { lineAccountId }: ChannelScope): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: friendInfoFields.id, name: friendInfoFields.name })
    .from(friendInfoFields)
    .where(eq(friendInfoFields.lineAccountId, lineAccountId));
  return new Map(rows.map((row) => [row.name, row.id]));
}

export async function savedMapping(db: Db, { accountId }: AccountScope): Promise<ImportMapping | null> {
  const [row] = await db
    .select({ mapping: friendImportMappings.mapping })
    .from(friendImportMappings)
    .where(eq(friendImportMappings.accountId, accountId));
  return row?.mapping ?? null;
}

export async function saveMapping(db: Db, { accountId }: AccountScope, mapping: ImportMapping): Promise<void> {
  await db
    .insert(friendImportMappings)
    .values({ accountId, mapping })
    .onConflictDoUpdate({ target: friendImportMappings.accountId, set: { mapping, updatedAt: new Date() } });
}
