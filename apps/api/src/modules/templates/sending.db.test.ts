import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SimChannel } from '@linq/line-simulator';
import {
  HTTPS_URL_MESSAGE,
  infoVariable,
  MESSAGE_TYPES,
  NAME_VARIABLE,
  permissionsWith,
  talksApi,
  templatesApi,
} from '@linq/contract';
import { outputOf, useTestApp } from '../../test/kit.ts';
import { deliveries } from '../delivery/schema.ts';
import { friendInfoValues, friends } from '../friends/schema.ts';
import { userLineAccounts } from '../line-accounts/schema.ts';
import { messages } from '../talks/schema.ts';
import { webhookEvents } from '../webhooks/schema.ts';
import { waitFor } from '../../test/wait.ts';
import { BLOCKED_MESSAGE } from '../talks/service.ts';
import { messageOf, payloadOf } from './test-support.ts';

const t = useTestApp({ simulator: true });
let channel: SimChannel;
let lineAccountId: number;
let webhookUrl: string;
let secret: string;
/** Staff whose authority edits everything but lacks the send_messages capability. */
let noSendToken: string;

beforeAll(async () => {
  const consoleUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const bound = await t.factory.simulatedChannel(t.tenant.account.id, t.sim, consoleUrl);
  ({ channel, secret } = bound);
  lineAccountId = bound.row.id;
  webhookUrl = `${consoleUrl}/webhooks/line/${bound.row.webhookKey}`;
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
const staffIn = (id = lineAccountId, token = t.tenant.tokens.staff) => ({ token, lineAccountId: id });

async function createTemplate(message = messageOf('text_message'), id = lineAccountId) {
  const response = await t.request({
    method: 'POST',
    path: '/service/templates',
    body: payloadOf(message),
    ...staffIn(id),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return outputOf(templatesApi.get, response);
}
const sendTest = (templateId: number, friendId: number, token = t.tenant.tokens.staff, id = lineAccountId) =>
  t.request({
    method: 'POST',
    path: `/service/templates/${templateId}/send_test`,
    body: { friend_id: friendId },
    ...staffIn(id, token),
  });
const sendInTalk = (templateId: number, friendId: number, token = t.tenant.tokens.staff, id = lineAccountId) =>
  t.request({
    method: 'POST',
    path: '/service/messages',
    body: { friend_id: friendId, message: { type: 'template', template_id: templateId } },
    ...staffIn(id, token),
  });
async function historyOf(friendId: number) {
  const response = await t.request({
    method: 'GET',
    path: '/service/messages',
    query: { friend_id: friendId },
    ...staffIn(),
  });
  expect(response.status).toBe(200);
  // The talk's follows and blocks are not what these tests look at.
  return outputOf(talksApi.history, response).data.filter((m) => m.type !== 'follow' && m.type !== 'unfollow');
}
const friendRow = async (friendId: number) => (await db().select().from(friends).where(eq(friends.id, friendId)))[0]!;

const followingFriend = (displayName?: string) => t.factory.followingFriend(channel, lineAccountId, displayName);

describe('sending a template', () => {
  it('send_test fills in the friend’s name and info values, reaches the friend and shows in the talk', async () => {
    const { friend, row } = await followingFriend('山田 花子');
    await db().update(friends).set({ displayNameOverride: '花子様' }).where(eq(friends.id, row.id));
    const rank = await t.factory.infoField(lineAccountId, { name: '会員ランク' });
    await db()
      .insert(friendInfoValues)
      .values({ lineAccountId, friendId: row.id, fieldId: rank.id, value: 'ゴールド' });
    const template = await createTemplate({
      ...messageOf('text_message'),
      text: `${NAME_VARIABLE}、いつもありがとうございます。ランク: ${infoVariable(rank.id)}`,
    });

    const response = await sendTest(template.plan.id, row.id);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const messageId = (response.json.data as { message_id: number }).message_id;
    const text = '花子様、いつもありがとうございます。ランク: ゴールド';
    await waitFor(() => friend.inbox().length === 1);
    expect(friend.inbox()[0]!.message).toEqual({ type: 'text', text });

    const history = await waitFor(async () => {
      const h = await historyOf(row.id);
      return h[0]?.delivery_status === 'sent' && h;
    });
    expect(history[0]).toMatchObject({
      id: messageId,
      direction: 'outgoing',
      type: 'text',
      content: { type: 'text', text },
      sent_by: { id: t.tenant.staff.id },
    });
    const [delivery] = await db().select().from(deliveries).where(eq(deliveries.sourceId, template.plan.id));
    expect(delivery).toMatchObject({ source: 'template', lineAccountId });
    expect(await friendRow(row.id)).toMatchObject({ lastMessageType: 'text', lastMessageText: text });
  });

  it('sends each type of template in a talk as the LINE message of its type, and LINE accepts each', async () => {
    const { friend, row } = await followingFriend('全種類 太郎');
    const lineTypes = {
      text_message: 'text',
      quick_reply: 'text',
      confirm: 'template',
      carousel: 'template',
      image_carousel: 'flex',
      image: 'image',
      sticker: 'sticker',
    } as const;
    for (const type of MESSAGE_TYPES) {
      const template = await createTemplate(messageOf(type));
      const response = await sendInTalk(template.plan.id, row.id);
      expect(response.status, `${type}: ${JSON.stringify(response.body)}`).toBe(201);
      expect(outputOf(talksApi.send, response).data.type).toBe(lineTypes[type]);
    }
    const history = await waitFor(async () => {
      const h = await historyOf(row.id);
      return h.length === MESSAGE_TYPES.length && h.every((m) => m.delivery_status !== 'queued') && h;
    });
    expect(history.map((m) => [m.type, m.delivery_status, m.failure_reason]).reverse()).toEqual(
      MESSAGE_TYPES.map((type) => [lineTypes[type], 'sent', null]),
    );
    // Deliveries run concurrently: the friend may get them in any order.
    const received = friend.inbox().map((entry) => entry.message);
    expect(received.map((m) => m.type).sort()).toEqual(MESSAGE_TYPES.map((type) => lineTypes[type]).sort());
    // A quick-reply item taps back with its action id; the talk list shows the last one sent.
    const quickReply = received.find((m) => 'quickReply' in m) as {
      quickReply: { items: { action: { data?: string } }[] };
    };
    expect(quickReply.quickReply.items[0]!.action.data).toMatch(/^linq:a:\d+$/);
    expect(await friendRow(row.id)).toMatchObject({ lastMessageType: 'sticker', lastMessageText: null });
  });

  it('needs send_messages; refuses another channel’s template, a blocked friend and an image LINE cannot fetch', async () => {
    const { friend, row } = await followingFriend();
    const template = await createTemplate();
    expect((await sendTest(template.plan.id, row.id, noSendToken)).status).toBe(403);
    expect((await sendInTalk(template.plan.id, row.id, noSendToken)).status).toBe(403);
    // View-only staff may read templates but not send them.
    expect((await sendTest(template.plan.id, row.id, t.tenant.tokens.viewer)).status).toBe(403);

    const realChannel = t.tenant.channels[0]!.id;
    const theirs = await createTemplate(messageOf('text_message'), realChannel);
    expect((await sendTest(theirs.plan.id, row.id)).status).toBe(404);
    expect((await sendInTalk(theirs.plan.id, row.id)).status).toBe(404);
    expect((await sendTest(template.plan.id, 2_000_000_000)).status).toBe(404);

    // An http image (the demo console's own files) only reaches a simulated channel's friends.
    const httpImage = { ...messageOf('image'), image_url: 'http://localhost:3000/files/a.png' };
    const realFriend = await t.factory.friend(realChannel);
    const image = await createTemplate(httpImage, realChannel);
    const refusedTest = await sendTest(image.plan.id, realFriend.id, t.tenant.tokens.staff, realChannel);
    expect(refusedTest.status).toBe(422);
    expect(refusedTest.json.errors).toEqual({ template_id: { description: HTTPS_URL_MESSAGE } });
    const refusedTalk = await sendInTalk(image.plan.id, realFriend.id, t.tenant.tokens.staff, realChannel);
    expect(refusedTalk.json.errors).toEqual({ 'message.template_id': { description: HTTPS_URL_MESSAGE } });

    await friend.unfollow();
    await waitFor(async () => (await friendRow(row.id)).status === 'blocked');
    const blocked = await sendTest(template.plan.id, row.id);
    expect(blocked.status).toBe(422);
    expect(blocked.json.errors).toEqual({ friend_id: { description: BLOCKED_MESSAGE } });
    expect(await historyOf(row.id)).toEqual([]);
    expect(friend.inbox()).toEqual([]);
  });
});

describe('a tap on a template action', () => {
  it('adds the action’s score once, even when LINE redelivers the event, and the talk shows the label', async () => {
    const { friend, row } = await followingFriend('タップ 次郎');
    const template = await createTemplate(messageOf('confirm'));
    expect((await sendInTalk(template.plan.id, row.id)).status).toBe(201);
    await waitFor(() => friend.inbox().length === 1);
    const sent = friend.inbox()[0]!.message as { template: { actions: { label: string; data: string }[] } };
    const [yes, no] = sent.template.actions;

    const tap = await friend.postback(yes!.data);
    expect(tap.statusCode).toBe(200);
    await waitFor(async () => (await friendRow(row.id)).score === 10);

    // LINE redelivers the same event (same webhookEventId) after a failed answer.
    const event = JSON.parse(tap.body) as { destination: string; events: Record<string, unknown>[] };
    const again = JSON.stringify({
      ...event,
      events: event.events.map((e) => ({ ...e, deliveryContext: { isRedelivery: true } })),
    });
    const signature = createHmac('sha256', secret).update(Buffer.from(again, 'utf8')).digest('base64');
    const redelivered = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'x-line-signature': signature },
      body: again,
    });
    expect(redelivered.status).toBe(200);
    await friend.postback(no!.data);
    await waitFor(async () => (await friendRow(row.id)).score === 5);
    await waitFor(async () => {
      const pending = await db().select().from(webhookEvents).where(eq(webhookEvents.lineAccountId, lineAccountId));
      return pending.every((e) => e.processedAt !== null);
    });
    expect((await friendRow(row.id)).score).toBe(5);

    const postbacks = (await historyOf(row.id)).filter((m) => m.type === 'postback').reverse();
    // Each tap is stored as the friend saw it: the label and the confirm it was on.
    expect(postbacks.map((m) => m.content)).toEqual([
      expect.objectContaining({ data: yes!.data, label: 'はい', origin: expect.objectContaining({ kind: 'confirm' }) }),
      expect.objectContaining({
        data: no!.data,
        label: 'いいえ',
        origin: expect.objectContaining({ kind: 'confirm' }),
      }),
    ]);
  });

  it('adds nothing for unknown ids, another channel’s actions and postback data that is not ours', async () => {
    const { friend, row } = await followingFriend();
    const elsewhere = await createTemplate(messageOf('confirm'), t.tenant.channels[0]!.id);
    const foreignAction = elsewhere.plan_actions[0]!.message.message_confirm!.message_actions[0]!.id;
    for (const data of [`linq:a:${foreignAction}`, 'linq:a:999999999', 'linq:a:new', 'action=coupon&id=1']) {
      await friend.postback(data);
    }
    const stored = await waitFor(async () => {
      const rows = (await db().select().from(messages).where(eq(messages.friendId, row.id))).filter(
        (m) => m.type === 'postback',
      );
      return rows.length === 4 && rows;
    });
    expect(stored.map((m) => Object.keys(m.content))).toEqual(stored.map(() => ['data']));
    expect((await friendRow(row.id)).score).toBe(0);
  });
});
