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

/** Stores events once: a redelivered or concurrent duplicate id is ignored. Returns how many were new. */
export async function insertEvents(db: Db, lineAccountId: number, events: IncomingEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const inserted = await db
    .insert(webhookEvents)
    .values(events.map((e) => ({ ...e, lineAccountId })))
    .onConflictDoNothing({ target: [webhookEvents.lineAccountId, webhookEvents.webhookEventId] })
    .returning({ id: webhookEvents.id });
  return inserted.length;
}

export type StoredEvent = typeof webhookEvents.$inferSelect;

/** The channel's unprocessed events, oldest (by LINE's timestamp) first. */
export async function pendingEvents(db: Db, lineAccountId: number, limit: number): Promise<StoredEvent[]> {
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
export async function lockPendingEvent(db: Db, id: number): Promise<StoredEvent | undefined> {
  const [row] = await db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.id, id), isNull(webhookEvents.processedAt)))
    .for('update', { skipLocked: true });
  return row;
}

export async function markProcessed(db: Db, id: number) {
  await db.update(webhookEvents).set({ processedAt: new Date(), lastError: null }).where(eq(webhookEvents.id, id));
}

export async function recordFailure(db: Db, id: number, error: string) {
  await db
    .update(webhookEvents)
    .set({ attempts: sql`${webhookEvents.attempts} + 1`, lastError: error.slice(0, 1000) })
    .where(eq(webhookEvents.id, id));
}

/** Channels with events still waiting after `olderThan` (a lost job or a crash after the 200). */
export async function channelsWithStaleEvents(db: Db, olderThan: Date): Promise<number[]> {
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
