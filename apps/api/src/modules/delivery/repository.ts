import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db.ts';
import type { LineMessage } from '../../platform/line.ts';
import { deliveries, deliveryRecipients, friends, lineAccounts, nowSql } from '../../platform/schema.ts';

/*
 * Enqueueing is scoped by channel. The worker side acts on one delivery by id: jobs carry
 * ids only and the row (its status, attempts and next_attempt_at) is the source of truth.
 */

const after = (ms: number) => sql`now() + ${ms}::double precision * interval '1 millisecond'`;

/** The channel's friends among `friendIds` (an array parameter: 100,000 ids are one query). */
export async function channelFriends(db: Db, lineAccountId: number, friendIds: number[]) {
  return db
    .select({ id: friends.id, status: friends.status })
    .from(friends)
    .where(and(eq(friends.lineAccountId, lineAccountId), sql`${friends.id} = any(${sql.param(friendIds)}::int[])`))
    .orderBy(asc(friends.id));
}

export interface NewDelivery {
  messages: LineMessage[];
  friendIds: number[];
  /** Never sent (nobody in it can receive): recorded as failed, its recipients with this reason. */
  failedReason?: string;
}

export interface DeliveryOrigin {
  source: string;
  sourceId?: number;
  sentByUserId?: number;
}

/** Writes the deliveries with fresh retry keys and their recipients in one transaction. Returns ids in order. */
export async function insertDeliveries(
  db: Db,
  lineAccountId: number,
  origin: DeliveryOrigin,
  planned: NewDelivery[],
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const values = planned.map((p) => ({
      lineAccountId,
      ...origin,
      // Message objects are plain JSON; the column is typed as such.
      messages: p.messages as unknown as Record<string, unknown>[],
      retryKey: randomUUID(),
      ...(p.failedReason ? { status: 'failed' as const, lastError: p.failedReason } : {}),
    }));
    const rows = await tx
      .insert(deliveries)
      .values(values)
      .returning({ id: deliveries.id, retryKey: deliveries.retryKey });
    const idByKey = new Map(rows.map((r) => [r.retryKey, r.id]));
    const ids = values.map((v) => idByKey.get(v.retryKey)!);
    const recipients = { deliveryIds: [] as number[], friendIds: [] as number[], reasons: [] as (string | null)[] };
    planned.forEach((p, i) => {
      for (const friendId of p.friendIds) {
        recipients.deliveryIds.push(ids[i]!);
        recipients.friendIds.push(friendId);
        recipients.reasons.push(p.failedReason ?? null);
      }
    });
    // One statement for every recipient row, however many there are.
    await tx.execute(sql`
      insert into ${deliveryRecipients} (delivery_id, friend_id, status, reason)
      select d, f, case when r is null then 'queued' else 'failed' end, r
      from unnest(${sql.param(recipients.deliveryIds)}::bigint[], ${sql.param(recipients.friendIds)}::int[],
                  ${sql.param(recipients.reasons)}::text[]) as t(d, f, r)`);
    return ids;
  });
}

/**
 * Takes a due delivery for sending, atomically: of two workers (or a job run twice) only one
 * gets it. `next_attempt_at` becomes the lease: a row still `sending` after it belonged to a
 * worker that died, and may be claimed again. The returned `attempts` fences later writes.
 */
export async function claimDelivery(db: Db, id: number, leaseMs: number) {
  const [row] = await db
    .update(deliveries)
    .set({ status: 'sending', attempts: sql`${deliveries.attempts} + 1`, nextAttemptAt: after(leaseMs) })
    .where(
      and(
        eq(deliveries.id, id),
        inArray(deliveries.status, ['queued', 'waiting_quota', 'sending']),
        lte(deliveries.nextAttemptAt, nowSql),
      ),
    )
    .returning({
      id: deliveries.id,
      lineAccountId: deliveries.lineAccountId,
      messages: deliveries.messages,
      retryKey: deliveries.retryKey,
      attempts: deliveries.attempts,
    });
  return row && { ...row, messages: row.messages as unknown as LineMessage[] };
}
export type Claim = NonNullable<Awaited<ReturnType<typeof claimDelivery>>>;

/** Only the claim's holder may settle it: a worker that outlived its lease writes nothing. */
const heldBy = (claim: Claim) =>
  and(eq(deliveries.id, claim.id), eq(deliveries.status, 'sending'), eq(deliveries.attempts, claim.attempts));

export async function findChannelCredentials(db: Db, lineAccountId: number) {
  const [row] = await db
    .select({ tokenSealed: lineAccounts.channelAccessTokenSealed, simulated: lineAccounts.simulated })
    .from(lineAccounts)
    .where(eq(lineAccounts.id, lineAccountId));
  return row;
}

export async function queuedRecipientUserIds(db: Db, deliveryId: number): Promise<string[]> {
  const rows = await db
    .select({ userId: friends.lineUserId })
    .from(deliveryRecipients)
    .innerJoin(friends, eq(friends.id, deliveryRecipients.friendId))
    .where(and(eq(deliveryRecipients.deliveryId, deliveryId), eq(deliveryRecipients.status, 'queued')));
  return rows.map((r) => r.userId);
}

async function settle(
  db: Db,
  claim: Claim,
  delivery: PgUpdateSetSource<typeof deliveries>,
  recipients: { status: 'sent' | 'failed'; reason: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [held] = await tx.update(deliveries).set(delivery).where(heldBy(claim)).returning({ id: deliveries.id });
    if (!held) return;
    await tx
      .update(deliveryRecipients)
      .set({ ...recipients, updatedAt: nowSql })
      .where(and(eq(deliveryRecipients.deliveryId, claim.id), eq(deliveryRecipients.status, 'queued')));
  });
}

export async function markSent(db: Db, claim: Claim, lineRequestId: string | null): Promise<void> {
  await settle(
    db,
    claim,
    { status: 'sent', sentAt: nowSql, lineRequestId, lastError: null },
    { status: 'sent', reason: null },
  );
}

export async function markFailed(db: Db, claim: Claim, reason: string): Promise<void> {
  await settle(db, claim, { status: 'failed', lastError: reason }, { status: 'failed', reason });
}

/**
 * Puts the delivery back to wait until `delayMs` from now. `countAttempt: false` takes back the
 * claim's attempt (quota waits are not failures). Returns the due time, or undefined when the
 * claim was no longer held.
 */
export async function reschedule(
  db: Db,
  claim: Claim,
  next: { status: 'queued' | 'waiting_quota'; delayMs: number; lastError: string; countAttempt: boolean },
): Promise<Date | undefined> {
  const [row] = await db
    .update(deliveries)
    .set({
      status: next.status,
      nextAttemptAt: after(next.delayMs),
      lastError: next.lastError,
      ...(next.countAttempt ? {} : { attempts: sql`${deliveries.attempts} - 1` }),
    })
    .where(heldBy(claim))
    .returning({ nextAttemptAt: deliveries.nextAttemptAt });
  return row?.nextAttemptAt;
}

/**
 * Deliveries the sweeper must (re-)enqueue: quota waits due for a new check, and queued or
 * `sending` rows overdue by more than `graceMs` (their job was lost, or their worker died).
 */
export async function dueDeliveryIds(db: Db, graceMs: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(
      or(
        and(eq(deliveries.status, 'waiting_quota'), lte(deliveries.nextAttemptAt, nowSql)),
        and(inArray(deliveries.status, ['queued', 'sending']), lte(deliveries.nextAttemptAt, after(-graceMs))),
      ),
    )
    .orderBy(asc(deliveries.nextAttemptAt))
    .limit(limit);
  return rows.map((r) => r.id);
}
