import type { Db } from '../../platform/db.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { LineApiError, type LineClient } from '../../platform/line.ts';
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

/** follow: the friend is created or reactivated, with the profile fetched for this event. */
export async function applyFollow(
  db: Db,
  scope: ChannelScope,
  lineUserId: string,
  eventAt: number,
  profile: repo.ProfileValues | null,
) {
  const friend = await repo.ensureFriend(db, scope, lineUserId, profile);
  await repo.setFollowState(db, scope, friend.id, true, eventAt);
  return friend;
}

/** unfollow: the friend blocked the channel, as of the event's time. */
export async function applyUnfollow(db: Db, scope: ChannelScope, lineUserId: string, eventAt: number) {
  const friend = await repo.ensureFriend(db, scope, lineUserId, null);
  await repo.setFollowState(db, scope, friend.id, false, eventAt);
  return friend;
}
