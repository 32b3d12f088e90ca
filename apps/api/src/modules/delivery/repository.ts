import { channelScope, type ChannelScope, type OemScope } from '../../platform/principal.ts';
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, gte, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DeliveryWaitReason } from '@linq/contract';
import { rowsOf, type Db } from '../../platform/db.ts';
import type { LineMessage } from '../../platform/line.ts';
import { channelDeliveryStates, deliveries } from './schema.ts';
import { friends } from '../friends/schema.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { channelIdsOfOem } from '../line-accounts/repository.ts';
import { accounts } from '../tenants/schema.ts';
import { nowSql } from '../../platform/db-columns.ts';

/*
 * Enqueueing is scoped by channel. The worker side acts on deliveries by id: jobs carry ids
 * only and the row (its status, attempts, next_attempt_at and wait_reason) is the source of
 * truth. Channel-wide waits (quota, credentials) are checked and released per channel.
 */

/**
 * What became of a delivery for each of its recipients, as the delivery log shows it: queued until
 * LINE took the request (sent) or it was given up (failed, with the delivery's last error). Null
 * without a delivery (a left join that found none).
 */
export const recipientStatus = sql<
  'queued' | 'sent' | 'failed' | null
>`(case when ${deliveries.status} in ('queued', 'sending', 'waiting') then 'queued' else ${deliveries.status} end)`;
export const recipientFailureReason = sql<
  string | null
>`(case when ${deliveries.status} = 'failed' then ${deliveries.lastError} end)`;

const after = (ms: number) => sql`now() + ${ms}::double precision * interval '1 millisecond'`;

/**
 * The channel's friends among `friendIds` (an array parameter: 100,000 ids are one query). A lookup
 * per id through the primary key, whatever the statistics say: right after a bulk import they may
 * count a channel's million friends in hundreds, and the planner would read the whole channel
 * instead. The lateral subquery's `limit 1` (an id is one friend) keeps it from being made a join.
 */
export async function channelFriends(
  db: Db,
  { lineAccountId }: ChannelScope,
  friendIds: number[],
): Promise<{ id: number; status: 'following' | 'blocked' }[]> {
  const result = await db.execute(sql`
    select f.id, f.status from unnest(${sql.param(friendIds)}::int[]) as i(id)
    cross join lateral (
      select ${friends.id}, ${friends.status} from ${friends}
      where ${friends.id} = i.id and ${friends.lineAccountId} = ${lineAccountId}
      limit 1
    ) as f
    order by f.id`);
  return rowsOf<{ id: number; status: 'following' | 'blocked' }>(result);
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

/** Writes the deliveries with fresh retry keys and their recipients, in one statement. Returns ids in order. */
export async function insertDeliveries(
  db: Db,
  { lineAccountId }: ChannelScope,
  origin: DeliveryOrigin,
  planned: NewDelivery[],
): Promise<number[]> {
  const values = planned.map((p) => ({
    lineAccountId,
    ...origin,
    // Message objects are plain JSON; the column is typed as such.
    messages: p.messages as unknown as Record<string, unknown>[],
    friendIds: p.friendIds,
    retryKey: randomUUID(),
    ...(p.failedReason ? { status: 'failed' as const, lastError: p.failedReason } : {}),
  }));
  const rows = await db
    .insert(deliveries)
    .values(values)
    .returning({ id: deliveries.id, retryKey: deliveries.retryKey });
  const idByKey = new Map(rows.map((r) => [r.retryKey, r.id]));
  return values.map((v) => idByKey.get(v.retryKey)!);
}

/**
 * Writes one batch of an audience send: a delivery of `messages` to each group of `recipients`, with
 * fresh retry keys, queued and due now, in one statement. The plan's monthly count (plan-limits)
 * reserves them at once, so the whole send is judged once all of it is written, in the same
 * transaction (refuseDeliveries when it is refused). Returns their ids.
 */
export async function insertAudienceDeliveries(
  db: Db,
  { lineAccountId }: ChannelScope,
  origin: DeliveryOrigin,
  messages: LineMessage[],
  recipients: number[][],
): Promise<number[]> {
  if (recipients.length === 0) return [];
  const rows = await db
    .insert(deliveries)
    .values(
      recipients.map((friendIds) => ({
        lineAccountId,
        ...origin,
        // Message objects are plain JSON; the column is typed as such.
        messages: messages as unknown as Record<string, unknown>[],
        friendIds,
        retryKey: randomUUID(),
      })),
    )
    .returning({ id: deliveries.id });
  return rows.map((r) => r.id);
}

/** A send the plan refused, written in this transaction: each delivery failed with `refusal` (its recipients logged with it). */
export async function refuseDeliveries(
  db: Db,
  { lineAccountId }: ChannelScope,
  ids: number[],
  refusal: string,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(deliveries)
    .set({ status: 'failed', lastError: refusal })
    .where(
      and(
        eq(deliveries.lineAccountId, lineAccountId),
        sql`${deliveries.id} = any(${sql.param(ids)}::bigint[])`,
        eq(deliveries.status, 'queued'),
      ),
    );
}

const claimColumns = {
  id: deliveries.id,
  lineAccountId: deliveries.lineAccountId,
  messages: deliveries.messages,
  retryKey: deliveries.retryKey,
  attempts: deliveries.attempts,
};
type ClaimRow = { id: number; lineAccountId: number; messages: unknown; retryKey: string; attempts: number };
/** A claimed delivery, with its channel's scope built from the claimed row: every write on it is scoped by it. */
export type Claim = Omit<ClaimRow, 'messages' | 'lineAccountId'> & { scope: ChannelScope; messages: LineMessage[] };

/**
 * Takes the due ones among `ids` for sending, atomically: of two workers (or a job run twice) only
 * one gets each. `next_attempt_at` becomes the lease: the holder renews it while it sends
 * (renewLeases); a row still `sending` after it belonged to a worker that died, and may be claimed
 * again. The returned `attempts` fences later writes. Unscoped: the ids come from a job; each
 * claimed row names its channel, the scope of every later write on it.
 */
export async function claimDeliveriesUnscoped(db: Db, ids: number[], leaseMs: number): Promise<Claim[]> {
  if (ids.length === 0) return [];
  const rows: ClaimRow[] = await db
    .update(deliveries)
    .set({
      status: 'sending',
      attempts: sql`${deliveries.attempts} + 1`,
      nextAttemptAt: after(leaseMs),
      waitReason: null,
    })
    .where(
      and(
        sql`${deliveries.id} = any(${sql.param(ids)}::bigint[])`,
        inArray(deliveries.status, ['queued', 'waiting', 'sending']),
        lte(deliveries.nextAttemptAt, nowSql),
      ),
    )
    .returning(claimColumns);
  const byId = new Map(
    rows.map(({ lineAccountId, ...row }) => [
      row.id,
      { ...row, scope: channelScope(lineAccountId), messages: row.messages as LineMessage[] },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The claims as (id, attempts) pairs, for statements on several held claims at once. */
const heldClaims = (claims: Claim[]) => sql`(${deliveries.id}, ${deliveries.attempts}) in (
  select * from unnest(${sql.param(claims.map((c) => c.id))}::bigint[], ${sql.param(claims.map((c) => c.attempts))}::int[]))`;

/** The heartbeat of a sender: its claims still held last `leaseMs` from now. Unscoped: a sender's claims span channels. */
export async function renewLeasesUnscoped(db: Db, claims: Claim[], leaseMs: number): Promise<void> {
  if (claims.length === 0) return;
  await db
    .update(deliveries)
    .set({ nextAttemptAt: after(leaseMs) })
    .where(and(eq(deliveries.status, 'sending'), heldClaims(claims)));
}

/**
 * Hands claims back unsent (the process is stopping): queued and due at once, the attempt taken back.
 * Unscoped: a sender's claims span channels.
 */
export async function releaseClaimsUnscoped(db: Db, claims: Claim[]): Promise<number[]> {
  if (claims.length === 0) return [];
  const rows = await db
    .update(deliveries)
    .set({ status: 'queued', attempts: sql`${deliveries.attempts} - 1`, nextAttemptAt: nowSql })
    .where(and(eq(deliveries.status, 'sending'), heldClaims(claims)))
    .returning({ id: deliveries.id });
  return rows.map((r) => r.id);
}

/** Only the claim's holder may settle it: a worker that outlived its lease writes nothing. */
const heldBy = (claim: Claim) =>
  and(
    eq(deliveries.id, claim.id),
    eq(deliveries.lineAccountId, claim.scope.lineAccountId),
    eq(deliveries.status, 'sending'),
    eq(deliveries.attempts, claim.attempts),
  );

/**
 * What sending for the channel needs: its sealed token, where its calls go, whether LINE refuses the
 * token, and whether its account is suspended (then nothing is sent).
 */
export async function channelForSending(db: Db, { lineAccountId }: ChannelScope) {
  const [row] = await db
    .select({
      tokenSealed: lineAccounts.channelAccessTokenSealed,
      simulated: lineAccounts.simulated,
      credentialsInvalidSince: channelDeliveryStates.credentialsInvalidSince,
      credentialsError: channelDeliveryStates.credentialsError,
      botSuspendedSince: channelDeliveryStates.botSuspendedSince,
      accountSuspended: sql<boolean>`${accounts.status} = 'suspended'`.mapWith(Boolean),
    })
    .from(lineAccounts)
    .innerJoin(accounts, eq(accounts.id, lineAccounts.accountId))
    .leftJoin(channelDeliveryStates, eq(channelDeliveryStates.lineAccountId, lineAccounts.id))
    .where(eq(lineAccounts.id, lineAccountId));
  return row;
}

/** The LINE user ids of the claimed delivery's recipients who are (still) friends of its channel (by primary key, as channelFriends). */
export async function recipientUserIds(db: Db, claim: Claim): Promise<string[]> {
  const result = await db.execute(sql`
    select f.line_user_id from ${deliveries} as d
    cross join unnest(d.friend_ids) as i(id)
    cross join lateral (
      select ${friends.lineUserId} from ${friends}
      where ${friends.id} = i.id and ${friends.lineAccountId} = ${claim.scope.lineAccountId}
      limit 1
    ) as f
    where d.id = ${claim.id}`);
  return rowsOf<{ line_user_id: string }>(result).map((row) => row.line_user_id);
}

/** Settles the claim's delivery, for all its recipients; answers false when the claim was no longer held. */
async function settle(db: Db, claim: Claim, delivery: PgUpdateSetSource<typeof deliveries>): Promise<boolean> {
  const [held] = await db.update(deliveries).set(delivery).where(heldBy(claim)).returning({ id: deliveries.id });
  return held !== undefined;
}

/** A claim LINE accepted, with the id LINE gave the request (null when LINE did not say). */
export interface SentClaim {
  claim: Claim;
  lineRequestId: string | null;
}

/**
 * Settles the claims' deliveries as sent, in one statement, each scoped by its claim. Answers those
 * settled, in order: a claim no longer held (another sender settled it) is left out.
 */
export async function markSent(db: Db, sent: SentClaim[]): Promise<Claim[]> {
  if (sent.length === 0) return [];
  const result = await db.execute(sql`
    update ${deliveries} set
      status = 'sent', sent_at = now(), line_request_id = s.line_request_id, last_error = null, wait_reason = null
    from unnest(
      ${sql.param(sent.map((s) => s.claim.id))}::bigint[],
      ${sql.param(sent.map((s) => s.claim.scope.lineAccountId))}::int[],
      ${sql.param(sent.map((s) => s.claim.attempts))}::int[],
      ${sql.param(sent.map((s) => s.lineRequestId))}::text[]
    ) as s(id, line_account_id, attempts, line_request_id)
    where ${deliveries.id} = s.id and ${deliveries.lineAccountId} = s.line_account_id
      and ${deliveries.status} = 'sending' and ${deliveries.attempts} = s.attempts
    returning ${deliveries.id}`);
  const settled = new Set(rowsOf<{ id: string | number }>(result).map((row) => Number(row.id)));
  return sent.flatMap(({ claim }) => (settled.has(claim.id) ? [claim] : []));
}

/** Answers false when the claim was no longer held (another sender settled it). */
export async function markFailed(db: Db, claim: Claim, reason: string): Promise<boolean> {
  return settle(db, claim, { status: 'failed', lastError: reason, waitReason: null });
}

/**
 * Puts the delivery back until `delayMs` from now, with the reason: `queued` for a back-off, `waiting`
 * for a channel-wide reason checked per channel. `countAttempt: false` takes back the claim's attempt
 * (LINE refused the request before processing it). Returns the due time, or undefined when the claim
 * was no longer held.
 */
export async function reschedule(
  db: Db,
  claim: Claim,
  next: {
    status: 'queued' | 'waiting';
    reason: DeliveryWaitReason;
    delayMs: number;
    lastError: string;
    countAttempt: boolean;
  },
): Promise<Date | undefined> {
  const [row] = await db
    .update(deliveries)
    .set({
      status: next.status,
      waitReason: next.reason,
      nextAttemptAt: after(next.delayMs),
      lastError: next.lastError,
      ...(next.countAttempt ? {} : { attempts: sql`${deliveries.attempts} - 1` }),
    })
    .where(heldBy(claim))
    .returning({ nextAttemptAt: deliveries.nextAttemptAt });
  return row?.nextAttemptAt;
}

/** LINE refused the channel's token: the channel's state from now on (the first refusal's time is kept). */
export async function markCredentialsInvalid(db: Db, { lineAccountId }: ChannelScope, error: string): Promise<void> {
  await db
    .insert(channelDeliveryStates)
    .values({ lineAccountId, credentialsInvalidSince: nowSql, credentialsError: error })
    .onConflictDoUpdate({
      target: channelDeliveryStates.lineAccountId,
      set: {
        credentialsInvalidSince: sql`coalesce(${channelDeliveryStates.credentialsInvalidSince}, now())`,
        credentialsError: error,
        updatedAt: nowSql,
      },
    });
}

/** The channel's token works (again). */
export async function clearCredentialsInvalid(db: Db, { lineAccountId }: ChannelScope): Promise<void> {
  await db
    .update(channelDeliveryStates)
    .set({ credentialsInvalidSince: null, credentialsError: null, updatedAt: nowSql })
    .where(
      and(
        eq(channelDeliveryStates.lineAccountId, lineAccountId),
        isNotNull(channelDeliveryStates.credentialsInvalidSince),
      ),
    );
}

/**
 * LINE suspended the account (at `at`) or lifted it: the channel's state from then on. A fact older
 * than the state's last change is ignored (webhook events can arrive out of order).
 */
export async function recordBotSuspension(
  db: Db,
  { lineAccountId }: ChannelScope,
  change: 'suspended' | 'resumed',
  at: Date,
): Promise<void> {
  const { botSuspendedSince } = channelDeliveryStates;
  if (change === 'suspended') {
    await db
      .insert(channelDeliveryStates)
      .values({ lineAccountId, botSuspendedSince: at })
      .onConflictDoUpdate({
        target: channelDeliveryStates.lineAccountId,
        set: {
          botSuspendedSince: sql`greatest(${botSuspendedSince}, excluded.bot_suspended_since)`,
          updatedAt: nowSql,
        },
      });
    return;
  }
  await db
    .update(channelDeliveryStates)
    .set({ botSuspendedSince: null, updatedAt: nowSql })
    .where(and(eq(channelDeliveryStates.lineAccountId, lineAccountId), lte(botSuspendedSince, at)));
}

const waitingFor = (lineAccountId: number, reason: DeliveryWaitReason) =>
  and(eq(deliveries.lineAccountId, lineAccountId), eq(deliveries.status, 'waiting'), eq(deliveries.waitReason, reason));

/** The channel's deliveries waiting for `reason`, queued and due now. Returns their ids. */
export async function releaseWaits(
  db: Db,
  { lineAccountId }: ChannelScope,
  reason: DeliveryWaitReason,
): Promise<number[]> {
  const rows = await db
    .update(deliveries)
    .set({ status: 'queued', waitReason: null, nextAttemptAt: nowSql })
    .where(waitingFor(lineAccountId, reason))
    .returning({ id: deliveries.id });
  return rows.map((r) => r.id);
}

/** Messages a delivery spends from LINE's monthly quota: each of its messages to each recipient. */
const quotaSpend = sql<number>`jsonb_array_length(${deliveries.messages}) * cardinality(${deliveries.friendIds})`;

/**
 * Releases the channel's quota waits, oldest first, as many as `remaining` messages cover (each needs
 * its messages × its recipients; null: no limit). Deliveries already queued or sending spend the
 * quota first: LINE's figure does not count them yet, and a second sweep racing this one must not
 * release what the first one's releases will use. Returns their ids.
 */
export async function releaseQuotaWaits(
  db: Db,
  { lineAccountId }: ChannelScope,
  remaining: number | null,
): Promise<number[]> {
  let covered = remaining;
  if (covered !== null) {
    const [inFlight] = await db
      .select({ messages: sql<number>`coalesce(sum(${quotaSpend}), 0)`.mapWith(Number) })
      .from(deliveries)
      .where(and(eq(deliveries.lineAccountId, lineAccountId), inArray(deliveries.status, ['queued', 'sending'])));
    covered -= inFlight?.messages ?? 0;
  }
  const waiting = await db
    .select({
      id: deliveries.id,
      needed: sql<number>`sum(${quotaSpend}) over (order by ${deliveries.id})`.mapWith(Number),
    })
    .from(deliveries)
    .where(waitingFor(lineAccountId, 'quota'))
    .orderBy(asc(deliveries.id));
  const ids = waiting.filter((w) => covered === null || w.needed <= covered).map((w) => w.id);
  if (ids.length === 0) return [];
  const rows = await db
    .update(deliveries)
    .set({ status: 'queued', waitReason: null, nextAttemptAt: nowSql })
    .where(and(sql`${deliveries.id} = any(${sql.param(ids)}::bigint[])`, eq(deliveries.status, 'waiting')))
    .returning({ id: deliveries.id });
  return rows.map((r) => r.id);
}

/** The channel's waits for `reason` are next checked `delayMs` from now. */
export async function postponeWaits(
  db: Db,
  { lineAccountId }: ChannelScope,
  reason: DeliveryWaitReason,
  delayMs: number,
) {
  await db
    .update(deliveries)
    .set({ nextAttemptAt: after(delayMs) })
    .where(waitingFor(lineAccountId, reason));
}

/** Channels and reasons with waits due for a check now. Unscoped: the sweeper looks across channels. */
export async function dueWaitsUnscoped(db: Db, limit: number) {
  return db
    .selectDistinct({ lineAccountId: deliveries.lineAccountId, reason: deliveries.waitReason })
    .from(deliveries)
    .where(and(eq(deliveries.status, 'waiting'), lte(deliveries.nextAttemptAt, nowSql)))
    .limit(limit);
}

/**
 * Waiting deliveries created more than `maxWaitMs` ago for `reason` fail with `message` (at most
 * `limit` per call). Returns the expired deliveries. Unscoped: the
 * sweeper expires them across channels.
 */
export async function expireWaitsUnscoped(
  db: Db,
  reason: DeliveryWaitReason,
  maxWaitMs: number,
  message: string,
  limit: number,
): Promise<Array<{ id: number; lineAccountId: number }>> {
  return db
    .update(deliveries)
    .set({ status: 'failed', waitReason: null, lastError: message })
    .where(
      inArray(
        deliveries.id,
        db
          .select({ id: deliveries.id })
          .from(deliveries)
          .where(
            and(
              eq(deliveries.status, 'waiting'),
              eq(deliveries.waitReason, reason),
              lte(deliveries.createdAt, after(-maxWaitMs)),
            ),
          )
          .limit(limit),
      ),
    )
    .returning({ id: deliveries.id, lineAccountId: deliveries.lineAccountId });
}

/**
 * Deliveries whose job was lost: queued rows overdue by more than `graceMs` (the job vanished) and
 * `sending` rows whose lease ran out (their worker died mid-send). Unscoped: the sweeper looks
 * across channels; the ids go to jobs, which claim the rows.
 */
export async function lostDeliveryIdsUnscoped(db: Db, graceMs: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(
      or(
        and(eq(deliveries.status, 'queued'), lte(deliveries.nextAttemptAt, after(-graceMs))),
        and(eq(deliveries.status, 'sending'), lte(deliveries.nextAttemptAt, nowSql)),
      ),
    )
    .orderBy(asc(deliveries.nextAttemptAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * "今すぐ再試行": every delivery of the channel that waits or backs off becomes due now. Returns the
 * queued ones (to enqueue) and the reasons the waiting ones wait for (to check).
 */
export async function makeDueNow(db: Db, { lineAccountId }: ChannelScope) {
  const rows = await db
    .update(deliveries)
    .set({ nextAttemptAt: nowSql })
    .where(and(eq(deliveries.lineAccountId, lineAccountId), inArray(deliveries.status, ['queued', 'waiting'])))
    .returning({ id: deliveries.id, status: deliveries.status, reason: deliveries.waitReason });
  return {
    queuedIds: rows.filter((r) => r.status === 'queued').map((r) => r.id),
    waitReasons: [...new Set(rows.flatMap((r) => (r.status === 'waiting' && r.reason ? [r.reason] : [])))],
  };
}

/** How many of the channel's deliveries wait. */
export async function waitingCount(db: Db, { lineAccountId }: ChannelScope): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(deliveries)
    .where(and(eq(deliveries.lineAccountId, lineAccountId), eq(deliveries.status, 'waiting')));
  return row?.n ?? 0;
}

/**
 * For the admin home: messages LINE accepted in [from, to) per account of the OEM, counted as LINE's
 * monthly quota counts them (one per recipient of a sent request).
 */
export async function sentMessagesPerAccountOfOem(db: Db, scope: OemScope, from: Date, to: Date) {
  return db
    .select({
      accountId: lineAccounts.accountId,
      n: sql<number>`coalesce(sum(cardinality(${deliveries.friendIds})), 0)`.mapWith(Number),
    })
    .from(deliveries)
    .innerJoin(lineAccounts, eq(lineAccounts.id, deliveries.lineAccountId))
    .where(
      and(
        eq(deliveries.status, 'sent'),
        gte(deliveries.sentAt, from),
        lt(deliveries.sentAt, to),
        inArray(deliveries.lineAccountId, channelIdsOfOem(db, scope)),
      ),
    )
    .groupBy(lineAccounts.accountId);
}
