import {
  ACCOUNT_SUSPENDED_SEND_MESSAGE,
  DELIVERY_WAIT_MESSAGES,
  type DeliveryRetryResult,
  type DeliveryWait,
  type DeliveryWaitReason,
  type AudienceExpression,
  type AudienceNode,
} from '@linq/contract';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../platform/context.ts';
import { sqlExecutorOf, type Db } from '../../platform/db.ts';
import type { EventTransaction } from '../../platform/events.ts';
import { LineApiError, lineClient, type LineClient, type LineMessage } from '../../platform/line.ts';
import { conflict } from '../../platform/errors.ts';
import type { DeliveryRefusal } from './events.ts';
import { messageRefusal } from '../plan-limits/service.ts';
import { audienceIdsThroughCursor } from '../audience/repository/read.ts';
import { DeliveryPacing } from './pacing.ts';
import * as repo from './repository.ts';
import { channelScope, type ChannelScope } from '../../platform/principal.ts';

/** LINE's limits per request (DESIGN.md section 7). */
export const MESSAGES_PER_REQUEST = 5;
export const RECIPIENTS_PER_MULTICAST = 500;
/** LINE's rate limit of multicast requests per second (one channel). */
export const MULTICAST_REQUESTS_PER_SECOND = 200;

export const NO_TOKEN_MESSAGE = 'チャネルアクセストークンが設定されていません';
export const expiredMessage = (hours: number, reason: DeliveryWaitReason) =>
  `送信できないまま${hours}時間が過ぎたため、送信を取りやめました（${DELIVERY_WAIT_MESSAGES[reason]}）`;

/** A delivery whose sender died mid-send goes out again within this long of another worker being up. */
export const ORPHAN_RESUME_GOAL_MS = 30_000;
/** While deliveries wait for the monthly quota, they go out within this long of the quota allowing it. */
export const QUOTA_WAIT_END_GOAL_MS = 60_000;

/** Retry timing; the defaults suit production, tests pass shorter ones. */
export interface DeliveryPolicy {
  /** Back-off after the n-th failed attempt: base·2^(n-1), at most `retryMaxDelayMs`, with jitter. */
  retryBaseMs: number;
  retryMaxDelayMs: number;
  /** 5xx and time-outs: the delivery fails once this many attempts were made. */
  maxAttempts: number;
  /** 429 rate limits are retried past `maxAttempts`, up to this many attempts in all. */
  maxRateLimitedAttempts: number;
  /** While deliveries wait for the monthly quota, their channel's quota is re-read this often. */
  quotaRecheckMs: number;
  /** While LINE refuses a channel's token, the token is checked again (bot info) this often. */
  credentialsRecheckMs: number;
  /**
   * A `sending` claim lasts this long unless renewed; its sender renews it every third of it while
   * it sends (a call to LINE may take LINE_REQUEST_TIMEOUT_MS). A claim not renewed in time belonged
   * to a sender that died: the sweeper hands the delivery on, with the same retry key.
   */
  sendingLeaseMs: number;
  /** The sweeper runs this often. */
  sweepIntervalMs: number;
  /**
   * The sweeper re-enqueues queued rows only once overdue by this much (their job was lost: sends
   * write theirs with the rows, but a retry's or a released wait's is sent after its commit). A
   * second job for a row whose job still waits is harmless: the claim takes the row once.
   */
  sweepGraceMs: number;
  /** Rows the sweeper handles per kind and run at most. */
  sweepBatch: number;
  /** A delivery still waiting (quota, credentials) this long after it was made expires: failed with the reason. */
  maxWaitMs: number;
}

/**
 * About an hour of LINE answering 5xx or nothing before a delivery fails, well within the 24 hours
 * LINE remembers a retry key. An orphaned send resumes within lease + sweep interval (25 s), a send
 * whose job was lost within grace + sweep interval (40 s: inside the engine's 60 s); a quota
 * wait ends within recheck + sweep interval (40 s) of the quota allowing it.
 */
export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = {
  retryBaseMs: 1_000,
  retryMaxDelayMs: 10 * 60_000,
  maxAttempts: 16,
  maxRateLimitedAttempts: 40,
  quotaRecheckMs: 30_000,
  credentialsRecheckMs: 5 * 60_000,
  sendingLeaseMs: 15_000,
  sweepIntervalMs: 10_000,
  sweepGraceMs: 30_000,
  sweepBatch: 1_000,
  maxWaitMs: 24 * 3_600_000,
};

/** The default policy with the configured maximum wait (DELIVERY_MAX_WAIT_HOURS). */
export function deliveryPolicy(config: Config): DeliveryPolicy {
  return { ...DEFAULT_DELIVERY_POLICY, maxWaitMs: config.DELIVERY_MAX_WAIT_HOURS * 3_600_000 };
}

export interface SendRequest {
  friendIds: number[];
  messages: LineMessage[];
  /** What asks for the send (talk, template test, plan, …) and its id. */
  source: string;
  sourceId?: number;
  sentByUserId?: number;
}

/**
 * Why a recipient's queued delivery has not gone out yet, and when it is tried next, as the talk
 * shows it (null: due, sending or settled). `status` is the recipient's (recipientStatus).
 */
export function deliveryWait(
  status: 'queued' | 'sent' | 'failed' | null,
  reason: DeliveryWaitReason | null,
  nextAttemptAt: Date | null,
): DeliveryWait | null {
  if (status !== 'queued' || !reason || !nextAttemptAt) return null;
  return { reason, message: DELIVERY_WAIT_MESSAGES[reason], next_attempt_at: nextAttemptAt.toISOString() };
}

/**
 * Records the send as deliveries of at most 5 messages to at most 500 following friends,
 * with their retry keys and one job per delivery, in one transaction, before anything goes to LINE.
 * Blocked friends get a delivery that is never sent, logged as failed ('blocked'). Ids that
 * are not friends of the channel cannot be logged per friend: they are reported in the log.
 */
export async function enqueueSend(ctx: AppContext, scope: ChannelScope, request: SendRequest): Promise<number[]> {
  const recorded = await ctx.database.db.transaction((tx) => recordSend(ctx, tx, scope, request));
  recorded.wake();
  return recorded.ids;
}

/**
 * enqueueSend's recording with `db`, a transaction (the caller's: the send is then recorded with the
 * caller's rows, or not at all). The deliveries' jobs are written in it too, so that once it commits
 * none can be lost; `wake`, once committed, starts this process's senders at once.
 */
export async function recordSend(
  ctx: AppContext,
  db: Db,
  scope: ChannelScope,
  request: SendRequest,
): Promise<RecordedSend> {
  if (request.messages.length === 0) throw new Error('a send needs at least one message');
  const requested = [...new Set(request.friendIds)];
  const found = requested.length > 0 ? await repo.channelFriends(db, scope, requested) : [];
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
  if (planned.length === 0) return { ids: [], deliveryOfFriend: new Map(), wake: () => undefined };
  // Beyond the plan's monthly messages the whole send is refused, each delivery failed with the reason.
  const recipients = planned.reduce((n, p) => n + (p.failedReason ? 0 : p.friendIds.length), 0);
  const refusal = await messageRefusal(db, scope, recipients, ctx.clock.now());
  if (refusal) for (const delivery of planned) delivery.failedReason ??= refusal;

  const { source, sourceId, sentByUserId } = request;
  const ids = await repo.insertDeliveries(db, scope, { source, sourceId, sentByUserId }, planned);
  const toSend = ids.filter((_, i) => !planned[i]!.failedReason);
  const deliveryOfFriend = new Map<number, number>();
  planned.forEach((delivery, i) => {
    for (const friendId of delivery.friendIds)
      if (!deliveryOfFriend.has(friendId)) deliveryOfFriend.set(friendId, ids[i]!);
  });
  await writeJobs(ctx, db, toSend);
  return { ids, deliveryOfFriend, wake: () => wakeSenders(ctx, toSend) };
}

/** An audience's friends read (and their deliveries written) this many at a time: 10 multicasts. */
export const AUDIENCE_SEND_BATCH = 10 * RECIPIENTS_PER_MULTICAST;

export interface AudienceSendRequest extends Omit<SendRequest, 'friendIds'> {
  /** Whom to send to: the channel's following friends in this audience (as a saved target reads it). */
  audience: AudienceExpression;
}

export interface AudienceSend {
  /** The deliveries written (each of at most 500 recipients and 5 messages). */
  ids: number[];
  /** The friends the send goes to. */
  recipients: number;
  /** Why the plan refused the send (each delivery then failed with it), or null. */
  refusal: string | null;
}

/**
 * A send to every following friend of the audience, read from the database a batch at a time by
 * friend id, so that no list of all recipients is ever held: each batch is written as deliveries
 * of at most 5 messages to at most 500 friends; then the plan's monthly limit judges the whole send
 * (refused beyond it, each delivery failed with the reason), and one job per delivery of an allowed
 * send is written, all in one transaction. Blocked friends are not recipients.
 */
export async function enqueueAudienceSend(
  ctx: AppContext,
  scope: ChannelScope,
  request: AudienceSendRequest,
): Promise<AudienceSend> {
  const { wake, ...recorded } = await ctx.database.db.transaction((tx) => recordAudienceSend(ctx, tx, scope, request));
  wake();
  return recorded;
}

/**
 * enqueueAudienceSend's recording with `db`, a transaction (the caller's, so that the send is
 * recorded with the caller's rows, or not at all; the plan's judgment holds the account locked
 * until it ends). The jobs of a send the plan allows are written in it too; `wake`, once committed,
 * starts this process's senders at once.
 */
export async function recordAudienceSend(
  ctx: AppContext,
  db: Db,
  scope: ChannelScope,
  request: AudienceSendRequest,
): Promise<AudienceSend & { wake(): void }> {
  if (request.messages.length === 0) throw new Error('a send needs at least one message');
  const { source, sourceId, sentByUserId } = request;
  const origin = { source, sourceId, sentByUserId };
  const messageChunks = chunks(request.messages, MESSAGES_PER_REQUEST);
  const audience: AudienceExpression = { kind: 'all', of: [FOLLOWING, request.audience] };
  const ids: number[] = [];
  let recipients = 0;
  for await (const friendIds of audienceIdsThroughCursor(
    { db, registries: ctx.registries },
    scope,
    audience,
    AUDIENCE_SEND_BATCH,
  )) {
    recipients += friendIds.length;
    const groups = chunks(friendIds, RECIPIENTS_PER_MULTICAST);
    for (const messages of messageChunks) {
      ids.push(...(await repo.insertAudienceDeliveries(db, scope, origin, messages, groups)));
    }
  }
  // Each request counts its recipients once (as recordSend reserves them).
  const refusal = await messageRefusal(db, scope, recipients * messageChunks.length, ctx.clock.now(), {
    recorded: true,
  });
  if (refusal) {
    await repo.refuseDeliveries(db, scope, ids, refusal);
    return { ids, recipients, refusal, wake: () => undefined };
  }
  await writeJobs(ctx, db, ids);
  return { ids, recipients, refusal, wake: () => wakeSenders(ctx, ids) };
}

const FOLLOWING: AudienceNode = { kind: 'status', status: 'following' };

export interface RecordedSend {
  ids: number[];
  /** The (first) delivery that carries the send to each friend, blocked friends' failed one included. */
  deliveryOfFriend: Map<number, number>;
  /** Once the recording committed: this process's senders look for its jobs now, not at their next poll. */
  wake(): void;
}

/**
 * Answers a friend's message with LINE's reply API and the event's reply token (replies cost no
 * quota); when LINE refuses it (the token expired or was used) the messages go as a push instead,
 * through a delivery. Answers the push's delivery id, or null when the reply went out. Call it
 * after the send was recorded: a reply has no retry key, so it is tried at most once.
 */
export async function replyOrPush(
  ctx: AppContext,
  scope: ChannelScope,
  reply: { friendId: number; replyToken: string; messages: LineMessage[]; source: string; sourceId?: number },
): Promise<number | null> {
  const channel = await repo.channelForSending(ctx.database.db, scope);
  // A suspended account's reply is not made: the push below records it as refused.
  const client =
    channel && !channel.credentialsInvalidSince && !channel.accountSuspended ? channelClient(ctx, channel) : null;
  if (client !== null && typeof client !== 'string') {
    try {
      await client.reply(reply.replyToken, reply.messages);
      return null;
    } catch (error) {
      if (!(error instanceof LineApiError)) throw error;
      ctx.log.info({ lineAccountId: scope.lineAccountId, err: error }, 'reply refused: sending as a push');
    }
  }
  const { friendId, messages, source, sourceId } = reply;
  const [id] = await enqueueSend(ctx, scope, { friendIds: [friendId], messages, source, sourceId });
  return id ?? null;
}

const enqueue = (ctx: AppContext, deliveryIds: number[]) =>
  ctx.queue.sendMany(
    'delivery.send',
    deliveryIds.map((deliveryId) => ({ deliveryId })),
  );

/** The deliveries' jobs, written through `db` (a transaction): they commit with the rows or not at all. */
const writeJobs = (ctx: AppContext, db: Db, deliveryIds: number[]) =>
  ctx.queue.sendManyThrough(
    sqlExecutorOf(db),
    'delivery.send',
    deliveryIds.map((deliveryId) => ({ deliveryId })),
  );

const wakeSenders = (ctx: AppContext, deliveryIds: number[]) => {
  if (deliveryIds.length > 0) ctx.queue.wake('delivery.send');
};

/**
 * The `delivery.send` jobs of one fetch: claims the due ones at once (each a request to LINE with
 * the retry key saved at enqueue time) and sends them, up to DELIVERY_MULTICAST_CONCURRENCY of a
 * channel at once in this process and its multicasts within LINE's rate, renewing the claims' lease
 * meanwhile, so that what a dying process held is known within the lease.
 */
export async function sendDeliveries(
  ctx: AppContext,
  deliveryIds: number[],
  policy: DeliveryPolicy = DEFAULT_DELIVERY_POLICY,
): Promise<void> {
  const db = ctx.database.db;
  // Shutting down: new jobs for the next worker, which then finds the rows as they are.
  if (ctx.queue.stopping()) return enqueue(ctx, deliveryIds);
  const claims = await repo.claimDeliveriesUnscoped(db, deliveryIds, policy.sendingLeaseMs);
  if (claims.length === 0) return; // Settled already, not due yet, or held by another worker.
  const held = new Set(claims);
  const heartbeat = setInterval(() => {
    repo.renewLeasesUnscoped(db, [...held], policy.sendingLeaseMs).catch((error: unknown) => {
      ctx.log.warn({ err: error }, 'delivery: could not renew the sending lease');
    });
  }, policy.sendingLeaseMs / 3);
  const pacing = pacingOf(ctx);
  const sendingOf = channelSendings(ctx);
  // Accepted by LINE, settled together once the fetch's requests are done: still held (and their
  // leases renewed) until then. Should this process die first, the lease runs out and the sweeper
  // hands each on with its retry key, which LINE answers with 409 (accepted already): settled, not resent.
  const accepted: Accepted[] = [];
  try {
    await Promise.all(
      claims.map((claim) =>
        pacing.of(claim.scope.lineAccountId).run(async () => {
          if (ctx.queue.stopping()) return;
          try {
            const sent = await sendClaimed(ctx, claim, policy, sendingOf);
            if (sent) return void accepted.push(sent);
          } catch (error) {
            // The database or something unexpected: the claim's lease runs out and the sweeper hands it on.
            ctx.log.error(
              { err: error, deliveryId: claim.id },
              'delivery: send interrupted; it resumes after its lease',
            );
          }
          held.delete(claim);
        }),
      ),
    );
    try {
      await settleSent(ctx, accepted);
    } catch (error) {
      // As a send interrupted: their leases run out and the sweeper hands them on (LINE answers 409).
      ctx.log.error(
        { err: error, deliveryIds: accepted.map((a) => a.claim.id) },
        'delivery: sent deliveries not settled; they are settled after their lease',
      );
    }
    for (const { claim } of accepted) held.delete(claim);
  } finally {
    clearInterval(heartbeat);
    if (held.size > 0) await enqueue(ctx, await repo.releaseClaimsUnscoped(db, [...held]));
  }
}

/** Each app's pacing of its channels' requests (one per process in production; tests run several apps). */
const pacings = new WeakMap<AppContext, DeliveryPacing>();
function pacingOf(ctx: AppContext): DeliveryPacing {
  let pacing = pacings.get(ctx);
  if (!pacing) {
    pacing = new DeliveryPacing(ctx.config.DELIVERY_MULTICAST_CONCURRENCY, MULTICAST_REQUESTS_PER_SECOND);
    pacings.set(ctx, pacing);
  }
  return pacing;
}

/** One delivery: `sendDeliveries` for its id (tests, and callers that hold one id). */
export const sendDelivery = (ctx: AppContext, deliveryId: number, policy: DeliveryPolicy = DEFAULT_DELIVERY_POLICY) =>
  sendDeliveries(ctx, [deliveryId], policy);

/**
 * What the deliveries of one fetch share per channel: its state and client, read once, and LINE's
 * remaining monthly quota, read once by the first of them that checks it and then spent locally by
 * each delivery that goes out (LINE's figure would not count those still in flight).
 */
interface ChannelSending {
  channel: Awaited<ReturnType<typeof repo.channelForSending>>;
  quota?: Promise<number | null>;
  spent: number;
}

function channelSendings(ctx: AppContext) {
  const channels = new Map<number, Promise<ChannelSending>>();
  return (scope: ChannelScope): Promise<ChannelSending> => {
    let sending = channels.get(scope.lineAccountId);
    if (!sending) {
      sending = repo.channelForSending(ctx.database.db, scope).then((channel) => ({ channel, spent: 0 }));
      channels.set(scope.lineAccountId, sending);
    }
    return sending;
  };
}

/** A claim LINE accepted, with LINE's request id: to be settled as sent. */
type Accepted = repo.SentClaim;

/** Sends the claim, or settles or reschedules it when it cannot go; answers it when LINE accepted it. */
async function sendClaimed(
  ctx: AppContext,
  claim: repo.Claim,
  policy: DeliveryPolicy,
  sendingOf: ReturnType<typeof channelSendings>,
): Promise<Accepted | void> {
  const db = ctx.database.db;
  // The scope comes from the claimed delivery row, not from the job's payload.
  const sending = await sendingOf(claim.scope);
  const { channel } = sending;
  // A suspended account sends nothing: refused and recorded as failed, with the reason.
  if (channel?.accountSuspended) return settleFailed(ctx, claim, ACCOUNT_SUSPENDED_SEND_MESSAGE);
  if (!channel?.tokenSealed) return settleFailed(ctx, claim, NO_TOKEN_MESSAGE);
  // LINE refuses the channel's token: no call until it is fixed (or found working again).
  if (channel.credentialsInvalidSince) {
    return wait(ctx, claim, 'credentials', policy.credentialsRecheckMs, channel.credentialsError);
  }
  // LINE suspended the account: every call would be refused; sent once LINE lifts it (botResumed).
  if (channel.botSuspendedSince) return wait(ctx, claim, 'bot_suspended', policy.credentialsRecheckMs);
  const client = channelClient(ctx, channel);
  if (typeof client === 'string') return settleFailed(ctx, claim, client);
  const to = await repo.recipientUserIds(db, claim);
  if (to.length === 0) return settleFailed(ctx, claim, '送信先の友だちがいません');

  try {
    // Only the first attempt checks the quota: an earlier attempt may have been accepted after
    // all (time-out) and spent it, and then LINE answers 409 rather than the quota parking it.
    if (claim.attempts === 1) {
      sending.quota ??= client.remainingQuota();
      const remaining = await sending.quota;
      const needed = claim.messages.length * to.length;
      if (remaining !== null && remaining - sending.spent < needed) {
        return wait(ctx, claim, 'quota', policy.quotaRecheckMs);
      }
      sending.spent += needed;
    }
    if (to.length > 1) await pacingOf(ctx).of(claim.scope.lineAccountId).requestSlot();
    const { requestId } =
      to.length === 1
        ? await client.push(to[0]!, claim.messages, claim.retryKey)
        : await client.multicast(to, claim.messages, claim.retryKey);
    return { claim, lineRequestId: requestId };
  } catch (error) {
    if (!(error instanceof LineApiError)) throw error;
    return settleLineError(ctx, claim, error, policy);
  }
}

/** What LINE's refusal means for the claim; answers it when LINE had accepted it already (409). */
async function settleLineError(
  ctx: AppContext,
  claim: repo.Claim,
  error: LineApiError,
  policy: DeliveryPolicy,
): Promise<Accepted | void> {
  const db = ctx.database.db;
  if (error.alreadyAccepted) return { claim, lineRequestId: error.acceptedRequestId };
  const refusal = refusalOf(error);
  if (refusal) {
    await ctx.events.transaction(db, (on) =>
      on.publish('delivery.refused', {
        lineAccountId: claim.scope.lineAccountId,
        deliveryId: claim.id,
        refusal,
        at: ctx.clock.now(),
      }),
    );
  }
  if (error.quotaExhausted) return wait(ctx, claim, 'quota', policy.quotaRecheckMs);
  if (error.unauthorized) {
    // The channel's token is wrong or was reissued: the channel's state, not this message's.
    await repo.markCredentialsInvalid(db, claim.scope, error.message);
    ctx.log.warn({ lineAccountId: claim.scope.lineAccountId, err: error }, 'LINE refuses the channel access token');
    return wait(ctx, claim, 'credentials', policy.credentialsRecheckMs, error.message);
  }
  const maxAttempts = error.rateLimited ? policy.maxRateLimitedAttempts : policy.maxAttempts;
  // Other 4xx will never succeed: LINE's message is the reason.
  if (!(error.rateLimited || error.retryable) || claim.attempts >= maxAttempts) {
    return settleFailed(ctx, claim, error.message);
  }
  const nextAttemptAt = await repo.reschedule(db, claim, {
    status: 'queued',
    reason: error.rateLimited ? 'rate_limit' : 'line_unavailable',
    delayMs: backoffMs(policy, claim.attempts),
    lastError: error.message,
    countAttempt: true,
  });
  if (nextAttemptAt) await ctx.queue.send('delivery.send', { deliveryId: claim.id }, { startAfter: nextAttemptAt });
}

function refusalOf(error: LineApiError): DeliveryRefusal | null {
  if (error.quotaExhausted) return 'quota_spent';
  if (error.rateLimited) return 'rate_limited';
  if (error.unauthorized) return 'unauthorized';
  return error.retryable ? 'unavailable' : null;
}

/**
 * The claims' deliveries went out: settled in one transaction, `message.delivered` published for
 * each, once (only a claim's holder settles it).
 */
async function settleSent(ctx: AppContext, accepted: Accepted[]): Promise<void> {
  if (accepted.length === 0) return;
  await ctx.events.transaction(ctx.database.db, async (on) => {
    const settled = await repo.markSent(on.tx, accepted);
    await on.publishMany(
      'message.delivered',
      settled.map((claim) => ({ lineAccountId: claim.scope.lineAccountId, deliveryId: claim.id })),
    );
  });
}

/** The claim's delivery will never go out: settled and `message.failed` published, once. */
async function settleFailed(ctx: AppContext, claim: repo.Claim, reason: string): Promise<void> {
  await ctx.events.transaction(ctx.database.db, async (on) => {
    if (await repo.markFailed(on.tx, claim, reason)) {
      await on.publish('message.failed', { lineAccountId: claim.scope.lineAccountId, deliveryId: claim.id, reason });
    }
  });
}

/** The reasons a whole channel's sending waits for, checked per channel by the sweeper. */
type ChannelWaitReason = 'quota' | 'credentials' | 'bot_suspended';

/**
 * Parks the delivery for a channel-wide reason until the sweeper checks it for the channel. LINE
 * refused the request before processing it (or it was never made): the attempt is taken back.
 */
async function wait(
  ctx: AppContext,
  claim: repo.Claim,
  reason: ChannelWaitReason,
  recheckMs: number,
  lastError?: string | null,
) {
  await repo.reschedule(ctx.database.db, claim, {
    status: 'waiting',
    reason,
    delayMs: recheckMs,
    lastError: lastError ?? DELIVERY_WAIT_MESSAGES[reason],
    countAttempt: false,
  });
}

/** How long LINE's limits make sending `messagesPerRecipient` messages to `recipients` friends take, in seconds. */
export function estimatedSendSeconds(recipients: number, messagesPerRecipient: number): number {
  if (recipients === 0 || messagesPerRecipient === 0) return 0;
  const requests =
    Math.ceil(recipients / RECIPIENTS_PER_MULTICAST) * Math.ceil(messagesPerRecipient / MESSAGES_PER_REQUEST);
  return requests / MULTICAST_REQUESTS_PER_SECOND;
}

/**
 * The channel's remaining monthly quota as LINE reports it now (null: LINE sets no limit). A
 * channel without working credentials, or LINE not answering, is a 409 with the reason.
 */
export async function remainingQuota(ctx: AppContext, scope: ChannelScope): Promise<number | null> {
  const channel = await repo.channelForSending(ctx.database.db, scope);
  const client = channel ? channelClient(ctx, channel) : NO_TOKEN_MESSAGE;
  if (typeof client === 'string') throw conflict(`${QUOTA_UNREADABLE_MESSAGE}（${client}）`);
  try {
    return await client.remainingQuota();
  } catch (error) {
    if (!(error instanceof LineApiError)) throw error;
    throw conflict(`${QUOTA_UNREADABLE_MESSAGE}（${error.message}）`);
  }
}

export const QUOTA_UNREADABLE_MESSAGE = 'LINEから今月の残りの配信可能数を取得できませんでした';

/** The channel's LINE client, or why there is none (a delivery that cannot ever be sent). */
function channelClient(
  ctx: AppContext,
  channel: { tokenSealed: string | null; simulated: boolean },
): LineClient | string {
  if (!channel.tokenSealed) return NO_TOKEN_MESSAGE;
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
 * The `delivery.sweep` housekeeping: expires waits older than the maximum; checks the channels whose
 * waits are due (quota re-read, token re-checked) and enqueues what may go; and enqueues deliveries
 * whose job was lost or whose sender died mid-send (re-sending with the same retry key is safe: LINE
 * answers 409 for a request it accepted). Returns how many deliveries it enqueued.
 */
export async function sweepDeliveries(
  ctx: AppContext,
  policy: DeliveryPolicy = DEFAULT_DELIVERY_POLICY,
): Promise<number> {
  const db = ctx.database.db;
  const hours = Math.round(policy.maxWaitMs / 3_600_000);
  for (const reason of ['quota', 'credentials', 'bot_suspended'] as const) {
    const message = expiredMessage(hours, reason);
    const expired = await ctx.events.transaction(db, async (on) => {
      const rows = await repo.expireWaitsUnscoped(on.tx, reason, policy.maxWaitMs, message, policy.sweepBatch);
      for (const row of rows) {
        await on.publish('message.failed', { lineAccountId: row.lineAccountId, deliveryId: row.id, reason: message });
      }
      return rows.length;
    });
    if (expired > 0) ctx.log.warn({ reason, expired }, 'deliveries waited too long and expired');
  }
  let released = 0;
  for (const due of await repo.dueWaitsUnscoped(db, policy.sweepBatch)) {
    if (due.reason) released += await checkWaits(ctx, channelScope(due.lineAccountId), due.reason, policy);
  }
  const lost = await repo.lostDeliveryIdsUnscoped(db, policy.sweepGraceMs, policy.sweepBatch);
  await enqueue(ctx, lost);
  return released + lost.length;
}

/**
 * Checks whether the reason the channel's deliveries wait for still holds, and enqueues those that
 * may go: the quota re-read (as many as it covers), the token checked with LINE's bot info. Waits
 * whose reason holds are checked again after the policy's interval. Returns how many it released.
 */
async function checkWaits(
  ctx: AppContext,
  scope: ChannelScope,
  reason: DeliveryWaitReason,
  policy: DeliveryPolicy,
): Promise<number> {
  const db = ctx.database.db;
  const channel = await repo.channelForSending(db, scope);
  const client = channel ? channelClient(ctx, channel) : 'no channel';
  let released: number[];
  try {
    if (reason === 'quota') {
      if (typeof client === 'string') throw new LineApiError(0, client);
      released = await repo.releaseQuotaWaits(db, scope, await client.remainingQuota());
      await repo.postponeWaits(db, scope, reason, policy.quotaRecheckMs);
    } else if (reason === 'credentials') {
      if (channel?.credentialsInvalidSince) {
        if (typeof client === 'string') throw new LineApiError(0, client);
        await client.botInfo();
        await repo.clearCredentialsInvalid(db, scope);
        ctx.log.info({ lineAccountId: scope.lineAccountId }, 'LINE accepts the channel access token again');
      }
      released = await repo.releaseWaits(db, scope, reason);
    } else if (reason === 'bot_suspended') {
      // Lifted only by LINE's botResumed webhook (botSuspensionChanged); until then, checked again later.
      if (channel?.botSuspendedSince) {
        await repo.postponeWaits(db, scope, reason, policy.credentialsRecheckMs);
        return 0;
      }
      released = await repo.releaseWaits(db, scope, reason);
    } else {
      released = await repo.releaseWaits(db, scope, reason);
    }
  } catch (error) {
    if (!(error instanceof LineApiError)) throw error;
    if (reason === 'credentials' && error.unauthorized) await repo.markCredentialsInvalid(db, scope, error.message);
    const recheckMs = reason === 'quota' ? policy.quotaRecheckMs : policy.credentialsRecheckMs;
    await repo.postponeWaits(db, scope, reason, recheckMs);
    return 0;
  }
  await enqueue(ctx, released);
  return released.length;
}

/**
 * LINE suspended the account or lifted the suspension (its webhook, at `at`). Lifted, what waited for
 * it goes out once the caller's transaction committed.
 */
export async function botSuspensionChanged(
  ctx: AppContext,
  on: EventTransaction,
  scope: ChannelScope,
  change: 'suspended' | 'resumed',
  at: Date,
): Promise<void> {
  await repo.recordBotSuspension(on.tx, scope, change, at);
  if (change === 'suspended') return;
  const channel = await repo.channelForSending(on.tx, scope);
  if (channel?.botSuspendedSince) return;
  const released = await repo.releaseWaits(on.tx, scope, 'bot_suspended');
  on.afterCommit(() => enqueue(ctx, released), 'deliveries after LINE lifted the suspension');
}

/**
 * The channel's token was replaced (an administrator fixed it) or passed a connection test: the
 * credentials state ends and what waited for it goes out.
 */
export async function credentialsFixed(ctx: AppContext, scope: ChannelScope): Promise<void> {
  await repo.clearCredentialsInvalid(ctx.database.db, scope);
  await enqueue(ctx, await repo.releaseWaits(ctx.database.db, scope, 'credentials'));
}

/**
 * "今すぐ再試行": the channel's waiting and backing-off deliveries are checked now instead of at their
 * next attempt (the quota re-read, the token re-checked), and those that may go are enqueued.
 */
export async function retryNow(
  ctx: AppContext,
  scope: ChannelScope,
  policy: DeliveryPolicy = deliveryPolicy(ctx.config),
): Promise<DeliveryRetryResult> {
  const { queuedIds, waitReasons } = await repo.makeDueNow(ctx.database.db, scope);
  await enqueue(ctx, queuedIds);
  let released = queuedIds.length;
  for (const reason of waitReasons) released += await checkWaits(ctx, scope, reason, policy);
  return { released, waiting: await repo.waitingCount(ctx.database.db, scope) };
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
