import { and, eq, gte, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { LineFiguresPending } from '@linq/contract';
import type { Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { lineInsightDays } from './schema.ts';

export type LineInsightDay = typeof lineInsightDays.$inferSelect;

export async function dayOf(db: Db, { lineAccountId }: ChannelScope, day: string): Promise<LineInsightDay | null> {
  const [row] = await db
    .select()
    .from(lineInsightDays)
    .where(and(eq(lineInsightDays.lineAccountId, lineAccountId), eq(lineInsightDays.day, day)));
  return row ?? null;
}

/** The channel's days from `since` on (YYYY-MM-DD) with a part still missing. */
export async function pendingDays(db: Db, { lineAccountId }: ChannelScope, since: string): Promise<string[]> {
  const rows = await db
    .select({ day: lineInsightDays.day })
    .from(lineInsightDays)
    .where(
      and(
        eq(lineInsightDays.lineAccountId, lineAccountId),
        gte(lineInsightDays.day, since),
        or(isNull(lineInsightDays.followers), isNull(lineInsightDays.deliveries)),
      ),
    );
  return rows.map((row) => row.day);
}

/** Which of `days` the channel has a row for (complete or not). */
export async function storedDays(db: Db, { lineAccountId }: ChannelScope, days: string[]): Promise<Set<string>> {
  if (days.length === 0) return new Set();
  const rows = await db
    .select({ day: lineInsightDays.day })
    .from(lineInsightDays)
    .where(and(eq(lineInsightDays.lineAccountId, lineAccountId), inArray(lineInsightDays.day, days)));
  return new Set(rows.map((row) => row.day));
}

export interface DayParts {
  followers?: { followers: number; targetedReaches: number; blocks: number };
  deliveries?: { total: number; byKind: Record<string, number> };
  pending: LineFiguresPending | null;
  checkedAt: Date;
}

/**
 * Writes what LINE gave for the day. A part it did not give is left as stored (a figure once read is
 * never replaced by nothing).
 */
export async function saveDay(db: Db, { lineAccountId }: ChannelScope, day: string, parts: DayParts): Promise<void> {
  const followers = parts.followers
    ? {
        followers: parts.followers.followers,
        targetedReaches: parts.followers.targetedReaches,
        blocks: parts.followers.blocks,
      }
    : {};
  const deliveries = parts.deliveries
    ? { deliveries: parts.deliveries.total, deliveriesByKind: parts.deliveries.byKind }
    : {};
  const set = { ...followers, ...deliveries, pending: parts.pending, checkedAt: parts.checkedAt };
  await db
    .insert(lineInsightDays)
    .values({ lineAccountId, day, ...set })
    .onConflictDoUpdate({ target: [lineInsightDays.lineAccountId, lineInsightDays.day], set });
}

/** Channels whose figures the worker reads: those with an access token. Unscoped: the worker walks every channel. */
export async function channelsToReadUnscoped(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: lineAccounts.id })
    .from(lineAccounts)
    .where(and(isNotNull(lineAccounts.channelAccessTokenSealed), eq(lineAccounts.status, 'active')))
    .orderBy(lineAccounts.id);
  return rows.map((row) => row.id);
}
