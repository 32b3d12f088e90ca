import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { abnormalDetectionApi, DEFAULT_THRESHOLDS, type MetricName } from '@linq/contract';
import type { SimChannel } from '@linq/line-simulator';
import { startOutbox } from '../../platform/outbox.ts';
import { channelScope, type ChannelScope } from '../../platform/principal.ts';
import { useTestApp } from '../../test/kit.ts';
import { waitFor } from '../../test/wait.ts';
import { registerDeliveryJobs } from '../delivery/jobs.ts';
import { deliveries } from '../delivery/schema.ts';
import { DEFAULT_DELIVERY_POLICY, enqueueSend, type DeliveryPolicy } from '../delivery/service.ts';
import { friends as friendRows } from '../friends/schema.ts';
import { userLineAccounts } from '../line-accounts/schema.ts';
import { mailOutbox } from '../mail/schema.ts';
import { metricSeries } from '../metrics/series.ts';
import { planSends } from '../plan-engine/schema.ts';
import { planEnrolments, plans } from '../plans/schema.ts';
import { manifest as webhooks } from '../webhooks/manifest.ts';
import { checkChannel } from './check.ts';
import * as repo from './repository.ts';
import { incidents } from './schema.ts';

/** No fault here is a time-out: a long one spares the simulator's first (compiling) answers on a busy machine. One attempt for 5xx (so a 500 fails the delivery at once); short back-offs for 429s. */
const policy: DeliveryPolicy = {
  ...DEFAULT_DELIVERY_POLICY,
  retryBaseMs: 10,
  retryMaxDelayMs: 50,
  maxAttempts: 1,
  maxRateLimitedAttempts: 10,
};
const hello = [{ type: 'text' as const, text: 'こんにちは' }];

const t = useTestApp({ role: 'api', simulator: true, config: { LINE_REQUEST_TIMEOUT_MS: 60_000 } });
let consoleUrl: string;

beforeAll(async () => {
  consoleUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // The API role starts no workers: the ones these facts go through, without the detectors' schedule.
  await registerDeliveryJobs(t.ctx, policy);
  await webhooks.work!(t.ctx);
  await startOutbox(t.ctx);
});

/**
 * A simulated channel of the tenant's account whose webhook URL at LINE is the console's, with
 * following virtual friends and their rows (made directly: the webhook path is for what the tests do).
 */
async function channelWithFriends(count: number) {
  const { row, channel } = await t.factory.simulatedChannel(t.tenant.account.id, t.sim, consoleUrl);
  const virtual = channel.createFriends(count);
  const rows =
    count === 0
      ? []
      : await t.db
          .insert(friendRows)
          .values(
            virtual.map((f) => ({ lineAccountId: row.id, lineUserId: f.userId, displayName: f.profile.displayName })),
          )
          .returning();
  return { scope: channelScope(row.id), channel, friends: virtual.map((friend, i) => ({ friend, row: rows[i]! })) };
}

const counted = (scope: ChannelScope, metric: MetricName, atLeast: number, timeoutMs = 20_000) =>
  waitFor(async () => {
    const series = await metricSeries(t.db, scope, metric, t.ctx.clock.now(), 3);
    return series.reduce((n, point) => n + point.value, 0) >= atLeast;
  }, timeoutMs);

/** A webhook's fact goes through a job and the outbox before it shows: on a busy CI machine that took over 10 s. */
const FACT_WAIT_MS = 30_000;
/**
 * The suspension test waits for four such facts in a row (suspended, held, resumed, sent): on the
 * embedded database of a loaded CI machine they passed the default 30 s together (unloaded: 1–3 s).
 */
const CHAIN_TIMEOUT_MS = 4 * FACT_WAIT_MS;

const unresolved = async (scope: ChannelScope, detector: string) => repo.unresolvedOf(t.db, scope, detector);
const lastOf = async (scope: ChannelScope, detector: string) => {
  const rows = await t.db
    .select()
    .from(incidents)
    .where(and(eq(incidents.lineAccountId, scope.lineAccountId), eq(incidents.detector, detector)));
  return rows.at(-1);
};

async function sendTo(scope: ChannelScope, friendIds: number[], source = 'test', sourceId?: number) {
  return enqueueSend(t.ctx, scope, { friendIds, messages: hello, source, ...(sourceId ? { sourceId } : {}) });
}

describe('abnormal detection against the simulator', () => {
  it('a burst of blocks after a broadcast raises a block spike naming the broadcast', async () => {
    const { scope, channel, friends: all } = await channelWithFriends(17);
    // The same plan's send two hours before, to 5 friends who stay: not the send the blocks followed.
    const friends = all.slice(0, 12);
    const earlier = all.slice(12);
    const now = t.ctx.clock.now();
    const [plan] = await t.db
      .insert(plans)
      .values({ lineAccountId: scope.lineAccountId, name: '冬のセール告知', planType: 'broadcast', isActive: true })
      .returning();
    const sends = [];
    for (const { row } of friends) {
      const [enrolment] = await t.db
        .insert(planEnrolments)
        .values({ lineAccountId: scope.lineAccountId, planId: plan!.id, friendId: row.id, trigger: 'broadcast' })
        .returning();
      const [send] = await t.db
        .insert(planSends)
        .values({
          lineAccountId: scope.lineAccountId,
          planId: plan!.id,
          enrolmentId: enrolment!.id,
          friendId: row.id,
          boxId: 'box-1',
          dueAt: now,
          sentAt: now,
        })
        .returning();
      sends.push(send!);
    }
    await sendTo(
      scope,
      friends.map((f) => f.row.id),
      'plan',
      sends[0]!.id,
    );
    await t.db.insert(deliveries).values({
      lineAccountId: scope.lineAccountId,
      messages: hello,
      friendIds: earlier.map((f) => f.row.id),
      retryKey: crypto.randomUUID(),
      status: 'sent',
      source: 'plan',
      sourceId: sends[0]!.id,
      createdAt: new Date(now.getTime() - 2 * 3_600_000),
      sentAt: new Date(now.getTime() - 2 * 3_600_000),
    });
    await counted(scope, 'sends_ok', 1);
    for (const { friend } of friends.slice(0, 11)) await friend.unfollow();
    await counted(scope, 'blocks', 11, 60_000);

    await checkChannel(t.ctx, scope);
    const [spike] = await unresolved(scope, 'block_spike');
    expect(spike).toMatchObject({
      severity: 'warning',
      figures: { blocks: 11, plan: '冬のセール告知', plan_recipients: 12, plan_blocked: 11 },
      affected: [{ kind: 'plan', id: plan!.id, label: '冬のセール告知', count: 11 }],
    });
    expect(Number(spike!.figures.plan_block_rate_percent)).toBeGreaterThan(
      Number(spike!.figures.usual_block_rate_percent),
    );
    expect(channel.sentMessageCount()).toBeGreaterThan(0);
  });

  it('forged webhooks raise signature failures, and the staff who opted in get one e-mail', async () => {
    const lineAccountId = t.tenant.channels[0]!.id;
    const scope = channelScope(lineAccountId);
    await t.call(abnormalDetectionApi.saveNotify, { body: { notify_me: true } }, t.staff);
    const before = (await t.db.select().from(mailOutbox)).length;
    const [channel] = await t.db.select().from(incidents).where(eq(incidents.lineAccountId, lineAccountId));
    expect(channel).toBeUndefined();
    const key = await repo.webhookKeyOf(t.db, scope);
    for (let i = 0; i < 3; i++) {
      const forged = await fetch(`${consoleUrl}/webhooks/line/${key}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-line-signature': 'Zm9yZ2Vk' },
        body: JSON.stringify({ destination: 'x', events: [] }),
      });
      expect(forged.status).toBe(401);
    }
    await counted(scope, 'signature_failures', 3);
    await checkChannel(t.ctx, scope);
    await checkChannel(t.ctx, scope);
    const open = await unresolved(scope, 'signature_failures');
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ severity: 'warning', figures: { count: 3 } });
    const mails = await waitFor(async () => {
      const rows = await t.db.select().from(mailOutbox);
      return rows.length > before && rows.slice(before);
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: t.tenant.staff.email });
    expect(mails[0]!.subject).toContain('Webhook署名の検証失敗');
  });

  it('a quota near its end raises the quota warning, with the day it runs out', async () => {
    const { scope, channel } = await channelWithFriends(0);
    channel.setQuota(1000, 850);
    await checkChannel(t.ctx, scope);
    expect(await lastOf(scope, 'quota')).toMatchObject({
      status: 'open',
      severity: 'warning',
      figures: { limit: 1000, used: 850, used_percent: 85 },
    });
    channel.setQuota(1000, 100);
    await checkChannel(t.ctx, scope);
    expect(await lastOf(scope, 'quota')).toMatchObject({ status: 'resolved' });
  });

  it('429s raise rate limiting; a quota-spent 429 raises the quota incident instead', async () => {
    const limited = await channelWithFriends(1);
    t.sim.faults.inject({ channelId: limited.channel.channelId, endpoint: 'pushMessage', mode: 'rate429', count: 5 });
    await sendTo(limited.scope, [limited.friends[0]!.row.id]);
    await counted(limited.scope, 'rate_limited', 5);
    await checkChannel(t.ctx, limited.scope);
    expect(await unresolved(limited.scope, 'rate_limited')).toMatchObject([{ figures: { count: 5 } }]);
    expect(await unresolved(limited.scope, 'quota')).toEqual([]);

    const spent = await channelWithFriends(1);
    t.sim.faults.inject({ channelId: spent.channel.channelId, endpoint: 'pushMessage', mode: 'quota429', count: 1 });
    await sendTo(spent.scope, [spent.friends[0]!.row.id]);
    await counted(spent.scope, 'quota_refused', 1);
    await checkChannel(t.ctx, spent.scope);
    expect(await unresolved(spent.scope, 'quota')).toMatchObject([{ severity: 'critical', figures: { spent: 1 } }]);
    expect(await unresolved(spent.scope, 'rate_limited')).toEqual([]);
  });

  it('a webhook URL changed at LINE raises the takeover incident', async () => {
    const { scope, channel } = await channelWithFriends(0);
    await checkChannel(t.ctx, scope);
    expect(await unresolved(scope, 'webhook_takeover')).toEqual([]);
    (channel as SimChannel).setWebhookUrl('https://another-tool.example/line/webhook');
    await checkChannel(t.ctx, scope);
    expect(await unresolved(scope, 'webhook_takeover')).toMatchObject([
      { severity: 'critical', figures: { state: 'elsewhere', endpoint: 'https://another-tool.example/line/webhook' } },
    ]);
  });

  it(
    'LINE suspending the account raises the credentials incident and holds its sends; lifting it resolves the incident and sends them',
    async () => {
      const { scope, channel, friends } = await channelWithFriends(1);
      await checkChannel(t.ctx, scope);
      expect(await unresolved(scope, 'credentials_invalid')).toEqual([]);

      // The simulator's fault: the botSuspended webhook, and 403 on every call.
      const suspension = await channel.suspend();
      expect(suspension).toMatchObject({ ok: true, statusCode: 200 });
      await waitFor(async () => (await repo.suspendedSince(t.db, scope)) !== null, FACT_WAIT_MS);
      await checkChannel(t.ctx, scope);
      const [raised] = await unresolved(scope, 'credentials_invalid');
      expect(raised).toMatchObject({
        severity: 'critical',
        figures: { suspended_since: new Date(suspension.events[0]!.timestamp).toISOString(), invalid_since: null },
      });
      // A send meanwhile waits, with no call LINE would refuse; the incident stays one.
      const [held] = await sendTo(scope, [friends[0]!.row.id]);
      const deliveryOf = async () => (await t.db.select().from(deliveries).where(eq(deliveries.id, held!)))[0]!;
      await waitFor(async () => (await deliveryOf()).status === 'waiting', FACT_WAIT_MS);
      expect(await deliveryOf()).toMatchObject({ waitReason: 'bot_suspended', attempts: 0 });
      await checkChannel(t.ctx, scope);
      expect(await unresolved(scope, 'credentials_invalid')).toMatchObject([{ id: raised!.id }]);

      await channel.resume();
      await waitFor(async () => (await repo.suspendedSince(t.db, scope)) === null, FACT_WAIT_MS);
      await waitFor(async () => (await deliveryOf()).status === 'sent', FACT_WAIT_MS);
      expect(channel.sentMessageCount()).toBe(1);
      await checkChannel(t.ctx, scope);
      expect(await unresolved(scope, 'credentials_invalid')).toEqual([]);
      expect(await lastOf(scope, 'credentials_invalid')).toMatchObject({ id: raised!.id, status: 'resolved' });
    },
    CHAIN_TIMEOUT_MS,
  );

  it('plan sends due and not handed to LINE raise scheduler lag naming the plan', async () => {
    const { scope, friends } = await channelWithFriends(1);
    const [plan] = await t.db
      .insert(plans)
      .values({ lineAccountId: scope.lineAccountId, name: '入会ステップ', planType: 'scenario', isActive: true })
      .returning();
    await t.db.insert(planEnrolments).values({
      lineAccountId: scope.lineAccountId,
      planId: plan!.id,
      friendId: friends[0]!.row.id,
      nextActionAt: new Date(t.ctx.clock.now().getTime() - 30 * 60_000),
    });
    await checkChannel(t.ctx, scope);
    expect(await unresolved(scope, 'scheduler_lag')).toMatchObject([
      { figures: { due_sends: 1 }, affected: [{ kind: 'plan', id: plan!.id, label: '入会ステップ', count: 1 }] },
    ]);
    expect(await unresolved(scope, 'plan_stopped')).toEqual([]);
  });

  it('500s on sends raise the failure-rate incident, which resolves after recovery', async () => {
    const { scope, channel, friends } = await channelWithFriends(3);
    await repo.saveThresholds(t.db, scope, { ...DEFAULT_THRESHOLDS, failure_min_sends: 3 });
    t.sim.faults.inject({ channelId: channel.channelId, endpoint: 'pushMessage', mode: 'error500', count: 3 });
    for (const { row } of friends) await sendTo(scope, [row.id]);
    await counted(scope, 'sends_failed', 3);
    await checkChannel(t.ctx, scope);
    const [raised] = await unresolved(scope, 'delivery_failure_rate');
    expect(raised).toMatchObject({
      severity: 'critical',
      figures: { failed: 3, total: 3, rate_percent: 100, top_reason: 'An error occurred in the backend' },
    });

    // An hour later LINE is back: the window holds only successful sends.
    t.ctx.clock.advance(3_600_000);
    for (const { row } of friends) await sendTo(scope, [row.id]);
    await counted(scope, 'sends_ok', 3);
    await checkChannel(t.ctx, scope);
    expect(await unresolved(scope, 'delivery_failure_rate')).toEqual([]);
    await t.db.insert(userLineAccounts).values({ userId: t.tenant.staff.id, lineAccountId: scope.lineAccountId });
    const { output } = await t.call(
      abnormalDetectionApi.get,
      { params: { id: raised!.id } },
      { ...t.staff, lineAccountId: scope.lineAccountId },
    );
    expect(output.data).toMatchObject({ status: 'resolved', metric: 'sends_failed' });
    expect(output.data.timeline.map((entry) => entry.kind)).toEqual(['raised', 'resolved']);
    expect(output.data.series.some((point) => point.value === 3)).toBe(true);
  });
});
