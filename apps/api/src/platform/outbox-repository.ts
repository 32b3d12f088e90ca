import { and, eq, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from './db.ts';
import { rowsOf } from './db.ts';
import { outboxEvents, outboxReceipts } from './outbox-schema.ts';

/*
 * The outbox is the platform's: events are found by their id alone. What they name is scoped by the
 * consumers, which build their scope from the rows they load, never from the payload alone.
 */

/** Events in one statement. */
export async function insertEvents(
  db: Db,
  events: { name: string; lineAccountId: number | null; payload: Record<string, unknown> }[],
): Promise<void> {
  if (events.length === 0) return;
  await db.insert(outboxEvents).values(events);
}

/**
 * An INSERT of events named `name` from `source`, a query of the columns line_account_id and payload
 * (jsonb): for a data-modifying WITH part of a caller's statement, which then writes its facts and
 * their outbox rows at once (atomic as one statement is, no transaction around it).
 */
export function insertEventsFrom(name: string, source: SQL): SQL {
  return sql`insert into ${outboxEvents} (name, line_account_id, payload)
    select ${name}, facts.line_account_id, facts.payload from (${source}) as facts`;
}

export interface ClaimedEvent {
  id: number;
  name: string;
}

/**
 * Up to `limit` events not yet dispatched (oldest first) and not held by another relay, held by this
 * one for `holdMs`: one statement, so no transaction stays open while their jobs are sent.
 */
export async function claimUndispatched(db: Db, limit: number, holdMs: number): Promise<ClaimedEvent[]> {
  const result = await db.execute(sql`
    update ${outboxEvents} set claimed_until = now() + ${`${holdMs} milliseconds`}::interval
    where id in (
      select id from ${outboxEvents}
      where dispatched_at is null and (claimed_until is null or claimed_until < now())
      order by id limit ${limit}
      for update skip locked
    )
    returning id, name`);
  return rowsOf<{ id: string | number; name: string }>(result)
    .map((row) => ({ id: Number(row.id), name: row.name }))
    .sort((a, b) => a.id - b.id);
}

export async function markDispatched(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outboxEvents)
    .set({ dispatchedAt: sql`now()` })
    .where(inArray(outboxEvents.id, ids));
}

export async function findEvent(db: Db, id: number) {
  const [row] = await db.select().from(outboxEvents).where(eq(outboxEvents.id, id));
  return row;
}

/** Records that the consumer handled the event; false when it had already (a redelivery). */
export async function addReceipt(db: Db, eventId: number, consumer: string): Promise<boolean> {
  const rows = await db
    .insert(outboxReceipts)
    .values({ eventId, consumer })
    .onConflictDoNothing()
    .returning({ eventId: outboxReceipts.eventId });
  return rows.length > 0;
}

/** Dispatched events older than `before` go, with their receipts. */
export async function removeDispatchedBefore(db: Db, before: Date): Promise<void> {
  await db.delete(outboxEvents).where(and(isNotNull(outboxEvents.dispatchedAt), lt(outboxEvents.dispatchedAt, before)));
}
