import { insight } from '@line/bot-sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_WEBHOOK_PATH } from './index.ts';
import { openApiBackend, validateRequest } from './openapi.ts';
import { lineError, raw, setup, text, TOKEN, type Env } from './test-support.ts';

/** The test clock starts at 2026-07-01 18:00 JST. */
const DAY_MS = 24 * 3600 * 1000;
const TODAY = '20260701';
const YESTERDAY = '20260630';

let env: Env;
let stats: insight.InsightClient;
beforeEach(async () => {
  env = await setup();
  stats = new insight.InsightClient({ channelAccessToken: TOKEN, baseURL: env.sim.url });
});
afterEach(async () => {
  await env.stop();
});

describe('insight: followers', () => {
  it("counts first adds, targeted reaches and blocks as of a day; today's are not ready yet", async () => {
    env.clock.advance(-DAY_MS); // June 30
    const friends = env.channel.createFriends(30);
    await friends[0]!.unfollow();
    env.clock.advance(DAY_MS); // July 1
    await friends[1]!.unfollow();
    await friends[0]!.follow(); // an unblock: not a new add

    const june30 = await stats.getNumberOfFollowers(YESTERDAY);
    expect(june30).toMatchObject({ status: 'ready', followers: 30, blocks: 1 });
    expect(june30.targetedReaches).toBeGreaterThan(0);
    expect(june30.targetedReaches).toBeLessThanOrEqual(29);
    // Without a date: yesterday.
    expect(await stats.getNumberOfFollowers()).toEqual(june30);
    // July 1 has not ended: LINE has not counted it, and says so without figures.
    expect(await stats.getNumberOfFollowers(TODAY)).toEqual({ status: 'unready' });

    env.clock.advance(DAY_MS);
    expect(await stats.getNumberOfFollowers(TODAY)).toMatchObject({ status: 'ready', followers: 30, blocks: 1 });
    expect(await stats.getNumberOfFollowers('20260629')).toEqual({
      status: 'ready',
      followers: 0,
      targetedReaches: 0,
      blocks: 0,
    });
  });

  it('before LINE counted followers: out_of_service; a date that is no calendar date: 400', async () => {
    expect(await stats.getNumberOfFollowers('20161031')).toEqual({ status: 'out_of_service' });
    expect((await stats.getNumberOfFollowers('20161101')).status).toBe('ready');
    expect(await lineError(stats.getNumberOfFollowers('20260231'))).toMatchObject({
      status: 400,
      body: { details: [{ property: 'date' }] },
    });
    expect((await raw(env.sim, 'GET', '/v2/bot/insight/followers?date=2026-06-30')).status).toBe(400);
  });

  it('a channel told its statistics are not ready answers unready for every day until told otherwise', async () => {
    env.channel.createFriends(3);
    env.channel.setInsightSettings({ unready: true });
    expect(await stats.getNumberOfFollowers(YESTERDAY)).toEqual({ status: 'unready' });
    expect(await stats.getNumberOfMessageDeliveries(YESTERDAY)).toEqual({ status: 'unready' });
    const control = await fetch(`${env.sim.url}/_sim/channels/${env.channel.channelId}/insight-settings`, {
      method: 'PUT',
      body: JSON.stringify({ unready: false, countingDelayMs: 12 * 3600 * 1000 }),
    });
    expect(await control.json()).toEqual({ unready: false, countingDelayMs: 43_200_000, demographicsThreshold: 20 });
    // June 30 ended 18 hours ago, more than the 12 hours counting takes.
    expect((await stats.getNumberOfFollowers(YESTERDAY)).status).toBe('ready');
    env.channel.setInsightSettings({ countingDelayMs: 20 * 3600 * 1000 });
    expect((await stats.getNumberOfFollowers(YESTERDAY)).status).toBe('unready');
    expect(() => env.channel.setInsightSettings({ countingDelayMs: -1 })).toThrow(/countingDelayMs/);
  });
});

describe('insight: message deliveries', () => {
  it('counts the messages delivered per day by kind of send', async () => {
    const [a, b, c] = env.channel.createFriends(3);
    await c!.unfollow();
    env.clock.advance(-DAY_MS);
    await env.client.pushMessage({ to: a!.userId, messages: [text('1'), text('2')] });
    await env.client.multicast({ to: [a!.userId, b!.userId, c!.userId], messages: [text('3')] });
    env.clock.advance(DAY_MS);
    await env.client.broadcast({ messages: [text('今日')] });

    expect(await stats.getNumberOfMessageDeliveries(YESTERDAY)).toEqual({
      status: 'ready',
      apiBroadcast: 0,
      // A friend who blocked the channel gets nothing, and nothing is counted.
      apiMulticast: 2,
      apiNarrowcast: 0,
      apiPush: 2,
      apiReply: 0,
    });
    expect(await stats.getNumberOfMessageDeliveries(TODAY)).toEqual({ status: 'unready' });
    expect(await stats.getNumberOfMessageDeliveries('20170228')).toEqual({ status: 'out_of_service' });
  });
});

describe('insight: demographics', () => {
  it('are withheld below the threshold, then given as percentages', async () => {
    env.channel.createFriends(5);
    expect(await stats.getFriendsDemographics()).toMatchObject({ available: false, genders: [] });
    env.channel.createFriends(60);
    const shown = await stats.getFriendsDemographics();
    expect(shown.available).toBe(true);
    const total = (tiles: { percentage?: number }[] = []) =>
      tiles.reduce((sum, tile) => sum + (tile.percentage ?? 0), 0);
    expect(total(shown.genders)).toBeCloseTo(100, 0);
    expect(total(shown.appTypes)).toBeCloseTo(100, 0);
    expect(shown.subscriptionPeriods).toEqual([{ subscriptionPeriod: 'within7days', percentage: 100 }]);
  });
});

describe('suspended bot', () => {
  it('sends botSuspended, answers 403 to every call until resumed, then botResumed', async () => {
    const [friend] = env.channel.createFriends(1);
    const suspended = await env.channel.suspend();
    expect(env.channel.suspended).toBe(true);
    expect(suspended.events).toEqual([
      {
        type: 'botSuspended',
        mode: 'active',
        timestamp: env.clock.now(),
        webhookEventId: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
        deliveryContext: { isRedelivery: false },
      },
    ]);
    expect(await lineError(env.client.pushMessage({ to: friend!.userId, messages: [text('x')] }))).toMatchObject({
      status: 403,
      body: { message: 'Access to this API is not available for your account' },
    });
    expect((await lineError(env.client.getBotInfo())).status).toBe(403);
    expect((await lineError(stats.getNumberOfFollowers())).status).toBe(403);
    expect(friend!.inbox()).toEqual([]);
    await expect(env.channel.suspend()).rejects.toThrow(/suspended already/);

    const resumed = await fetch(`${env.sim.url}/_sim/channels/${env.channel.channelId}/resume`, { method: 'POST' });
    expect(resumed.status).toBe(200);
    expect(env.channel.suspended).toBe(false);
    await env.client.pushMessage({ to: friend!.userId, messages: [text('再開')] });
    expect(friend!.inbox()).toHaveLength(1);

    const hooks = await env.receiver.waitFor(2);
    expect(hooks.map((hook) => hook.body.events.map((e) => e['type']))).toEqual([['botSuspended'], ['botResumed']]);
    const api = await openApiBackend(DEFAULT_WEBHOOK_PATH);
    const operation = api.router.getOperation('callback')!;
    for (const hook of hooks) {
      const request = { method: 'post', path: '/callback', headers: { 'content-type': 'application/json' } };
      expect(validateRequest(api, { ...request, body: hook.body }, operation)).toBeNull();
    }
    await expect(env.channel.resume()).rejects.toThrow(/not suspended/);
  });
});
