import { toLineMessage, type MessageContext } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { ANALYZE_AFTER_ROWS } from '../../platform/db.ts';
import type { EventTransaction } from '../../platform/events.ts';
import type { LineMessage } from '../../platform/line.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { publicOrigin } from '../../platform/public-origin.ts';
import { publishRealtime } from '../../platform/realtime.ts';
import { MESSAGES_PER_REQUEST, recordSend, replyOrPush } from '../delivery/service.ts';
import { channelFriend } from '../friends/repository.ts';
import { friendsCanOpenConsole, hasWebLinks, newTrackedLinks, storeTrackedLinks } from '../links/service.ts';
import { planAudience } from '../plans/target.ts';
import { audienceIdBatches } from '../audience/repository/read.ts';
import { contextOf } from '../templates/line-message.ts';
import { advanceTo, finished, onEngineClock, shifted } from './advance.ts';
import { applyEffects } from './enrol.ts';
import { firstStep, sendsMessage, stepAfterSend, type GraphAction, type Step, type StepContext } from './graph.ts';
import { loadPlan, stepContext, type LoadedPlan } from './load.ts';
import * as repo from './repository.ts';

/*
 * The scheduler (DESIGN.md section 8). Due enrolments are claimed in batches; each (enrolment, box,
 * occurrence) send is recorded under its unique key in the same transaction as the deliveries that
 * carry it and the enrolment's next step, and the deliveries are enqueued once that committed. A
 * batch that dies before committing leaves nothing behind and is claimed again; one that committed
 * is carried by the delivery service's retry keys.
 */

/** A broadcast's recipients enrolled per statement. */
const BROADCAST_ENROL_BATCH = 10_000;

/** Enrolments claimed per scheduler transaction. */
export const PLAN_SEND_BATCH = 2000;

/**
 * Starts the broadcasts whose time has come, then sends everything due, a batch per transaction,
 * until nothing is due. Answers how many sends it handled. Safe to run in several workers at once.
 * After a burst, the statistics of the tables it wrote are refreshed.
 */
export async function runDueSends(ctx: AppContext, batchSize = PLAN_SEND_BATCH): Promise<number> {
  await startDueBroadcasts(ctx);
  let handled = 0;
  for (;;) {
    const claimed = await sendDueBatch(ctx, batchSize);
    handled += claimed;
    if (claimed < batchSize || ctx.queue.stopping()) break;
  }
  if (handled >= ANALYZE_AFTER_ROWS) await repo.analyzeSendsUnscoped(ctx.database.db);
  return handled;
}

/** Each due broadcast: its recipients fixed now (the target as it matches now) and enrolled, due at once. */
async function startDueBroadcasts(ctx: AppContext): Promise<void> {
  for (;;) {
    let enrolled = 0;
    const started = await ctx.database.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const [row] = await repo.dueBroadcastsUnscoped(tx, now, 1);
      if (!row) return false;
      const scope = repo.scopeOf(row);
      await repo.markBroadcastStarted(tx, scope, row.id, now);
      const plan = await loadPlan(tx, scope, row);
      const step = firstStep(plan.graph, row.sendAt ?? now, stepContext(plan, now));
      if (step.kind === 'send') {
        // Its recipients: the following friends its target matches now, enrolled a batch at a time.
        const recipients = audienceIdBatches(
          { db: tx, registries: ctx.registries },
          scope,
          planAudience(row),
          BROADCAST_ENROL_BATCH,
        );
        for await (const friendIds of recipients) {
          await repo.enrolTargetFriends(tx, scope, {
            planId: row.id,
            friendIds,
            nextPlanActionId: step.planActionId,
            at: now,
            dueAt: step.dueAt,
          });
        }
        enrolled = await repo.broadcastEnrolled(tx, scope, row.id);
        ctx.log.info({ lineAccountId: scope.lineAccountId, planId: row.id, recipients: enrolled }, 'broadcast started');
      }
      return true;
    });
    if (!started) return;
    if (enrolled >= ANALYZE_AFTER_ROWS) await repo.analyzeEnrolmentsUnscoped(ctx.database.db);
  }
}

/** One batch: claimed, sent (recorded) and advanced in one transaction; answers how many were claimed. */
async function sendDueBatch(ctx: AppContext, batchSize: number): Promise<number> {
  return ctx.events.transaction(ctx.database.db, async (on) => {
    const now = ctx.clock.now();
    const due = await repo.claimDueEnrolmentsUnscoped(on.tx, now, batchSize);
    if (due.length === 0) return 0;
    const rows = await repo.lockPlansUnscoped(on.tx, [...new Set(due.map((e) => e.planId))]);
    for (const row of rows) {
      const scope = repo.scopeOf(row);
      const plan = await loadPlan(on.tx, scope, row);
      await sendPlanBatch(
        ctx,
        on,
        plan,
        due.filter((e) => e.planId === row.id && e.lineAccountId === row.lineAccountId),
        now,
      );
    }
    return due.length;
  });
}

/**
 * Sends what is due now of one enrolment (one friend's rehearsal moved on its own time), in the
 * caller's transaction: the same records, keys and advances as the scheduler's batches.
 */
export async function sendDueOfEnrolment(
  ctx: AppContext,
  on: EventTransaction,
  scope: ChannelScope,
  enrolmentId: number,
): Promise<boolean> {
  const now = ctx.clock.now();
  const due = await repo.claimDueEnrolment(on.tx, scope, enrolmentId, now);
  if (!due) return false;
  const row = await repo.plan(on.tx, scope, due.planId);
  if (!row) return false;
  await sendPlanBatch(ctx, on, await loadPlan(on.tx, scope, row), [due], now);
  return true;
}

/** One box of a send: which, its occurrence, when it was due and when its timing started. */
interface Link {
  action: GraphAction;
  occurrence: number;
  dueAt: Date;
  arrivedAt: Date;
}

/**
 * What an enrolment sends now: its due box and the boxes that follow it due at once (an immediate
 * timing), up to LINE's 5 messages per request. They go in one request, so the friend gets them
 * in order: separate requests may be sent in parallel and arrive the other way round.
 */
interface DueSend {
  enrolment: repo.DueEnrolment;
  chain: Link[];
  /** What follows the chain's last box. */
  next: Step;
}

/**
 * The enrolment's send, decided at its own time (the engine's now plus its offset: a rehearsal
 * moved it) and answered on the engine clock, where its times are stored.
 */
function dueSendOf(plan: LoadedPlan, enrolment: repo.DueEnrolment, first: GraphAction, now: Date): DueSend {
  const offset = enrolment.clockOffsetMs;
  const own = ownSendOf(plan, enrolment, first, stepContext(plan, shifted(now, offset)));
  if (offset === 0) return own;
  return {
    enrolment,
    chain: own.chain.map((link) => ({
      ...link,
      dueAt: shifted(link.dueAt, -offset),
      arrivedAt: shifted(link.arrivedAt, -offset),
    })),
    next: onEngineClock(own.next, offset),
  };
}

function ownSendOf(plan: LoadedPlan, enrolment: repo.DueEnrolment, first: GraphAction, context: StepContext): DueSend {
  const offset = enrolment.clockOffsetMs;
  const chain: Link[] = [
    {
      action: first,
      occurrence: enrolment.nextOccurrence,
      dueAt: shifted(enrolment.nextActionAt, offset),
      arrivedAt: enrolment.arrivedAt ? shifted(enrolment.arrivedAt, offset) : context.now,
    },
  ];
  for (;;) {
    const last = chain.at(-1)!;
    const next = stepAfterSend(
      plan.graph,
      { planActionId: last.action.id, occurrence: last.occurrence, arrivedAt: last.arrivedAt },
      context,
    );
    const action = next.kind === 'send' ? plan.graph.action(next.planActionId) : undefined;
    if (next.kind !== 'send' || !action || next.dueAt > context.now || chain.length >= MESSAGES_PER_REQUEST) {
      return { enrolment, chain, next };
    }
    chain.push({ action, occurrence: next.occurrence, dueAt: next.dueAt, arrivedAt: next.arrivedAt });
  }
}

async function sendPlanBatch(
  ctx: AppContext,
  on: EventTransaction,
  plan: LoadedPlan,
  due: repo.DueEnrolment[],
  now: Date,
): Promise<void> {
  const { scope, graph } = plan;
  const sends: DueSend[] = [];
  const advances: repo.EnrolmentAdvance[] = [];
  for (const enrolment of due) {
    const action = enrolment.nextPlanActionId === null ? undefined : graph.action(enrolment.nextPlanActionId);
    // Its box is gone (a save ends such enrolments; this only meets a save it raced with): nothing left to send.
    if (!action) advances.push(finished(enrolment.id, now));
    else sends.push(dueSendOf(plan, enrolment, action, now));
  }
  const records: repo.NewSend[] = [];
  /** The friends this batch sends a message to, whose open talk shows it. */
  const reached: number[] = [];
  // A send recorded before (its unique key, probed by the claim) is not sent again: the whole chain
  // was recorded with it.
  for (const group of groupByChain(sends.filter((send) => !send.enrolment.recordedBefore))) {
    const actions = group[0]!.chain.map((link) => link.action);
    const carriers = actions.some(sendsMessage)
      ? await deliver(ctx, on, plan, actions, group)
      : new Map<number, number>();
    if (actions.some(sendsMessage)) reached.push(...group.map((send) => send.enrolment.friendId));
    for (const { enrolment, chain } of group) {
      for (const link of chain) {
        records.push({
          planId: plan.row.id,
          enrolmentId: enrolment.id,
          friendId: enrolment.friendId,
          planActionId: link.action.id,
          boxId: link.action.boxId,
          occurrence: link.occurrence,
          dueAt: link.dueAt,
          status: 'sent',
          deliveryId: sendsMessage(link.action) ? (carriers.get(enrolment.friendId) ?? null) : null,
        });
      }
    }
    for (const action of actions) {
      await applyEffects(
        ctx,
        on,
        scope,
        group.map((send) => send.enrolment.friendId),
        action.effects,
      );
    }
  }
  // Every claimed enrolment is locked by this batch, so none of its sends can have been recorded
  // since the check above; if one was anyway, the batch rolls back (deliveries included) and the
  // next run skips it.
  await repo.recordSends(on.tx, scope, records, now, 'fail');
  for (const { enrolment, chain, next } of sends)
    advances.push(advanceTo(enrolment.id, chain.at(-1)!.action, next, now));
  await repo.advanceEnrolments(on.tx, scope, advances);
  tellOpenTalks(ctx, on, scope, reached);
}

/** Above this many friends in a batch, their open talks are not told (see tellOpenTalks). */
export const TALK_REALTIME_LIMIT = 20;

/**
 * An open talk of a friend the batch sent something to reads again, once it committed. Plan sends
 * never touch the friends' rows (the talk list's last message and order stay): a burst to a million
 * friends must not update a million rows. A small batch (a rehearsal, a scenario step of a few
 * friends, an auto-reply) tells each friend's open talk; a larger one tells none, since one event
 * per recipient would cost the burst as much as the send, and the talk shows the sends when next read.
 */
function tellOpenTalks(ctx: AppContext, on: EventTransaction, scope: ChannelScope, friendIds: number[]): void {
  const friends = [...new Set(friendIds)];
  if (friends.length === 0 || friends.length > TALK_REALTIME_LIMIT) return;
  on.afterCommit(async () => {
    for (const friendId of friends) {
      await publishRealtime(ctx.database, { type: 'talk.updated', lineAccountId: scope.lineAccountId, friendId });
    }
  });
}

/** Sends of the same boxes, together: one multicast carries them to all of the group's friends. */
function groupByChain(sends: DueSend[]): DueSend[][] {
  const groups = new Map<string, DueSend[]>();
  for (const send of sends) {
    const key = send.chain.map((link) => link.action.id).join(',');
    const group = groups.get(key);
    if (group) group.push(send);
    else groups.set(key, [send]);
  }
  return [...groups.values()];
}

const VARIABLE = /\{\{[^{}]+\}\}/;
const NO_VARIABLES: MessageContext = { friendName: '', infoValues: {} };

/**
 * The boxes to the group's friends in one request each: the same messages to everyone as
 * multicasts of up to 500 (the delivery service splits them), or one push per friend when they
 * have variables to fill in or web links to track (each friend gets their own tracked links). An auto-reply's first boxes go with the reply token while it is
 * valid, once the batch committed.
 */
async function deliver(
  ctx: AppContext,
  on: EventTransaction,
  plan: LoadedPlan,
  actions: GraphAction[],
  group: DueSend[],
): Promise<Map<number, number>> {
  const { scope } = plan;
  const now = ctx.clock.now();
  const sent = actions.filter(sendsMessage);
  const isReply = ({ enrolment }: DueSend) =>
    Boolean(enrolment.replyToken && enrolment.replyTokenUntil && enrolment.replyTokenUntil > now);
  const source = { source: 'plan', sourceId: sent[0]!.id };
  /** Which delivery carries the sends to each friend (but replies, which are noted once sent). */
  const carriers = new Map<number, number>();
  const send = async (members: DueSend[], messages: LineMessage[]) => {
    if (members.length === 1 && isReply(members[0]!)) {
      const [{ enrolment, chain }] = members as [DueSend];
      on.afterCommit(async () => {
        const deliveryId = await replyOrPush(ctx, scope, {
          friendId: enrolment.friendId,
          replyToken: enrolment.replyToken!,
          messages,
          ...source,
        });
        if (deliveryId === null) return;
        for (const link of chain) {
          if (!sendsMessage(link.action)) continue;
          const key = { enrolmentId: enrolment.id, planActionId: link.action.id, occurrence: link.occurrence };
          await repo.setSendDelivery(ctx.database.db, scope, key, deliveryId);
        }
      });
      return;
    }
    const friendIds = members.map((member) => member.enrolment.friendId);
    const recorded = await recordSend(ctx, on.tx, scope, { friendIds, messages, ...source });
    for (const [friendId, deliveryId] of recorded.deliveryOfFriend) carriers.set(friendId, deliveryId);
    on.afterCommit(async () => recorded.wake());
  };

  const personal = sent.some((action) => VARIABLE.test(JSON.stringify(action.message)));
  const tracked =
    sent.some((action) => hasWebLinks(action.message)) &&
    (await friendsCanOpenConsole(on.tx, scope, publicOrigin(ctx.config)));
  if (!personal && !tracked) {
    const messages = sent.map((action) => toLineMessage(action.message, NO_VARIABLES) as LineMessage);
    const pushed = group.filter((member) => !isReply(member));
    if (pushed.length > 0) await send(pushed, messages);
    for (const member of group.filter(isReply)) await send([member], messages);
    return carriers;
  }
  for (const member of group) {
    const friend = await channelFriend(on.tx, scope, member.enrolment.friendId);
    if (!friend) continue;
    const context = personal
      ? await contextOf(on.tx, friend, { ctx, message: sent.map((action) => action.message) })
      : NO_VARIABLES;
    // Each friend's own tracked links, each knowing its box (plan analysis counts the clicks by it).
    const links = tracked
      ? newTrackedLinks(
          friend.id,
          sent.map((action) => ({ message: action.message, planActionId: action.id })),
          publicOrigin(ctx.config),
        )
      : undefined;
    if (links) await storeTrackedLinks(on.tx, scope, links);
    await send(
      [member],
      sent.map((action) => toLineMessage(action.message, { ...context, trackedUris: links?.uris }) as LineMessage),
    );
  }
  return carriers;
}
