import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { SimChannel } from '@linq/line-simulator';
import { type Conversation, friendsApi, permissionsWith, type TalkHistory, talksApi } from '@linq/contract';
import { outputOf, useTestApp } from '../../test/kit.ts';
import { deliveries } from '../delivery/schema.ts';
import { friends } from '../friends/schema.ts';
import { userLineAccounts } from '../line-accounts/schema.ts';
import { waitFor } from '../../test/wait.ts';
import { BLOCKED_MESSAGE } from './service.ts';

const t = useTestApp({ simulator: true });
let channel: SimChannel;
let lineAccountId: number;
/** Staff whose authority edits talks but lacks the send_messages capability. */
let noSendToken: string;

beforeAll(async () => {
  const consoleUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const bound = await t.factory.simulatedChannel(t.tenant.account.id, t.sim, consoleUrl);
  channel = bound.channel;
  lineAccountId = bound.row.id;
  await t.db.insert(userLineAccounts).values([
    { userId: t.tenant.staff.id, lineAccountId },
    { userId: t.tenant.viewer.id, lineAccountId },
  ]);
  const authority = await t.factory.staffAuthority(t.tenant.account.id, permissionsWith('edit', false));
  const noSend = await t.factory.user('service', {
    accountId: t.tenant.account.id,
    staffAuthorityId: authority.id,
    lineAccountIds: [lineAccountId],
  });
  noSendToken = await t.factory.login('service', noSend.email);
});

const db = () => t.db;
const asStaff = (token = t.tenant.tokens.staff) => ({ token, lineAccountId });

async function conversations(query: Record<string, string | number> = {}) {
  const response = await t.request({ method: 'GET', path: '/service/messages/conversations', query, ...asStaff() });
  expect(response.status).toBe(200);
  return response.json as unknown as {
    data: Conversation[];
    total_item_count: number;
    pagination: { current: number; pageSize: number };
  };
}
/** The friend's talk without its follows and blocks (talk-story.db.test.ts covers them). */
async function historyOf(friendId: number, query: Record<string, string | number> = {}) {
  const response = await t.request({
    method: 'GET',
    path: '/service/messages',
    query: { friend_id: friendId, ...query },
    ...asStaff(),
  });
  expect(response.status).toBe(200);
  const page = response.json as unknown as TalkHistory;
  return { ...page, data: page.data.filter((entry) => entry.type !== 'follow' && entry.type !== 'unfollow') };
}
const send = (friendId: number, message: Record<string, unknown>, token = t.tenant.tokens.staff) =>
  t.request({ method: 'POST', path: '/service/messages', body: { friend_id: friendId, message }, ...asStaff(token) });

const followingFriend = (displayName?: string) => t.factory.followingFriend(channel, lineAccountId, displayName);
const unreadOf = async (friendId: number) =>
  (await db().select().from(friends).where(eq(friends.id, friendId)))[0]!.unreadCount;

describe('talks: conversation list', () => {
  it('lists friends with messages, newest last message first, paged by 20, with name and un_read filters', async () => {
    const other = await t.factory.lineAccount(t.tenant.account.id);
    const base = Date.parse('2026-01-01T00:00:00Z');
    const rows = Array.from({ length: 25 }, (_, i) => ({
      lineAccountId,
      lineUserId: `Ulist${String(i).padStart(30, '0')}`,
      displayName: i === 3 ? '100%_Sale 担当' : `List friend ${i}`,
      lastMessageAt: new Date(base + i * 60_000),
      lastMessageType: 'text',
      lastMessageText: `message ${i}`,
      unreadCount: i % 5 === 0 ? 2 : 0,
    }));
    await db().insert(friends).values(rows);
    // No messages yet, or another channel: never listed.
    await db().insert(friends).values({ lineAccountId, lineUserId: 'Usilent', displayName: 'List friend silent' });
    await db().insert(friends).values({
      lineAccountId: other.id,
      lineUserId: 'Uother',
      displayName: 'List friend other',
      lastMessageAt: new Date(),
    });

    const page1 = await conversations({ name: 'list friend' });
    expect(page1.pagination).toEqual({ current: 1, pageSize: 20 });
    expect(page1.total_item_count).toBe(24);
    expect(page1.data).toHaveLength(20);
    expect(page1.data[0]).toMatchObject({
      display_name: 'List friend 24',
      message_unreads_counts: 0,
      last_message: 'message 24',
      message_type: 'text',
      status: 'following',
      picture_url: null,
    });
    expect(page1.data[0]!.last_message_created_at).toBe(new Date(base + 24 * 60_000).toISOString());
    const page2 = await conversations({ name: 'list friend', page: 2 });
    expect(page2.data.map((c) => c.display_name)).toEqual([
      'List friend 4',
      'List friend 2',
      'List friend 1',
      'List friend 0',
    ]);
    const times = [...page1.data, ...page2.data].map((c) => Date.parse(c.last_message_created_at!));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // The name search is case-insensitive and takes % and _ literally.
    expect((await conversations({ name: '100%_SALE' })).data.map((c) => c.display_name)).toEqual(['100%_Sale 担当']);
    expect((await conversations({ name: '%' })).data.map((c) => c.display_name)).toEqual(['100%_Sale 担当']);

    const unread = await conversations({ name: 'list friend', un_read: 'true' });
    expect(unread.data.map((c) => c.display_name)).toEqual([
      'List friend 20',
      'List friend 15',
      'List friend 10',
      'List friend 5',
      'List friend 0',
    ]);
    expect(unread.total_item_count).toBe(5);
    expect((await conversations({ name: 'list friend', un_read: 'false' })).total_item_count).toBe(24);
  });

  it('an incoming message counts as unread; opening the conversation sets its unread count to 0', async () => {
    const { friend, row } = await followingFriend('未読 太郎');
    await friend.sendText('こんにちは');
    await friend.sendText('まだですか');
    await waitFor(async () => (await unreadOf(row.id)) === 2);
    const listed = (await conversations({ name: '未読' })).data[0]!;
    expect(listed).toMatchObject({ id: row.id, message_unreads_counts: 2, last_message: 'まだですか' });

    // Reading the history marks nothing.
    expect((await historyOf(row.id)).data).toHaveLength(2);
    expect(await unreadOf(row.id)).toBe(2);

    // A view-only staff member reads the talk but leaves the team's unread count as it is (talks edit marks read).
    const viewer = await t.request({
      method: 'POST',
      path: '/service/messages/read',
      body: { friend_id: row.id },
      ...asStaff(t.tenant.tokens.viewer),
    });
    expect(viewer.status).toBe(403);
    expect(await unreadOf(row.id)).toBe(2);

    const read = await t.request({
      method: 'POST',
      path: '/service/messages/read',
      body: { friend_id: row.id },
      ...asStaff(),
    });
    expect(read.status).toBe(200);
    expect(read.json.data).toEqual({ friend_id: row.id, message_unreads_counts: 0 });
    expect((await conversations({ name: '未読' })).data[0]!.message_unreads_counts).toBe(0);
  });

  it('shows picture_url only to staff with the personal_data capability, as the friend list does', async () => {
    const pictureUrl = 'https://profile.line-scdn.net/0hpicture';
    await db().insert(friends).values({
      lineAccountId,
      lineUserId: 'Upicture',
      displayName: '写真 あり子',
      pictureUrl,
      lastMessageAt: new Date(),
      lastMessageType: 'text',
      lastMessageText: 'hello',
    });
    const pictureOf = async (token: string) => {
      const response = await t.request({
        method: 'GET',
        path: '/service/messages/conversations',
        query: { name: '写真 あり子' },
        ...asStaff(token),
      });
      expect(response.status).toBe(200);
      return outputOf(talksApi.conversations, response).data.map((c) => c.picture_url);
    };
    expect(await pictureOf(t.tenant.tokens.staff)).toEqual([pictureUrl]);
    // The viewer's authority lacks personal_data: the friend list nulls the picture, so does the talk list.
    expect(await pictureOf(t.tenant.tokens.viewer)).toEqual([null]);
    const friendList = await t.request({
      method: 'GET',
      path: '/service/friends',
      query: { name: '写真 あり子' },
      ...asStaff(t.tenant.tokens.viewer),
    });
    expect(outputOf(friendsApi.list, friendList).data.map((f) => f.picture_url)).toEqual([null]);
  });
});

describe('talks: sending', () => {
  it('sending a text reaches the friend and shows delivery status sent in the history', async () => {
    const { friend, row } = await followingFriend('送信 花子');
    await friend.sendText('予約できますか？');
    await waitFor(async () => (await unreadOf(row.id)) === 1);

    const response = await send(row.id, { type: 'text', text: '  はい、承ります  ' });
    expect(response.status).toBe(201);
    const sent = outputOf(talksApi.send, response).data;
    expect(sent).toMatchObject({
      direction: 'outgoing',
      type: 'text',
      content: { type: 'text', text: 'はい、承ります' },
      sent_by: { id: t.tenant.staff.id, name: t.tenant.staff.name },
      delivery_status: 'queued',
      failure_reason: null,
    });
    await waitFor(() => friend.inbox().length === 1);
    expect(friend.inbox()[0]!.message).toEqual({ type: 'text', text: 'はい、承ります' });

    const history = await waitFor(async () => {
      const h = await historyOf(row.id);
      return h.data[0]?.delivery_status === 'sent' && h;
    });
    expect(history.data.map((m) => [m.direction, m.content.text])).toEqual([
      ['outgoing', 'はい、承ります'],
      ['incoming', '予約できますか？'],
    ]);
    expect(history.data[1]).toMatchObject({ sent_by: null, delivery_status: null });
    // Our own message is the last message but adds nothing to the unread count.
    const listed = (await conversations({ name: '送信 花子' })).data[0]!;
    expect(listed).toMatchObject({ last_message: 'はい、承ります', message_type: 'text', message_unreads_counts: 1 });
  });

  it('a send that fails midway (the database) leaves nothing: no message goes out that the talk does not show', async () => {
    const { friend, row } = await followingFriend('途中失敗 次郎');
    // The last step of recording the send fails once, as a lost connection would make it.
    await db().execute(sql`
      create function fail_delivery_link() returns trigger language plpgsql as $$
      begin
        if new.delivery_id is not null and new.content->>'text' = '途中で失敗' then
          raise exception 'connection lost (test)';
        end if;
        return new;
      end $$`);
    await db().execute(
      sql`create trigger fail_delivery_link before update on messages for each row execute function fail_delivery_link()`,
    );
    try {
      expect((await send(row.id, { type: 'text', text: '途中で失敗' })).status).toBe(500);
    } finally {
      await db().execute(sql`drop trigger fail_delivery_link on messages`);
      await db().execute(sql`drop function fail_delivery_link()`);
    }
    const after = await send(row.id, { type: 'text', text: '再送' });
    expect(after.status).toBe(201);
    await waitFor(async () => (await historyOf(row.id)).data[0]?.delivery_status === 'sent');
    expect((await historyOf(row.id)).data.map((m) => m.content.text)).toEqual(['再送']);
    const recorded = await db().select().from(deliveries).where(eq(deliveries.source, 'talk'));
    expect(recorded.filter((d) => JSON.stringify(d.messages).includes('途中で失敗'))).toEqual([]);
    expect(friend.inbox().map((m) => m.message)).toEqual([{ type: 'text', text: '再送' }]);
  });

  it('sends an image with https URLs; rejects empty or too long text and non-https URLs (422)', async () => {
    const { friend, row } = await followingFriend();
    const image = {
      type: 'image',
      originalContentUrl: 'https://example.com/a.jpg',
      previewImageUrl: 'https://example.com/a-preview.jpg',
    };
    const response = await send(row.id, image);
    expect(response.status).toBe(201);
    await waitFor(() => friend.inbox().length === 1);
    expect(friend.inbox()[0]!.message).toEqual(image);
    expect((await conversations({ name: '山田' })).data.find((c) => c.id === row.id)).toMatchObject({
      message_type: 'image',
      last_message: null,
    });

    for (const message of [
      { type: 'text', text: '   ' },
      { type: 'text', text: 'あ'.repeat(5001) },
      { ...image, originalContentUrl: 'http://example.com/a.jpg' },
      { ...image, previewImageUrl: 'javascript:alert(1)' },
      { type: 'sticker', packageId: '446', stickerId: '1988' },
    ]) {
      expect((await send(row.id, message)).status, JSON.stringify(message).slice(0, 80)).toBe(422);
    }
    expect(friend.inbox()).toHaveLength(1);
  });

  it('view-only staff and staff without the send_messages capability cannot send (403)', async () => {
    const { friend, row } = await followingFriend();
    expect((await send(row.id, { type: 'text', text: 'x' }, t.tenant.tokens.viewer)).status).toBe(403);
    expect((await send(row.id, { type: 'text', text: 'x' }, noSendToken)).status).toBe(403);
    expect((await historyOf(row.id)).data).toEqual([]);
    expect(friend.inbox()).toEqual([]);
  });

  it('a friend who blocked the channel cannot be sent to (422 on friend_id)', async () => {
    const { friend, row } = await followingFriend();
    await friend.unfollow();
    await waitFor(
      async () => (await db().select().from(friends).where(eq(friends.id, row.id)))[0]!.status === 'blocked',
    );
    const response = await send(row.id, { type: 'text', text: 'こんにちは' });
    expect(response.status).toBe(422);
    expect(response.json.errors).toEqual({ friend_id: { description: BLOCKED_MESSAGE } });
    expect((await historyOf(row.id)).data).toEqual([]);
  });

  it('a friend id of another channel is not found (404) for history, read and send', async () => {
    const other = await t.factory.lineAccount(t.tenant.account.id);
    const [stranger] = await db()
      .insert(friends)
      .values({ lineAccountId: other.id, lineUserId: 'Ustranger', unreadCount: 3, lastMessageAt: new Date() })
      .returning();
    const id = stranger!.id;
    const history = await t.request({
      method: 'GET',
      path: '/service/messages',
      query: { friend_id: id },
      ...asStaff(),
    });
    expect(history.status).toBe(404);
    const read = await t.request({
      method: 'POST',
      path: '/service/messages/read',
      body: { friend_id: id },
      ...asStaff(),
    });
    expect(read.status).toBe(404);
    expect((await send(id, { type: 'text', text: 'x' })).status).toBe(404);
    expect(await unreadOf(id)).toBe(3);
  });

  it('untrusted text (HTML, javascript: links, RTL and zero-width characters) is stored and returned verbatim', async () => {
    const { friend, row } = await followingFriend('<img src=x onerror=alert(1)>');
    const hostile = '<script>alert(1)</script> <a href="javascript:alert(2)">tap</a> \u202Eevil\u200B';
    await friend.sendText(hostile);
    await waitFor(async () => (await unreadOf(row.id)) === 1);
    const reply = 'javascript:alert(3) <b>bold</b>';
    expect((await send(row.id, { type: 'text', text: reply })).status).toBe(201);
    const history = await historyOf(row.id);
    expect(history.data.map((m) => m.content.text)).toEqual([reply, hostile]);
    const listed = (await conversations({ name: '<img' })).data[0]!;
    expect(listed.display_name).toBe('<img src=x onerror=alert(1)>');
    expect(listed.last_message).toBe(reply);
  });
});

describe('talks: history paging', () => {
  it('pages back from the newest with the opaque cursor, down to the follow the talk starts with', async () => {
    const { friend, row } = await followingFriend();
    for (let i = 1; i <= 5; i++) await friend.sendText(`m${i}`);
    await waitFor(async () => (await unreadOf(row.id)) === 5);
    const first = await historyOf(row.id, { limit: 2 });
    expect(first.data.map((m) => m.content.text)).toEqual(['m5', 'm4']);
    expect(first.has_more).toBe(true);
    const second = await historyOf(row.id, { limit: 2, before: first.next_before! });
    expect(second.data.map((m) => m.content.text)).toEqual(['m3', 'm2']);
    // The last page: m1 and the follow (left out by historyOf).
    const last = await historyOf(row.id, { limit: 2, before: second.next_before! });
    expect(last.data.map((m) => m.content.text)).toEqual(['m1']);
    expect(last.has_more).toBe(false);
    expect(last.next_before).toBeNull();
    // A cursor that is not one of ours is refused, not guessed.
    const bad = await t.request({
      method: 'GET',
      path: '/service/messages',
      query: { friend_id: row.id, before: 'bm90LWEtY3Vyc29y' },
      ...asStaff(),
    });
    expect(bad.status).toBe(422);
  });
});
