import type { AppContext } from '../../platform/context.ts';
import type { EventTransaction } from '../../platform/events.ts';
import { lineClient, type LineClient } from '../../platform/line.ts';
import { channelScope, type ChannelScope } from '../../platform/principal.ts';
import { applyFollow, applyUnfollow, fetchProfile } from '../friends/lifecycle.ts';
import { ensureFriend, profileFetchedAt } from '../friends/repository.ts';
import { incomingFileKey, receiveIncoming, type StoredFile } from '../talks/incoming.ts';
import { findChannelUnscoped, type ChannelForLine } from '../line-accounts/repository.ts';
import * as repo from './repository.ts';

const BATCH = 100;
const CONTENT_TYPES = new Set(['image', 'video', 'audio', 'file']);
/**
 * A friend's LINE profile is read when they add the channel, and again when they write or tap only
 * once it is this old (or never read): LINE's profile endpoint is not called for every message.
 */
export const PROFILE_REFRESH_MS = 24 * 3600_000;

/**
 * Processes a channel's stored events, oldest first for each friend. Each event's effect is applied
 * in one transaction with the event row locked and marked processed, so a duplicate job, a second
 * worker or a crash midway never applies it twice. Different friends' events are applied at once
 * (WEBHOOK_PROCESS_CONCURRENCY friends at a time), each friend's strictly in order; the events
 * about the channel itself (no user) are one more such line. When an event fails, its friend's later
 * events wait for its retry (the sweeper's next job), so they are never applied before it. Effects
 * that depend on order (follow state, last message) also compare LINE's timestamps.
 */
export async function processChannelEvents(ctx: AppContext, lineAccountId: number): Promise<void> {
  const channel = await findChannelUnscoped(ctx.database.db, lineAccountId);
  if (!channel) return;
  // The scope comes from the channel row loaded here, not from the job's payload.
  const scope = channelScope(channel.id);
  const client = channel.channelAccessTokenSealed
    ? lineClient(ctx.lineEndpoints(channel.simulated), ctx.secrets.open(channel.channelAccessTokenSealed))
    : null;
  const held = { lineUserIds: new Set<string>(), channelFacts: false };
  const processFriend = async (events: repo.StoredEvent[]) => {
    for (const event of events) {
      try {
        await processEvent(ctx, scope, channel, client, event);
      } catch (error) {
        if (event.lineUserId === null) held.channelFacts = true;
        else held.lineUserIds.add(event.lineUserId);
        ctx.log.warn({ err: error, eventId: event.id }, 'webhook event failed; it will be retried');
        await repo.recordFailure(
          ctx.database.db,
          scope,
          event.id,
          error instanceof Error ? error.message : String(error),
        );
        return;
      }
    }
  };
  while (!ctx.queue.stopping()) {
    const batch = await repo.pendingEvents(ctx.database.db, scope, BATCH, held);
    if (batch.length === 0) return;
    await eachLimited(eventsByFriend(batch), ctx.config.WEBHOOK_PROCESS_CONCURRENCY, processFriend);
  }
}

/**
 * The events in lines that may be applied side by side: one per friend (LINE user id), one for the
 * events without a user; each line keeps the events' order, as do the lines (by their first event).
 */
export function eventsByFriend<E extends { lineUserId: string | null }>(events: E[]): E[][] {
  const lines = new Map<string | null, E[]>();
  for (const event of events) {
    const line = lines.get(event.lineUserId);
    if (line) line.push(event);
    else lines.set(event.lineUserId, [event]);
  }
  return [...lines.values()];
}

/** Runs `work` for every item, at most `limit` at a time, taking them in order. */
export async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runner = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
}

async function processEvent(
  ctx: AppContext,
  scope: ChannelScope,
  channel: ChannelForLine,
  client: LineClient | null,
  event: repo.StoredEvent,
) {
  // Calls to LINE happen before the transaction, so no lock is held while waiting on the network.
  const prepared = await prepare(ctx, channel, client, event);
  await ctx.events.transaction(ctx.database.db, async (on) => {
    const locked = await repo.lockPendingEvent(on.tx, scope, event.id);
    if (!locked) return;
    await apply(ctx, on, scope, locked, prepared);
    await repo.markProcessed(on.tx, scope, event.id);
  });
}

interface Prepared {
  profile: Awaited<ReturnType<typeof fetchProfile>>;
  file: StoredFile | null;
}

async function prepare(
  ctx: AppContext,
  channel: ChannelForLine,
  client: LineClient | null,
  event: repo.StoredEvent,
): Promise<Prepared> {
  const userId = event.lineUserId;
  const profile =
    userId !== null && (await needsProfile(ctx, channel, event)) ? await fetchProfile(client, userId) : null;
  let file: StoredFile | null = null;
  const message = event.payload.message as { id?: string; type?: string } | undefined;
  if (event.type === 'message' && client && message?.id && CONTENT_TYPES.has(message.type ?? '')) {
    const content = await client.messageContent(message.id);
    const key = incomingFileKey(channel.id, message.id);
    await ctx.files.put(key, content.bytes);
    file = { file_key: key, content_type: content.contentType, size: content.bytes.length };
  }
  return { profile, file };
}

/** A follow reads the profile; a message or tap only from a friend never read, or read a day ago or more. */
async function needsProfile(ctx: AppContext, channel: ChannelForLine, event: repo.StoredEvent): Promise<boolean> {
  if (event.lineUserId === null) return false;
  if (event.type === 'follow') return true;
  if (event.type !== 'message' && event.type !== 'postback') return false;
  const fetchedAt = await profileFetchedAt(ctx.database.db, channelScope(channel.id), event.lineUserId);
  return !fetchedAt || ctx.clock.now().getTime() - fetchedAt.getTime() >= PROFILE_REFRESH_MS;
}

/** Events about the channel itself (no source): the account suspended by LINE, and the suspension lifted. */
const CHANNEL_FACTS: Partial<Record<string, 'channel.bot_suspended' | 'channel.bot_resumed'>> = {
  botSuspended: 'channel.bot_suspended',
  botResumed: 'channel.bot_resumed',
};

/**
 * Hands the event to the module that owns its fact; that module publishes the domain event
 * (friend.followed, message.received, …) in this transaction, where the other modules' subscribers
 * react; the channel's own events are this module's facts. Nothing else reacts here.
 */
async function apply(
  ctx: AppContext,
  on: EventTransaction,
  scope: ChannelScope,
  event: repo.StoredEvent,
  prepared: Prepared,
): Promise<void> {
  const channelFact = CHANNEL_FACTS[event.type];
  if (channelFact) {
    const fact = {
      lineAccountId: scope.lineAccountId,
      webhookEventId: event.id,
      occurredAt: new Date(event.occurredAt),
    };
    await on.publish(channelFact, fact);
    return;
  }
  const lineUserId = event.lineUserId;
  if (!lineUserId) return;
  const follow = { scope, lineUserId, webhookEventId: event.id, eventAt: event.occurredAt };
  switch (event.type) {
    case 'follow': {
      const isUnblocked = (event.payload.follow as { isUnblocked?: unknown } | undefined)?.isUnblocked === true;
      await applyFollow(ctx.database, on, { ...follow, isUnblocked }, prepared.profile);
      return;
    }
    case 'unfollow':
      await applyUnfollow(ctx.database, on, follow);
      return;
    case 'message':
    case 'postback': {
      const friend = await ensureFriend(on.tx, scope, lineUserId, prepared.profile);
      const input = {
        scope,
        friendId: friend.id,
        webhookEventId: event.id,
        occurredAt: new Date(event.occurredAt),
      };
      await receiveIncoming(ctx, on, input, event.payload, prepared.file);
      return;
    }
    default:
      // Other event types (join, unsend, videoPlayComplete, …) are kept as stored events only.
      return;
  }
}
