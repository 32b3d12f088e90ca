import type { ChannelScope } from '../../platform/principal.ts';
import { and, asc, eq, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db.ts';
import type { StatementPublisher } from '../../platform/events.ts';
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

/**
 * Stores events once: a redelivered or concurrent duplicate id is ignored. Answers the events that
 * were new. Unscoped: one statement writes the events of several channels' requests (group commit);
 * each row carries the channel that its request's webhook key and signature were checked against.
 * The rows go as one JSON parameter: the statement stays the same for any number of rows, so
 * building and planning it does not grow with them as a multi-row VALUES list would.
 * With `received`, the same statement also publishes one `webhook.received` per channel with new
 * events (their count, at `received.at`): the events and their facts are written at once, in one
 * round trip, with no transaction around them.
 */
export async function insertEventsUnscoped(
  db: Db,
  events: ChannelEvent[],
  received?: { publisher: StatementPublisher; at: Date },
): Promise<Array<{ lineAccountId: number; webhookEventId: string }>> {
  if (events.length === 0) return [];
  const rows = JSON.stringify(
    events.map((e) => ({
      line_account_id: e.lineAccountId,
      webhook_event_id: e.webhookEventId,
      type: e.type,
      line_user_id: e.lineUserId,
      occurred_at: e.occurredAt,
      is_redelivery: e.isRedelivery,
      payload: e.payload,
    })),
  );
  const insert = sql`
    insert into ${webhookEvents}
      (line_account_id, webhook_event_id, type, line_user_id, occurred_at, is_redelivery, payload)
    select line_account_id, webhook_event_id, type, line_user_id, occurred_at, is_redelivery, payload
    from jsonb_to_recordset(${rows}::jsonb) as e(
      line_account_id integer, webhook_event_id text, type text, line_user_id text,
      occurred_at bigint, is_redelivery boolean, payload jsonb)
    on conflict (line_account_id, webhook_event_id) do nothing
    returning line_account_id, webhook_event_id`;
  // The fact as its consumers receive it (DomainEvents['webhook.received'] through JSON).
  const facts = received?.publisher.outboxWrite(sql`
    select line_account_id, jsonb_build_object(
      'lineAccountId', line_account_id, 'events', count(*), 'at', ${received.at.toISOString()}::text) as payload
    from inserted group by line_account_id`);
  const result = await db.execute(
    facts
      ? sql`with inserted as (${insert}), facts as (${facts}) select line_account_id, webhook_event_id from inserted`
      : insert,
  );
  return rowsOf<{ line_account_id: number; webhook_event_id: string }>(result).map((row) => ({
    lineAccountId: row.line_account_id,
    webhookEventId: row.webhook_event_id,
  }));
}

export type StoredEvent = typeof webhookEvents.$inferSelect;

/** Friends whose events wait this pass (an earlier event of theirs failed), and whether the channel's own events do. */
export interface HeldFriends {
  lineUserIds: ReadonlySet<string>;
  channelFacts: boolean;
}

/** The channel's unprocessed events, oldest (by LINE's timestamp) first, leaving out held friends' events. */
export async function pendingEvents(
  db: Db,
  { lineAccountId }: ChannelScope,
  limit: number,
  held: HeldFriends,
): Promise<StoredEvent[]> {
  const heldUsers = [...held.lineUserIds];
  const notHeldUser =
    heldUsers.length > 0
      ? or(isNull(webhookEvents.lineUserId), notInArray(webhookEvents.lineUserId, heldUsers))
      : undefined;
  return db
    .select()
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.lineAccountId, lineAccountId),
        isNull(webhookEvents.processedAt),
        lt(webhookEvents.attempts, MAX_ATTEMPTS),
        notHeldUser,
        held.channelFacts ? isNotNull(webhookEvents.lineUserId) : undefined,
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
