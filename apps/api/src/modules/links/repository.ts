import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { trackedLinks } from './schema.ts';
import { nowSql } from '../../platform/db-columns.ts';

/*
 * Tracked links are found by their token alone: the token is the capability a friend was sent,
 * and the row it finds names its own channel and friend, which every further query is scoped by.
 */

export type NewTrackedLink = Pick<
  typeof trackedLinks.$inferInsert,
  'token' | 'friendId' | 'actionItemId' | 'targetUrl'
>;

export interface OpenedLink {
  lineAccountId: number;
  friendId: number;
  actionItemId: number;
  targetUrl: string;
}

export async function insertLinks(db: Db, { lineAccountId }: ChannelScope, rows: NewTrackedLink[]): Promise<void> {
  if (rows.length > 0) await db.insert(trackedLinks).values(rows.map((row) => ({ ...row, lineAccountId })));
}

/** Counts one opening of the link; undefined for an unknown token. Unscoped: the token is the key. */
export async function countClickUnscoped(db: Db, token: string): Promise<OpenedLink | undefined> {
  const [row] = await db
    .update(trackedLinks)
    .set({ clickCount: sql`${trackedLinks.clickCount} + 1` })
    .where(eq(trackedLinks.token, token))
    .returning({
      lineAccountId: trackedLinks.lineAccountId,
      friendId: trackedLinks.friendId,
      actionItemId: trackedLinks.actionItemId,
      targetUrl: trackedLinks.targetUrl,
    });
  return row;
}

/**
 * Notes the link's first opening. True for exactly one call per link: the row's update is atomic,
 * so of two openings at the same moment only one finds first_clicked_at still empty. Unscoped: the token is the key.
 */
export async function markFirstClickUnscoped(db: Db, token: string): Promise<boolean> {
  const rows = await db
    .update(trackedLinks)
    .set({ firstClickedAt: nowSql })
    .where(and(eq(trackedLinks.token, token), isNull(trackedLinks.firstClickedAt)))
    .returning({ token: trackedLinks.token });
  return rows.length === 1;
}

/** The channel and friend a link was sent to; undefined for an unknown token. Unscoped: the token is the key. */
export async function linkOwnerUnscoped(
  db: Db,
  token: string,
): Promise<{ lineAccountId: number; friendId: number; targetUrl: string } | undefined> {
  const [row] = await db
    .select({
      lineAccountId: trackedLinks.lineAccountId,
      friendId: trackedLinks.friendId,
      targetUrl: trackedLinks.targetUrl,
    })
    .from(trackedLinks)
    .where(eq(trackedLinks.token, token));
  return row;
}
