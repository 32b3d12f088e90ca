import type { EventTransaction } from '../../platform/events.ts';
import { LineApiError, type LineClient } from '../../platform/line.ts';
import { publishRealtime } from '../../platform/realtime.ts';
import type { Database } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import type { FollowKind, FriendFollowChanged } from './events.ts';
import * as repo from './repository.ts';

/** LINE's profile of a user, or null when LINE has none for us (blocked, or no token yet). */
export async function fetchProfile(client: LineClient | null, lineUserId: string): Promise<repo.ProfileValues | null> {
  if (!client) return null;
  try {
    const p = await client.profile(lineUserId);
    return {
      displayName: p.displayName,
      pictureUrl: p.pictureUrl ?? null,
      statusMessage: p.statusMessage ?? null,
      language: p.language ?? null,
    };
  } catch (error) {
    // 404: the user blocked us or never followed; anything else (LINE down) is retried with the event.
    if (error instanceof LineApiError && error.status === 404) return null;
    throw error;
  }
}

/** A follow or unfollow webhook event of a LINE user of the channel. */
export interface FollowEvent {
  scope: ChannelScope;
  lineUserId: string;
  webhookEventId: number;
  /** LINE's event time (ms). */
  eventAt: number;
  /** follow: LINE's `follow.isUnblocked`. */
  isUnblocked?: boolean;
}

/**
 * follow: the friend is created or reactivated, with the profile fetched for this event; when the
 * event is newer than the friend's state, `friend.followed` is published in the transaction.
 */
export async function applyFollow(
  database: Database,
  on: EventTransaction,
  event: FollowEvent,
  profile: repo.ProfileValues | null,
) {
  return applyFollowState(database, on, event, profile, true);
}

/** unfollow: the friend blocked the channel, as of the event's time (`friend.blocked`). */
export async function applyUnfollow(database: Database, on: EventTransaction, event: FollowEvent) {
  return applyFollowState(database, on, event, null, false);
}

async function applyFollowState(
  database: Database,
  on: EventTransaction,
  event: FollowEvent,
  profile: repo.ProfileValues | null,
  following: boolean,
) {
  const { scope } = event;
  const { lineAccountId } = scope;
  const friend = await repo.ensureFriend(on.tx, scope, event.lineUserId, profile);
  // As the friend was before this event: never seen following or blocking means a new friend.
  const knownBefore = friend.followedAt !== null || friend.blockedAt !== null;
  const changed = await repo.setFollowState(on.tx, scope, friend.id, following, event.eventAt);
  on.afterCommit(() => publishRealtime(database, { type: 'friend.updated', lineAccountId, friendId: friend.id }));
  if (changed) {
    const fact: FriendFollowChanged = {
      lineAccountId,
      friendId: friend.id,
      webhookEventId: event.webhookEventId,
      occurredAt: new Date(event.eventAt),
    };
    if (following) {
      const kind: FollowKind = event.isUnblocked ? 'unblock' : knownBefore ? 're_add' : 'new';
      await on.publish('friend.followed', { ...fact, kind });
    } else await on.publish('friend.blocked', fact);
  }
  return friend;
}
