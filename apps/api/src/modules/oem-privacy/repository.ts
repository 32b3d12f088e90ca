import { and, count, desc, eq, max } from 'drizzle-orm';
import type { OemPageKind } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import type { OemScope } from '../../platform/principal.ts';
import { users } from '../sessions/schema.ts';
import { oems } from '../tenants/schema.ts';
import { oemPageVersions } from './schema.ts';

export type VersionRow = typeof oemPageVersions.$inferSelect;

export async function oemOf(db: Db, { oemId }: OemScope) {
  const [row] = await db
    .select({ id: oems.id, serviceName: oems.serviceName, domain: oems.domain })
    .from(oems)
    .where(eq(oems.id, oemId));
  return row;
}

/** The highest version of a kind: the one in force. */
export async function current(db: Db, { oemId }: OemScope, kind: OemPageKind): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(oemPageVersions)
    .where(and(eq(oemPageVersions.oemId, oemId), eq(oemPageVersions.kind, kind)))
    .orderBy(desc(oemPageVersions.version))
    .limit(1);
  return row;
}

/**
 * Adds the next version of a kind. The lock on the OEM's row serialises concurrent saves, so two
 * never take the same number.
 */
export async function addVersion(
  tx: Db,
  { oemId }: OemScope,
  values: { kind: OemPageKind; body: string; authorId: number },
): Promise<VersionRow | undefined> {
  const [oem] = await tx.select({ id: oems.id }).from(oems).where(eq(oems.id, oemId)).for('update');
  if (!oem) return undefined;
  // The signed-in admin's own row: their name is kept with the version.
  const [author] = await tx.select({ name: users.name }).from(users).where(eq(users.id, values.authorId));
  const [last] = await tx
    .select({ version: max(oemPageVersions.version) })
    .from(oemPageVersions)
    .where(and(eq(oemPageVersions.oemId, oemId), eq(oemPageVersions.kind, values.kind)));
  const [row] = await tx
    .insert(oemPageVersions)
    .values({ oemId, ...values, authorName: author?.name ?? '', version: (last?.version ?? 0) + 1 })
    .returning();
  return row;
}

export async function versions(
  db: Db,
  { oemId }: OemScope,
  kind: OemPageKind,
  page: { page: number; limit: number },
): Promise<{ rows: Omit<VersionRow, 'body'>[]; total: number }> {
  const where = and(eq(oemPageVersions.oemId, oemId), eq(oemPageVersions.kind, kind));
  const rows = await db
    .select({
      id: oemPageVersions.id,
      oemId: oemPageVersions.oemId,
      kind: oemPageVersions.kind,
      version: oemPageVersions.version,
      authorId: oemPageVersions.authorId,
      authorName: oemPageVersions.authorName,
      createdAt: oemPageVersions.createdAt,
    })
    .from(oemPageVersions)
    .where(where)
    .orderBy(desc(oemPageVersions.version))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  const [total] = await db.select({ n: count() }).from(oemPageVersions).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function version(db: Db, { oemId }: OemScope, id: number): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(oemPageVersions)
    .where(and(eq(oemPageVersions.id, id), eq(oemPageVersions.oemId, oemId)));
  return row;
}
