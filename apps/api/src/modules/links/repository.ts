import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { exactTime, olderThan } from '../../platform/sql.ts';
import type { Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { trackedLinkClicks, trackedLinks } from './schema.ts';
import { nowSql } from '../../platform/db-columns.ts';

/*
 * Tracked links are found by their token alone: the token is the capability a friend was sent,
 * and the row it finds names its own channel and friend, which every further query is scoped by.
 */

export type NewTrackedLink = Pick<
  typeof trackedLinks.$inferInsert,
  'token' | 'friendId' | 'actionItemId' | 'targetUrl' | 'planActionId'
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
): Promise<{ lineAccountId: number; friendId: number; targetUrl: string; actionItemId: number } | undefined> {
  const [row] = await db
    .select({
      lineAccountId: trackedLinks.lineAccountId,
      friendId: trackedLinks.friendId,
      targetUrl: trackedLinks.targetUrl,
      actionItemId: trackedLinks.actionItemId,
    })
    .from(trackedLinks)
    .where(eq(trackedLinks.token, token));
  return row;
}

/** Keeps one opening of a link with its time (the friend's talk shows it). */
export async function insertClick(
  db: Db,
  { lineAccountId }: ChannelScope,
  click: { token: string; friendId: number; actionItemId: number; clickedAt: Date },
): Promise<void> {
  await db.insert(trackedLinkClicks).values({ ...click, lineAccountId });
}

/** A friend's link openings older than `before`, newest first, with the address opened. */
export async function friendClicks(
  db: Db,
  { lineAccountId }: ChannelScope,
  friendId: number,
  before: { at: string; id: number } | null,
  limit: number,
) {
  return db
    .select({
      id: trackedLinkClicks.id,
      at: exactTime(trackedLinkClicks.clickedAt),
      targetUrl: trackedLinks.targetUrl,
    })
    .from(trackedLinkClicks)
    .innerJoin(trackedLinks, eq(trackedLinks.token, trackedLinkClicks.token))
    .where(
      and(
        eq(trackedLinkClicks.lineAccountId, lineAccountId),
        eq(trackedLinkClicks.friendId, friendId),
        ...(before ? [olderThan(trackedLinkClicks.clickedAt, trackedLinkClicks.id, before)] : []),
      ),
    )
    .orderBy(desc(trackedLinkClicks.clickedAt), desc(trackedLinkClicks.id))
    .limit(limit);
}

/** The item of the tracked link the friend opened last, if any. */
export async function lastOpenedItem(db: Db, { lineAccountId }: ChannelScope, friendId: number) {
  const [row] = await db
    .select({ actionItemId: trackedLinkClicks.actionItemId })
    .from(trackedLinkClicks)
    .where(and(eq(trackedLinkClicks.lineAccountId, lineAccountId), eq(trackedLinkClicks.friendId, friendId)))
    .orderBy(desc(trackedLinkClicks.clickedAt), desc(trackedLinkClicks.id))
    .limit(1);
  return row?.actionItemId ?? null;
}
