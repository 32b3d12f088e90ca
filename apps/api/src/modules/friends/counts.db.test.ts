import { describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { friendsApi, talksApi } from '@linq/contract';
import { outputOf, useTestApp } from '../../test/kit.ts';
import { rowsOf } from '../../platform/db.ts';
import { friendMarks, friendTags } from '../labels/schema.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { NAME_SEARCH_COUNTED_BEYOND_PAGE } from '../talks/repository.ts';
import { friends } from './schema.ts';

const t = useTestApp();

const freshChannel = () => t.factory.staffedChannel(t.tenant.account.id, t.tenant.fullAuthority.id);
type Channel = Awaited<ReturnType<typeof freshChannel>>;

/**
 * The counters the triggers keep, beside the same figures counted from the rows, for every channel,
 * tag and mark there is: they must be equal whatever wrote the rows.
 */
async function countersAndRecount() {
  const pairs = async (counters: string, recount: string) => ({
    counters: rowsOf<{ key: string; n: number }>(await t.db.execute(sql.raw(counters))),
    recount: rowsOf<{ key: string; n: number }>(await t.db.execute(sql.raw(recount))),
  });
  const nonZero = (sql: string) => `select key, n from (${sql}) c where n <> 0 order by key`;
  return {
    status: await pairs(
      nonZero(`select line_account_id || ':' || status as key, friends as n from friend_status_counts`),
      nonZero(`select line_account_id || ':' || status as key, count(*)::int as n from friends group by 1`),
    ),
    conversations: await pairs(
      nonZero(
        `select line_account_id || ':' || kind as key, n from friend_conversation_counts,
           lateral (values ('conversations', conversations), ('unread', unread)) v(kind, n)`,
      ),
      nonZero(
        `select line_account_id || ':conversations' as key, count(*)::int as n from friends where last_message_at is not null group by 1
         union all
         select line_account_id || ':unread', count(*)::int from friends where unread_count > 0 group by 1`,
      ),
    ),
    tags: await pairs(
      nonZero(`select tag_id::text as key, friends as n from tag_friend_counts`),
      nonZero(`select tag_id::text as key, count(*)::int as n from friend_tags group by 1`),
    ),
    marks: await pairs(
      nonZero(`select mark_id::text as key, friends as n from mark_friend_counts`),
      nonZero(`select mark_id::text as key, count(*)::int as n from friend_marks group by 1`),
    ),
  };
}

async function expectCountersExact(step: string) {
  for (const [name, { counters, recount }] of Object.entries(await countersAndRecount())) {
    expect(counters, `${name} after ${step}`).toEqual(recount);
  }
}

async function friendListTotal(channel: Channel, query: Record<string, string | number | string[]>) {
  const r = await t.request({
    method: 'GET',
    path: '/service/friends',
    token: channel.token,
    lineAccountId: channel.id,
    query,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return outputOf(friendsApi.list, r).total_item_count;
}

async function talkList(channel: Channel, query: Record<string, string | number | string[]>) {
  const r = await t.request({
    method: 'GET',
    path: '/service/messages/conversations',
    token: channel.token,
    lineAccountId: channel.id,
    query,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return outputOf(talksApi.conversations, r);
}

describe('counters of friends, labels and conversations (migration 0045)', () => {
  it('stay equal to a recount through the API, bulk SQL, label and friend deletes and a channel delete', async () => {
    const channel = await freshChannel();
    const other = await freshChannel();
    const [vip, lapsed] = [await t.factory.tag(channel.id), await t.factory.tag(channel.id)];
    const handled = await t.factory.mark(channel.id);
    const otherTag = await t.factory.tag(other.id);
    const friendOf = (lineAccountId: number, values: Parameters<typeof t.factory.friend>[1] = {}) =>
      t.factory.friend(lineAccountId, values);
    const a = await friendOf(channel.id, { lastMessageAt: new Date(), unreadCount: 2, tagIds: [vip.id] });
    const b = await friendOf(channel.id, { lastMessageAt: new Date(), tagIds: [vip.id, lapsed.id] });
    const c = await friendOf(channel.id, { status: 'blocked', markIds: [handled.id] });
    await friendOf(other.id, { lastMessageAt: new Date(), unreadCount: 1, tagIds: [otherTag.id] });
    await expectCountersExact('factory inserts');

    // Through the API: labels put on and taken off (friends having them already are skipped), a talk read.
    const as = { token: channel.token, lineAccountId: channel.id };
    const put = await t.request({
      ...as,
      method: 'POST',
      path: `/service/tags/${lapsed.id}/friends`,
      body: { friend_ids: [a.id, b.id, c.id] },
    });
    expect(put.status, put.text).toBe(200);
    const off = await t.request({
      ...as,
      method: 'DELETE',
      path: `/service/marks/${handled.id}/friends`,
      body: { friend_ids: [c.id] },
    });
    expect(off.status, off.text).toBe(200);
    const read = await t.request({ ...as, method: 'POST', path: '/service/messages/read', body: { friend_id: a.id } });
    expect(read.status, read.text).toBe(200);
    await expectCountersExact('the API');

    // Bulk SQL, as an import or a plan writes: many rows per statement, a duplicate skipped.
    const bulk = rowsOf<{ id: number }>(
      await t.db
        .execute(sql`insert into ${friends} (line_account_id, line_user_id, status, last_message_at, unread_count)
          select ${channel.id}, 'Ubulk' || g, case when g % 3 = 0 then 'blocked' else 'following' end,
                 case when g % 2 = 0 then now() end, g % 4
            from generate_series(1, 40) g returning id`),
    );
    const bulkIds = bulk.map((row) => row.id);
    await t.db
      .insert(friendTags)
      .values([...bulkIds, a.id].map((friendId) => ({ lineAccountId: channel.id, friendId, tagId: vip.id })))
      .onConflictDoNothing();
    await t.db
      .insert(friendMarks)
      .values(bulkIds.slice(0, 10).map((friendId) => ({ lineAccountId: channel.id, friendId, markId: handled.id })));
    await t.db
      .update(friends)
      .set({ status: sql`case when ${friends.status} = 'following' then 'blocked' else 'following' end` })
      .where(inArray(friends.id, bulkIds.slice(0, 20)));
    await t.db
      .update(friends)
      .set({ lastMessageAt: new Date(), unreadCount: sql`${friends.unreadCount} + 1` })
      .where(eq(friends.lineAccountId, channel.id));
    await t.db
      .update(friends)
      .set({ unreadCount: 0 })
      .where(inArray(friends.id, bulkIds.slice(10, 30)));
    await expectCountersExact('bulk SQL');

    // Deletes: a tag (its links cascade), friends (their links cascade), a whole channel.
    const removed = await t.request({
      ...as,
      method: 'DELETE',
      path: `/service/tags/${lapsed.id}`,
      query: { confirm: 'true' },
    });
    expect(removed.status, removed.text).toBe(200);
    await t.db.delete(friends).where(inArray(friends.id, [b.id, ...bulkIds.slice(0, 5)]));
    await expectCountersExact('label and friend deletes');
    await t.db.delete(lineAccounts).where(eq(lineAccounts.id, other.id));
    await expectCountersExact('a channel delete');
  });

  it('answer the lists’ totals: everyone, a status, one tag or mark, and the talk list without a name', async () => {
    const channel = await freshChannel();
    const vip = await t.factory.tag(channel.id);
    const handled = await t.factory.mark(channel.id);
    for (let i = 0; i < 7; i++) {
      await t.factory.friend(channel.id, {
        status: i < 2 ? 'blocked' : 'following',
        lastMessageAt: i < 5 ? new Date() : null,
        unreadCount: i < 3 ? 1 : 0,
        tagIds: i % 2 === 0 ? [vip.id] : [],
        markIds: i === 6 ? [handled.id] : [],
      });
    }
    expect(await friendListTotal(channel, {})).toBe(7);
    expect(await friendListTotal(channel, { status: 'blocked' })).toBe(2);
    expect(await friendListTotal(channel, { tag_ids: [String(vip.id)] })).toBe(4);
    expect(await friendListTotal(channel, { tag_ids: [String(vip.id)], tag_match: 'none' })).toBe(3);
    expect(await friendListTotal(channel, { mark_ids: [String(handled.id)] })).toBe(1);
    // Another channel's tag is nobody's here (the count path, not a counter of that channel).
    const otherTag = await t.factory.tag((await freshChannel()).id);
    expect(await friendListTotal(channel, { tag_ids: [String(otherTag.id)] })).toBe(0);

    const all = await talkList(channel, {});
    expect([all.total_item_count, all.total_is_lower_bound, all.data.length]).toEqual([5, false, 5]);
    const unread = await talkList(channel, { un_read: 'true' });
    expect([unread.total_item_count, unread.data.length]).toEqual([3, 3]);
  });

  it('count a talk-list name search only so far past the page, and say so', async () => {
    const channel = await freshChannel();
    const matching = NAME_SEARCH_COUNTED_BEYOND_PAGE + 30;
    await t.db.execute(sql`
      insert into ${friends} (line_account_id, line_user_id, display_name, last_message_at)
      select ${channel.id}, 'Uname' || g, '田中 ' || g, now() - g * interval '1 second'
        from generate_series(1, ${matching}) g`);
    await t.factory.friend(channel.id, { displayName: '佐藤', lastMessageAt: new Date() });

    const first = await talkList(channel, { name: '田', limit: 20 });
    expect(first.data).toHaveLength(20);
    expect([first.total_item_count, first.total_is_lower_bound]).toEqual([20 + NAME_SEARCH_COUNTED_BEYOND_PAGE, true]);
    // Far enough in, the count reaches the end: exact again.
    const late = await talkList(channel, { name: '田', limit: 20, page: 3 });
    expect([late.total_item_count, late.total_is_lower_bound]).toEqual([matching, false]);
    const rare = await talkList(channel, { name: '佐藤' });
    expect([rare.total_item_count, rare.total_is_lower_bound]).toEqual([1, false]);
  });
});
