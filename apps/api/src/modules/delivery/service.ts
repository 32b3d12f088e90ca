import type { AppContext } from '../../platform/context.ts';
import { LineApiError, lineClient, type LineClient, type LineMessage } from '../../platform/line.ts';
import * as repo from './repository.ts';

/** LINE's limits per request (DESIGN.md section 7). */
const MESSAGES_PER_REQUEST = 5;
const RECIPIENTS_PER_MULTICAST = 500;

export const QUOTA_WAIT_MESSAGE = '今月のメッセージ送信数の上限に達したため送信を保留しています';

/** Retry timing; the defaults suit production, tests pass shorter ones. */
export interface DeliveryPolicy {
  /** Back-off after the n-th failed attempt: base·2^(n-1), at most `retryMaxDelayMs`, with jitter. */
  retryBaseMs: number;
  retryMaxDelayMs: number;
  /** 5xx and time-outs: the delivery fails once this many attempts were made. */
  maxAttempts: number;
  /** 429 rate limits are retried past `maxAttempts`, up to this many attempts in all. */
  maxRateLimitedAttempts: number;
  /** How long a delivery waiting for the monthly quota waits before the next check. */
  quotaRecheckMs: number;
  /** A delivery `sending` for longer belonged to a worker that died: it may be claimed again. */
  sendingLeaseMs: number;
  /** The sweeper re-enqueues queued rows only once overdue by this much (their job was lost). */
  sweepGraceMs: number;
  /** Rows re-enqueued per sweep at most. */
  sweepBatch: number;
}

/**
 * About an hour of LINE answering 5xx or nothing before a delivery fails, well within
 * the 24 hours LINE remembers a retry key.
 */
export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = {
  retryBaseMs: 1_000,
  retryMaxDelayMs: 10 * 60_000,
  maxAttempts: 16,
  maxRateLimitedAttempts: 40,
  quotaRecheckMs: 5 * 60_000,
  sendingLeaseMs: 5 * 60_000,
  sweepGraceMs: 2 * 60_000,
  sweepBatch: 1_000,
};

export interface SendRequest {
  friendIds: number[];
  messages: LineMessage[];
  /** What asks for the send (talk, template test, plan, …) and its id. */
  source: string;
  sourceId?: number;
  sentByUserId?: number;
}

/**
 * Records the send as deliveries of at most 5 messages to at most 500 following friends,
 * with their retry keys, before anything goes to LINE; then enqueues one job per delivery.
 * Blocked friends get a delivery that is never sent, logged as failed ('blocked'). Ids that
 * are not friends of the channel cannot be logged per friend: they are reported in the log.
 */
export async function enqueueSend(
  ctx: AppContext,
  scope: { lineAccountId: number },
  request: SendRequest,
): Promise<number[]> {
  if (request.messages.length === 0) throw new Error('a send needs at least one message');
  const requested = [...new Set(request.friendIds)];
  const found = requested.length > 0 ? await repo.channelFriends(ctx.database.db, scope.lineAccountId, requested) : [];
  if (found.length < requested.length) {
    const known = new Set(found.map((f) => f.id));
    const strangers = requested.filter((id) => !known.has(id));
    ctx.log.warn(
      { lineAccountId: scope.lineAccountId, count: strangers.length, friendIds: strangers.slice(0, 20) },
      'not a friend of the channel: not sent',
    );
  }
  const following = found.filter((f) => f.status === 'following').map((f) => f.id);
  const blocked = found.filter((f) => f.status !== 'following').map((f) => f.id);

  const planned: repo.NewDelivery[] = [];
  for (const messages of chunks(request.messages, MESSAGES_PER_REQUEST)) {
    for (const friendIds of chunks(following, RECIPIENTS_PER_MULTICAST)) planned.push({ messages, friendIds });
    if (blocked.length > 0) planned.push({ messages, friendIds: blocked, failedReason: 'blocked' });
  }
  if (planned.length === 0) return [];

  const { source, sourceId, sentByUserId } = request;
  const ids = await repo.insertDeliveries(
    ctx.database.db,
    scope.lineAccountId,
    { source, sourceId, sentByUserId },
    planned,
  );
  // A job lost here (process killed) is found by the sweeper: the rows are already queued.
  for (const [i, p] of planned.entries()) {
    if (!p.failedReason) await ctx.queue.send('delivery.send', { deliveryId: ids[i]! });
  }
  return ids;
}

/**
 * The `delivery.send` job: one request to LINE for one delivery, with the retry key saved
 * at enqueue time, and the outcome recorded on the delivery and its recipients.
 */
export async function sendDelivery(
  ctx: AppContext,
  deliveryId: number,
  policy: DeliveryPolicy = DEFAULT_DELIVERY_POLICY,
): Promise<void> {
  const db = ctx.database.db;
  const claim = await repo.claimDelivery(db, deliveryId, policy.sendingLeaseMs);
  if (!claim) return; // Settled already, not due yet, or held by another worker.

  const client = await channelClient(ctx, claim.lineAccountId);
  if (typeof client === 'string') return repo.markFailed(db, claim, client);
  const to = await repo.queuedRecipientUserIds(db, claim.id);
  if (to.length === 0) return repo.markFailed(db, claim, '送信先の友だちがいません');

  try {
    // Only the first attempt checks the quota: an earlier attempt may have been accepted after
    // all (time-out) and spent it, and then LINE answers 409 rather than the quota parking it.
    if (claim.attempts === 1) {
      const remaining = await client.remainingQuota();
      if (remaining !== null && remaining < claim.messages.length * to.length) {
        await waitForQuota(ctx, claim, policy);
        return;
      }
    }
    const { requestId } =
      to.length === 1
        ? await client.push(to[0]!, claim.messages, claim.retryKey)
        : await client.multicast(to, claim.messages, claim.retryKey);
    await repo.markSent(db, claim, requestId);
  } catch (error) {
    if (!(error instanceof LineApiError)) throw error;
    await settleLineError(ctx, claim, error, policy);
  }
}

async function settleLineError(ctx: AppContext, claim: repo.Claim, error: LineApiError, policy: DeliveryPolicy) {
  const db = ctx.database.db;
  if (error.alreadyAccepted) return repo.markSent(db, claim, error.acceptedRequestId);
  if (error.quotaExhausted) return waitForQuota(ctx, claim, policy);
  const maxAttempts = error.rateLimited ? policy.maxRateLimitedAttempts : policy.maxAttempts;
  // Other 4xx will never succeed: LINE's message is the reason.
  if (!(error.rateLimited || error.retryable) || claim.attempts >= maxAttempts) {
    return repo.markFailed(db, claim, error.message);
  }
  const nextAttemptAt = await repo.reschedule(db, claim, {
    status: 'queued',
    delayMs: backoffMs(policy, claim.attempts),
    lastError: error.message,
    countAttempt: true,
  });
  if (nextAttemptAt) await ctx.queue.send('delivery.send', { deliveryId: claim.id }, { startAfter: nextAttemptAt });
}

/** Parks the delivery until the sweeper finds it due for another quota check. */
async function waitForQuota(ctx: AppContext, claim: repo.Claim, policy: DeliveryPolicy) {
  await repo.reschedule(ctx.database.db, claim, {
    status: 'waiting_quota',
    delayMs: policy.quotaRecheckMs,
    lastError: QUOTA_WAIT_MESSAGE,
    countAttempt: false,
  });
}

/** The channel's LINE client, or why there is none (a delivery that cannot ever be sent). */
async function channelClient(ctx: AppContext, lineAccountId: number): Promise<LineClient | string> {
  const channel = await repo.findChannelCredentials(ctx.database.db, lineAccountId);
  if (!channel?.tokenSealed) return 'チャネルアクセストークンが設定されていません';
  try {
    return lineClient(ctx.lineEndpoints(channel.simulated), ctx.secrets.open(channel.tokenSealed));
  } catch (error) {
    return `チャネルに接続できません: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** Exponential, with jitter in the upper half so that deliveries failing together spread out. */
export function backoffMs(policy: DeliveryPolicy, attempt: number): number {
  const ceiling = Math.min(policy.retryMaxDelayMs, policy.retryBaseMs * 2 ** (attempt - 1));
  return ceiling / 2 + (Math.random() * ceiling) / 2;
}

/**
 * The `delivery.sweep` job: enqueues deliveries whose quota wait is over and those whose
 * job was lost or whose worker died mid-send (re-sending with the same retry key is safe:
 * LINE answers 409 for a request it accepted). Returns how many it enqueued.
 */
export async function sweepDeliveries(
  ctx: AppContext,
  policy: DeliveryPolicy = DEFAULT_DELIVERY_POLICY,
): Promise<number> {
  const ids = await repo.dueDeliveryIds(ctx.database.db, policy.sweepGraceMs, policy.sweepBatch);
  for (const deliveryId of ids) await ctx.queue.send('delivery.send', { deliveryId });
  return ids.length;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
