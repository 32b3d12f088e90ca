import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { actionPostbackData } from '@linq/contract';
import type { SimChannel } from '@linq/line-simulator';
import type { DomainEventName, DomainEvents } from '../../platform/events.ts';
import { friends } from '../friends/schema.ts';
import { userLineAccounts } from '../line-accounts/schema.ts';
import { messageTemplateActions } from '../templates/schema.ts';
import { webhookEvents } from './schema.ts';
import { useTestApp } from '../../test/kit.ts';
import { waitFor } from '../../test/wait.ts';
import { messageOf } from '../templates/test-support.ts';

/*
 * Each domain event a webhook causes reaches a subscriber exactly once, however often LINE delivers
 * the webhook event (the same webhookEventId again, marked as a redelivery, also concurrently).
 */

const t = useTestApp({ simulator: true });
let consoleUrl: string;
let lineAccountId: number;
let webhookKey: string;
let secret: string;
let channel: SimChannel;
const seen: { [N in DomainEventName]: Array<DomainEvents[N]> } = {
  'friend.followed': [],
  'friend.blocked': [],
  'friend.info_changed': [],
  'message.received': [],
  'postback.tapped': [],
  'link.opened': [],
  'message.delivered': [],
  'message.failed': [],
  'delivery.refused': [],
  'webhook.received': [],
  'webhook.signature_failed': [],
  'channel.bot_suspended': [],
  'channel.bot_resumed': [],
  'tag.added': [],
  'mark.added': [],
  'label.removed': [],
  'plan.boxes_removing': [],
  'plan.timings_changed': [],
  'plan.resumed': [],
  'plan.enrolment_requested': [],
  'inflow.attributed': [],
  'conversion.reached': [],
  'form.answered': [],
};

beforeAll(async () => {
  consoleUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const bound = await t.factory.simulatedChannel(t.tenant.account.id, t.sim, consoleUrl);
  ({ channel, secret } = bound);
  lineAccountId = bound.row.id;
  webhookKey = bound.row.webhookKey;
  await t.db.insert(userLineAccounts).values({ userId: t.tenant.staff.id, lineAccountId });
  for (const name of Object.keys(seen) as DomainEventName[]) {
    t.ctx.events.subscribe(name, async (event) => void seen[name].push(event as never));
  }
});

const sign = (body: string) => createHmac('sha256', secret).update(Buffer.from(body, 'utf8')).digest('base64');
const post = (body: string) =>
  fetch(`${consoleUrl}/webhooks/line/${webhookKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-line-signature': sign(body) },
    body,
  });

/**
 * Delivers the webhook event as LINE does when it is not sure it arrived: the first delivery and
 * three redeliveries of the same webhookEventId, two of them at the same time; then waits until the
 * channel has nothing left to process.
 */
async function deliverRepeatedly(event: Record<string, unknown>) {
  const id = `ev-${Math.random().toString(36).slice(2)}`;
  const body = (isRedelivery: boolean) =>
    JSON.stringify({
      destination: channel.botUserId,
      events: [
        {
          mode: 'active',
          timestamp: Date.now(),
          ...event,
          webhookEventId: id,
          deliveryContext: { isRedelivery },
        },
      ],
    });
  expect((await post(body(false))).status).toBe(200);
  const answers = await Promise.all([post(body(true)), post(body(true)), post(body(true))]);
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
  const [stored] = await waitFor(async () => {
    const rows = await t.db.select().from(webhookEvents).where(eq(webhookEvents.webhookEventId, id));
    return rows.length === 1 && rows[0]!.processedAt !== null ? rows : undefined;
  });
  // Another job of the channel may still be running: wait until none of its events is pending.
  await waitFor(async () => {
    const rows = await t.db.select().from(webhookEvents).where(eq(webhookEvents.lineAccountId, lineAccountId));
    return rows.every((row) => row.processedAt !== null) || undefined;
  });
  return stored!;
}

const source = (userId: string) => ({ source: { type: 'user', userId } });
const friendRow = async (lineUserId: string) =>
  (await t.db.select().from(friends).where(eq(friends.lineUserId, lineUserId)))[0]!;
const of = <N extends DomainEventName>(name: N, webhookEventId: number) =>
  (seen[name] as Array<{ webhookEventId: number }>).filter((event) => event.webhookEventId === webhookEventId);

describe('domain events from webhooks, under redelivery', () => {
  it('friend.followed: once, with the friend and the event', async () => {
    const userId = channel.createFriend().userId;
    const stored = await deliverRepeatedly({ type: 'follow', replyToken: 'r'.repeat(32), ...source(userId) });
    const friend = await friendRow(userId);
    expect(of('friend.followed', stored.id)).toEqual([
      {
        lineAccountId,
        friendId: friend.id,
        webhookEventId: stored.id,
        occurredAt: new Date(stored.occurredAt),
        kind: 'new',
      },
    ]);
    expect(friend.status).toBe('following');
  });

  it('friend.followed says how: a new friend, an unblock (LINE says isUnblocked), or a re-add', async () => {
    const userId = channel.createFriend().userId;
    const kindOf = async (event: Record<string, unknown>) => {
      const stored = await deliverRepeatedly({ replyToken: 'r'.repeat(32), ...event, ...source(userId) });
      return seen['friend.followed'].filter((followed) => followed.webhookEventId === stored.id).map((f) => f.kind);
    };
    expect(await kindOf({ type: 'follow', follow: { isUnblocked: false } })).toEqual(['new']);
    await deliverRepeatedly({ type: 'unfollow', ...source(userId) });
    expect(await kindOf({ type: 'follow', follow: { isUnblocked: true } })).toEqual(['unblock']);
    await deliverRepeatedly({ type: 'unfollow', ...source(userId) });
    expect(await kindOf({ type: 'follow', follow: { isUnblocked: false } })).toEqual(['re_add']);
  });

  it('friend.blocked: once; a follow older than the block publishes nothing', async () => {
    const userId = channel.createFriend().userId;
    const followed = await deliverRepeatedly({ type: 'follow', replyToken: 'r'.repeat(32), ...source(userId) });
    const blocked = await deliverRepeatedly({ type: 'unfollow', ...source(userId) });
    const friend = await friendRow(userId);
    expect(of('friend.blocked', blocked.id)).toEqual([
      { lineAccountId, friendId: friend.id, webhookEventId: blocked.id, occurredAt: new Date(blocked.occurredAt) },
    ]);
    expect(of('friend.followed', followed.id)).toHaveLength(1);
    const late = await deliverRepeatedly({
      type: 'follow',
      timestamp: followed.occurredAt - 1000,
      replyToken: 'r'.repeat(32),
      ...source(userId),
    });
    expect(of('friend.followed', late.id)).toEqual([]);
    expect((await friendRow(userId)).status).toBe('blocked');
  });

  it('channel.bot_suspended / channel.bot_resumed: once each, from events about the channel (no source)', async () => {
    const suspended = await deliverRepeatedly({ type: 'botSuspended' });
    expect(of('channel.bot_suspended', suspended.id)).toEqual([
      { lineAccountId, webhookEventId: suspended.id, occurredAt: new Date(suspended.occurredAt) },
    ]);
    const resumed = await deliverRepeatedly({ type: 'botResumed' });
    expect(of('channel.bot_resumed', resumed.id)).toEqual([
      { lineAccountId, webhookEventId: resumed.id, occurredAt: new Date(resumed.occurredAt) },
    ]);
    expect(of('channel.bot_suspended', resumed.id)).toEqual([]);
  });

  it('message.received: once, with the stored message', async () => {
    const friend = channel.createFriend();
    await friend.follow();
    const stored = await deliverRepeatedly({
      type: 'message',
      replyToken: 'x'.repeat(32),
      message: { id: String(Date.now()), type: 'text', text: '一度だけ', quoteToken: 'q' },
      ...source(friend.userId),
    });
    const row = await friendRow(friend.userId);
    const [received] = of('message.received', stored.id);
    expect(of('message.received', stored.id)).toHaveLength(1);
    expect(received).toEqual({
      lineAccountId,
      friendId: row.id,
      messageId: expect.any(Number),
      webhookEventId: stored.id,
      messageType: 'text',
    });
    expect(row.unreadCount).toBe(1);
  });

  it('postback.tapped: once, naming the template action; its score is added once', async () => {
    const template = await t.factory.template({ token: t.tenant.tokens.staff, lineAccountId }, messageOf('confirm'));
    const [yes] = await t.db
      .select()
      .from(messageTemplateActions)
      .where(eq(messageTemplateActions.templateId, template.plan.id))
      .orderBy(messageTemplateActions.id);
    expect(yes).toMatchObject({ label: 'はい', score: 10 });
    const friend = channel.createFriend();
    await friend.follow();
    const data = actionPostbackData(yes!.id);
    const stored = await deliverRepeatedly({
      type: 'postback',
      replyToken: 'x'.repeat(32),
      postback: { data },
      ...source(friend.userId),
    });
    const row = await friendRow(friend.userId);
    expect(of('postback.tapped', stored.id)).toEqual([
      {
        lineAccountId,
        friendId: row.id,
        messageId: expect.any(Number),
        webhookEventId: stored.id,
        data,
        actionItemId: yes!.id,
      },
    ]);
    expect(of('message.received', stored.id)).toEqual([]);
    expect(row.score).toBe(10);

    const other = await deliverRepeatedly({
      type: 'postback',
      replyToken: 'x'.repeat(32),
      postback: { data: 'action=coupon' },
      ...source(friend.userId),
    });
    expect(of('postback.tapped', other.id)).toMatchObject([{ data: 'action=coupon', actionItemId: null }]);
    expect((await friendRow(friend.userId)).score).toBe(10);
  });
});
