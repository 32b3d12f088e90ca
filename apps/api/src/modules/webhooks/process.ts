import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { lineClient, type LineClient } from '../../platform/line.ts';
import { publishRealtime, type RealtimeEvent } from '../../platform/realtime.ts';
import { applyFollow, applyUnfollow, fetchProfile } from '../friends/lifecycle.ts';
import { addScore, ensureFriend } from '../friends/repository.ts';
import { tappedAction } from '../templates/taps.ts';
import { incomingContent, storeIncoming, type StoredFile } from '../talks/incoming.ts';
import { findChannelUnscoped, type ChannelForLine } from '../line-accounts/repository.ts';
import * as repo from './repository.ts';
import { channelScope, type ChannelScope } from '../../platform/principal.ts';

const BATCH = 100;
const CONTENT_TYPES = new Set(['image', 'video', 'audio', 'file']);

/**
 * Processes a channel's stored events, oldest first. Each event's effect is applied in
 * one transaction with the event row locked and marked processed, so a duplicate job,
 * a second worker or a crash midway never applies it twice. Effects that depend on
 * order (follow state, last message) compare LINE's timestamps, so late events are harmless.
 */
export async function processChannelEvents(ctx: AppContext, lineAccountId: number): Promise<void> {
  const channel = await findChannelUnscoped(ctx.database.db, lineAccountId);
  if (!channel) return;
  // The scope comes from the channel row loaded here, not from the job's payload.
  const scope = channelScope(channel.id);
  const client = channel.channelAccessTokenSealed
    ? lineClient(ctx.lineEndpoints(channel.simulated), ctx.secrets.open(channel.channelAccessTokenSealed))
    : null;
  const failed = new Set<number>();
  while (!ctx.queue.stopping()) {
    const batch = (await repo.pendingEvents(ctx.database.db, scope, BATCH + failed.size)).filter(
      (e) => !failed.has(e.id),
    );
    if (batch.length === 0) return;
    for (const event of batch) {
      try {
        await processEvent(ctx, scope, channel, client, event);
      } catch (error) {
        failed.add(event.id);
        ctx.log.warn({ err: error, eventId: event.id }, 'webhook event failed; it will be retried');
        await repo.recordFailure(
          ctx.database.db,
          scope,
          event.id,
          error instanceof Error ? error.message : String(error),
        );
      }
    }
  }
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
  const published: RealtimeEvent[] = [];
  await ctx.database.db.transaction(async (tx) => {
    const locked = await repo.lockPendingEvent(tx, scope, event.id);
    if (!locked) return;
    published.push(...(await apply(tx, scope, channel, locked, prepared)));
    await repo.markProcessed(tx, scope, event.id);
  });
  for (const change of published) await publishRealtime(ctx.database, change);
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
  const needsProfile = userId !== null && ['follow', 'message', 'postback'].includes(event.type);
  const profile = needsProfile ? await fetchProfile(client, userId) : null;
  let file: StoredFile | null = null;
  const message = event.payload.message as { id?: string; type?: string } | undefined;
  if (event.type === 'message' && client && message?.id && CONTENT_TYPES.has(message.type ?? '')) {
    const content = await client.messageContent(message.id);
    const key = `line-accounts/${channel.id}/messages/${message.id}`;
    await ctx.files.put(key, content.bytes);
    file = { file_key: key, content_type: content.contentType, size: content.bytes.length };
  }
  return { profile, file };
}

async function apply(
  tx: Db,
  scope: ChannelScope,
  channel: ChannelForLine,
  event: repo.StoredEvent,
  prepared: Prepared,
): Promise<RealtimeEvent[]> {
  const userId = event.lineUserId;
  if (!userId) return [];
  switch (event.type) {
    case 'follow': {
      const friend = await applyFollow(tx, scope, userId, event.occurredAt, prepared.profile);
      return [{ type: 'friend.updated', lineAccountId: channel.id, friendId: friend.id }];
    }
    case 'unfollow': {
      const friend = await applyUnfollow(tx, scope, userId, event.occurredAt);
      return [{ type: 'friend.updated', lineAccountId: channel.id, friendId: friend.id }];
    }
    case 'message':
    case 'postback': {
      const friend = await ensureFriend(tx, scope, userId, prepared.profile);
      // A tap on a template action of this channel: the talk shows its label, the friend gets its score.
      const tap = event.type === 'postback' ? await tappedAction(tx, scope, event.payload) : undefined;
      const messageId = await storeIncoming(
        tx,
        scope,
        {
          friendId: friend.id,
          webhookEventId: event.id,
          occurredAt: new Date(event.occurredAt),
        },
        incomingContent(event.payload, prepared.file, tap?.label ?? null),
      );
      if (messageId === null) return [];
      const changes: RealtimeEvent[] = [
        { type: 'message.created', lineAccountId: channel.id, friendId: friend.id, messageId, direction: 'incoming' },
      ];
      // In the event's transaction and only with its first stored message: a redelivered tap adds nothing.
      if (tap && tap.score !== 0) {
        await addScore(tx, scope, friend.id, tap.score);
        changes.push({ type: 'friend.updated', lineAccountId: channel.id, friendId: friend.id });
      }
      return changes;
    }
    default:
      // Other event types (join, unsend, videoPlayComplete, …) are kept as stored events only.
      return [];
  }
}
