/**
 * Waits as users see them: the reason and the next attempt of a message that has not gone out
 * (talk history, the friend's page, the admin channel screen), the token fixed or the quota raised
 * ending the wait, "今すぐ再試行", and the maximum wait.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SimChannel } from '@linq/line-simulator';
import {
  adminLineAccountsApi,
  DELIVERY_WAIT_MESSAGES,
  type DeliveryRetryResult,
  permissionsWith,
  type TalkMessage,
  talksApi,
} from '@linq/contract';
import { outputOf, useTestApp } from '../../test/kit.ts';
import { deliveries } from './schema.ts';
import { userLineAccounts } from '../line-accounts/schema.ts';
import { waitFor } from '../../test/wait.ts';
import { registerDeliveryJobs } from './jobs.ts';
import { DEFAULT_DELIVERY_POLICY, expiredMessage, sweepDeliveries, type DeliveryPolicy } from './service.ts';

/** Production timing, except that the test runs the sweeps (and the back-off is long enough to be seen). */
const policy: DeliveryPolicy = { ...DEFAULT_DELIVERY_POLICY, retryBaseMs: 60_000, sweepIntervalMs: 3_600_000 };

const t = useTestApp({ role: 'api', simulator: true, admin: true });
/** Staff who edit talks but lack the send_messages capability. */
let noSend: { id: number; token: string };

beforeAll(async () => {
  await registerDeliveryJobs(t.ctx, policy);
  const authority = await t.factory.staffAuthority(t.tenant.account.id, permissionsWith('edit', false));
  const user = await t.factory.user('service', { accountId: t.tenant.account.id, staffAuthorityId: authority.id });
  noSend = { id: user.id, token: await t.factory.login('service', user.email) };
});

const db = () => t.db;

/** A simulated channel of the tenant with one following friend, the staff assigned to it. */
async function channelWithFriend() {
  const { row, channel, token } = await t.factory.simulatedChannel(t.tenant.account.id, t.sim);
  const [virtual] = channel.createFriends(1);
  const friend = await t.factory.friend(row.id, { lineUserId: virtual!.userId });
  await db()
    .insert(userLineAccounts)
    .values([t.tenant.staff.id, noSend.id].map((userId) => ({ userId, lineAccountId: row.id })));
  return { lineAccountId: row.id, channel, token, friendId: friend.id, userId: virtual!.userId };
}

async function send(lineAccountId: number, friendId: number, text: string) {
  const response = await t.request({
    method: 'POST',
    path: '/service/messages',
    token: t.tenant.tokens.staff,
    lineAccountId,
    body: { friend_id: friendId, message: { type: 'text', text } },
  });
  expect(response.status).toBe(201);
  return outputOf(talksApi.send, response).data;
}
async function talk(lineAccountId: number, friendId: number) {
  const response = await t.request({
    method: 'GET',
    path: '/service/messages',
    token: t.tenant.tokens.staff,
    lineAccountId,
    query: { friend_id: friendId },
  });
  expect(response.status).toBe(200);
  return outputOf(talksApi.history, response).data;
}
/** The message as the talk shows it, once `check` holds. */
const messageOnce = (lineAccountId: number, friendId: number, id: number, check: (m: TalkMessage) => boolean) =>
  waitFor(async () => {
    const message = (await talk(lineAccountId, friendId)).find((m) => m.id === id);
    return message && check(message) && message;
  });
const retryNow = (lineAccountId: number, token = t.tenant.tokens.staff) =>
  t.request({ method: 'POST', path: '/service/deliveries/retry', token, lineAccountId });
async function adminChannel(lineAccountId: number) {
  const response = await t.request({
    method: 'GET',
    path: `/admin/line_accounts/${lineAccountId}`,
    token: t.tenant.tokens.oemAdmin,
  });
  expect(response.status).toBe(200);
  return outputOf(adminLineAccountsApi.get, response).data;
}
const delivered = (channel: SimChannel, userId: string) =>
  channel.sentMessages().filter((m) => m.to === userId && m.delivered);

describe('a channel whose token LINE refuses (401)', () => {
  it('waits with the credentials status, shown in the talk and on the admin channel, and sends once the token is fixed', async () => {
    const { lineAccountId, channel, friendId, userId } = await channelWithFriend();
    channel.setChannelAccessToken(null);

    const first = await send(lineAccountId, friendId, '一通目');
    const waiting = await messageOnce(lineAccountId, friendId, first.id, (m) => m.delivery_wait !== null);
    expect(waiting).toMatchObject({
      delivery_status: 'queued',
      delivery_wait: { reason: 'credentials', message: DELIVERY_WAIT_MESSAGES.credentials },
    });
    const refused = await adminChannel(lineAccountId);
    expect(refused.credentials_invalid).toMatchObject({ waiting_deliveries: 1 });
    expect(refused.credentials_invalid!.error).toMatch(/Authentication failed/);

    // Known invalid: the next send waits too.
    const second = await send(lineAccountId, friendId, '二通目');
    await messageOnce(lineAccountId, friendId, second.id, (m) => m.delivery_wait?.reason === 'credentials');
    expect((await adminChannel(lineAccountId)).credentials_invalid).toMatchObject({
      since: refused.credentials_invalid!.since,
      waiting_deliveries: 2,
    });

    // LINE reissued the token; the administrator saves the new one.
    channel.setChannelAccessToken('reissued-token-0001');
    const saved = await t.request({
      method: 'PUT',
      path: `/admin/line_accounts/${lineAccountId}`,
      token: t.tenant.tokens.oemAdmin,
      body: {
        name: refused.name,
        account_id: refused.account.id,
        status: refused.status,
        channel_id: refused.channel_id,
        basic_id: refused.basic_id ?? '',
        simulated: refused.simulated,
        channel_access_token: 'reissued-token-0001',
      },
    });
    expect(saved.status).toBe(200);
    for (const id of [first.id, second.id]) {
      await messageOnce(lineAccountId, friendId, id, (m) => m.delivery_status === 'sent');
    }
    expect((await talk(lineAccountId, friendId)).every((m) => m.delivery_wait === null)).toBe(true);
    // Each once (released together, they may go out in either order).
    expect(delivered(channel, userId).map((m) => m.message.text)).toEqual(expect.arrayContaining(['一通目', '二通目']));
    expect(delivered(channel, userId)).toHaveLength(2);
    expect((await adminChannel(lineAccountId)).credentials_invalid).toBeNull();
  });

  it('a token LINE accepts again: "今すぐ再試行" finds it working and sends what waited', async () => {
    const { lineAccountId, channel, token, friendId, userId } = await channelWithFriend();
    channel.setChannelAccessToken(null);
    const message = await send(lineAccountId, friendId, '再開');
    await messageOnce(lineAccountId, friendId, message.id, (m) => m.delivery_wait?.reason === 'credentials');

    const still = await retryNow(lineAccountId);
    expect(still.json.data).toEqual({ released: 0, waiting: 1 } satisfies DeliveryRetryResult);
    channel.setChannelAccessToken(token);
    const retried = await retryNow(lineAccountId);
    expect(retried.status).toBe(200);
    expect(retried.json.data).toEqual({ released: 1, waiting: 0 } satisfies DeliveryRetryResult);
    await messageOnce(lineAccountId, friendId, message.id, (m) => m.delivery_status === 'sent');
    expect(delivered(channel, userId)).toHaveLength(1);
    expect((await adminChannel(lineAccountId)).credentials_invalid).toBeNull();
  });
});

describe('the monthly quota spent', () => {
  it('shows the quota reason and the next check (within a minute); retry-now sends once the quota allows', async () => {
    const { lineAccountId, channel, friendId, userId } = await channelWithFriend();
    channel.setQuota(10, 10);
    const before = Date.now();
    const message = await send(lineAccountId, friendId, '上限');
    const waiting = await messageOnce(lineAccountId, friendId, message.id, (m) => m.delivery_wait !== null);
    expect(waiting.delivery_wait).toMatchObject({ reason: 'quota', message: DELIVERY_WAIT_MESSAGES.quota });
    const nextCheck = Date.parse(waiting.delivery_wait!.next_attempt_at);
    expect(nextCheck).toBeGreaterThan(before);
    expect(nextCheck).toBeLessThanOrEqual(Date.now() + policy.quotaRecheckMs);

    expect((await retryNow(lineAccountId, noSend.token)).status).toBe(403);
    expect((await retryNow(lineAccountId)).json.data).toEqual({ released: 0, waiting: 1 });
    expect(delivered(channel, userId)).toEqual([]);

    channel.setQuota(1000, 10);
    expect((await retryNow(lineAccountId)).json.data).toEqual({ released: 1, waiting: 0 });
    await messageOnce(lineAccountId, friendId, message.id, (m) => m.delivery_status === 'sent');
    expect(delivered(channel, userId)).toHaveLength(1);
  });

  it('ends by itself once the quota is raised: the next check (sweep) sends it', async () => {
    const { lineAccountId, channel, friendId } = await channelWithFriend();
    channel.setQuota(0, 0);
    const message = await send(lineAccountId, friendId, '自動再開');
    await messageOnce(lineAccountId, friendId, message.id, (m) => m.delivery_wait?.reason === 'quota');
    channel.setQuota(1000, 0);
    // Its next check comes (next_attempt_at), and the sweeper runs as it would then.
    await db().update(deliveries).set({ nextAttemptAt: new Date() }).where(eq(deliveries.lineAccountId, lineAccountId));
    expect(await sweepDeliveries(t.ctx, policy)).toBeGreaterThanOrEqual(1);
    await messageOnce(lineAccountId, friendId, message.id, (m) => m.delivery_status === 'sent');
  });

  it('expires after the maximum wait: failed, with the reason', async () => {
    const { lineAccountId, channel, friendId } = await channelWithFriend();
    channel.setQuota(0, 0);
    const message = await send(lineAccountId, friendId, '期限切れ');
    await messageOnce(lineAccountId, friendId, message.id, (m) => m.delivery_wait?.reason === 'quota');
    await db()
      .update(deliveries)
      .set({ createdAt: new Date(Date.now() - policy.maxWaitMs - 1_000) })
      .where(eq(deliveries.lineAccountId, lineAccountId));
    await sweepDeliveries(t.ctx, policy);
    const expired = await messageOnce(lineAccountId, friendId, message.id, (m) => m.delivery_status === 'failed');
    expect(expired).toMatchObject({ failure_reason: expiredMessage(24, 'quota'), delivery_wait: null });
  });
});

describe('LINE unavailable or rate-limiting', () => {
  it('shows the reason and the next attempt of the back-off; retry-now tries at once', async () => {
    const { lineAccountId, channel, friendId, userId } = await channelWithFriend();
    t.sim.faults.inject({ channelId: channel.channelId, endpoint: 'pushMessage', mode: 'error500', count: 1 });
    const down = await send(lineAccountId, friendId, '障害');
    const backingOff = await messageOnce(lineAccountId, friendId, down.id, (m) => m.delivery_wait !== null);
    expect(backingOff.delivery_wait).toMatchObject({
      reason: 'line_unavailable',
      message: DELIVERY_WAIT_MESSAGES.line_unavailable,
    });
    expect(Date.parse(backingOff.delivery_wait!.next_attempt_at)).toBeGreaterThan(Date.now() + 10_000);

    t.sim.faults.inject({ channelId: channel.channelId, endpoint: 'pushMessage', mode: 'rate429', count: 1 });
    const limited = await send(lineAccountId, friendId, '制限');
    await messageOnce(lineAccountId, friendId, limited.id, (m) => m.delivery_wait?.reason === 'rate_limit');

    expect((await retryNow(lineAccountId)).json.data).toEqual({ released: 2, waiting: 0 });
    for (const id of [down.id, limited.id]) {
      await messageOnce(lineAccountId, friendId, id, (m) => m.delivery_status === 'sent');
    }
    expect(delivered(channel, userId)).toHaveLength(2);
  });
});
