/**
 * LINE's profile endpoint is read when a friend adds the channel, then at most daily when they write
 * or tap, or when staff ask for it: not for every message (LINE's rate budget, and speed).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { friendsApi } from '@linq/contract';
import { useTestApp } from '../../test/kit.ts';
import { waitFor } from '../../test/wait.ts';
import { friends } from '../friends/schema.ts';
import { NO_PROFILE_MESSAGE } from '../friends/service.ts';
import { engineChannel, listening } from '../plan-engine/test-support.ts';
import { PROFILE_REFRESH_MS } from './process.ts';
import { webhookEvents } from './schema.ts';

const t = useTestApp({ simulator: true });
let consoleUrl: string;

beforeAll(async () => {
  consoleUrl = await listening(t);
});

describe('LINE profile reads', () => {
  it('reads the profile on follow, then once a day when the friend writes, and when staff ask', async () => {
    const { channel, lineAccountId, as } = await engineChannel(t, consoleUrl);
    const processed = () =>
      waitFor(async () => {
        const rows = await t.db.select().from(webhookEvents).where(eq(webhookEvents.lineAccountId, lineAccountId));
        return rows.every((row) => row.processedAt !== null) || undefined;
      });
    const friendRow = async (lineUserId: string) =>
      (
        await t.db
          .select()
          .from(friends)
          .where(and(eq(friends.lineAccountId, lineAccountId), eq(friends.lineUserId, lineUserId)))
      )[0]!;
    const reads = () => channel.operationCount('getProfile');

    const friend = channel.createFriend({ displayName: '佐藤 一郎' });
    await friend.follow();
    await processed();
    expect(reads()).toBe(1);
    expect((await friendRow(friend.userId)).displayName).toBe('佐藤 一郎');

    for (const text of ['こんにちは', '予約したいです', 'よろしく']) await friend.sendText(text);
    await friend.postback('action=hello');
    await processed();
    expect(reads()).toBe(1);

    // A day on, the next message reads it again and the new name shows.
    friend.setProfile({ displayName: '佐藤 一郎（新）' });
    t.ctx.clock.advance(PROFILE_REFRESH_MS);
    await friend.sendText('名前を変えました');
    await processed();
    expect(reads()).toBe(2);
    expect((await friendRow(friend.userId)).displayName).toBe('佐藤 一郎（新）');

    // Staff ask for it now.
    friend.setProfile({ displayName: '佐藤 一郎' });
    const row = await friendRow(friend.userId);
    const { output } = await t.call(friendsApi.refreshProfile, { params: { id: row.id } }, as);
    expect(reads()).toBe(3);
    expect(output.data.display_name).toBe('佐藤 一郎');
    expect(output.data.profile_fetched_at).not.toBeNull();

    // LINE has no profile of a friend who blocked the channel: the reason, not a failure.
    await friend.unfollow();
    await processed();
    const refused = await t.send(friendsApi.refreshProfile, { params: { id: row.id } }, as);
    expect(refused.status).toBe(409);
    expect(refused.json.errors).toBe(NO_PROFILE_MESSAGE);
  });
});
