import type { ChannelScope } from '../../platform/principal.ts';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { webhookEvents } from './schema.ts';

/** An event that failed this often is left for a person to look at (its last_error says why). */
export const MAX_ATTEMPTS = 20;

export interface IncomingEvent {
  webhookEventId: string;
  type: string;
  lineUserId: string | null;
  occurredAt: number;
  isRedelivery: boolean;
  payload: Record<string, unknown>;
}

/** A request's event, with the channel its webhook URL named. */
export interface ChannelEvent extends IncomingEvent {
  lineAccountId: number;
}

/** Rows per INSERT statement: 7 parameters each stays far below PostgreSQL's 65,535 per statement. */
const INSERT_CHUNK = 2000;

/**
 * Stores events once: a redelivered or concurrent duplicate id is ignored. Answers the events that
 * were new. Unscoped: one statement writes the events of several channels' requests (group commit);
 * each row carries the channel that its request's webhook key and signature were checked against.
 */
export async function insertEventsUnscoped(
  db: Db,
  events: ChannelEvent[],
): Promise<Array<{ lineAccountId: number; webhookEventId: string }>> {
  const inserted: Array<{ lineAccountId: number; webhookEventId: string }> = [];
  for (let start = 0; start < events.length; start += INSERT_CHUNK) {
    const rows = await db
      .insert(webhookEvents)
      .values(events.slice(start, start + INSERT_CHUNK))
      .onConflictDoNothing({ target: [webhookEvents.lineAccountId, webhookEvents.webhookEventId] })
      .returning({ lineAccountId: webhookEvents.lineAccountId, webhookEventId: webhookEvents.webhookEventId });
    inserted.push(...rows);
  }
  return inserted;
}

export type StoredEvent = typeof webhookEvents.$inferSelect;

/** The channel's unprocessed events, oldest (by LINE's timestamp) first. */
export async function pendingEvents(db: Db, { lineAccountId }: ChannelScope, limit: number): Promise<StoredEvent[]> {
  return db
    .select()
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.lineAccountId, lineAccountId),
        isNull(webhookEvents.processedAt),
        lt(webhookEvents.attempts, MAX_ATTEMPTS),
      ),
    )
    .orderBy(asc(webhookEvents.occurredAt), asc(webhookEvents.id))
    .limit(limit);
}

/** Locks one event for processing; undefined when another worker holds it or it is done. */
export async function lockPendingEvent(
  db: Db,
  { lineAccountId }: ChannelScope,
  id: number,
): Promise<StoredEvent | undefined> {
  const [row] = await db
    .select()
    .from(webhookEvents)
    .where(
      and(eq(webhookEvents.id, id), eq(webhookEvents.lineAccountId, lineAccountId), isNull(webhookEvents.processedAt)),
    )
    .for('update', { skipLocked: true });
  return row;
}

export async function markProcessed(db: Db, { lineAccountId }: ChannelScope, id: number) {
  await db
    .update(webhookEvents)
    .set({ processedAt: new Date(), lastError: null })
    .where(and(eq(webhookEvents.id, id), eq(webhookEvents.lineAccountId, lineAccountId)));
}

export async function recordFailure(db: Db, { lineAccountId }: ChannelScope, id: number, error: string) {
  await db
    .update(webhookEvents)
    .set({ attempts: sql`${webhookEvents.attempts} + 1`, lastError: error.slice(0, 1000) })
    .where(and(eq(webhookEvents.id, id), eq(webhookEvents.lineAccountId, lineAccountId)));
}

/**
 * Channels with events still waiting after `olderThan` (a lost job or a crash after the 200).
 * Unscoped: the sweeper looks across all channels; each channel is then processed in its own scope.
 */
export async function channelsWithStaleEventsUnscoped(db: Db, olderThan: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ lineAccountId: webhookEvents.lineAccountId })
    .from(webhookEvents)
    .where(
      and(
        isNull(webhookEvents.processedAt),
        lt(webhookEvents.receivedAt, olderThan),
        lt(webhookEvents.attempts, MAX_ATTEMPTS),
      ),
    );
  return rows.map((r) => r.lineAccountId);
}
