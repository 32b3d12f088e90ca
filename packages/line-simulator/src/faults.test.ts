import { messagingApi } from '@line/bot-sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLineSimulator } from './index.ts';
import { lineError, raw, setup, text, TOKEN, waitUntil, type Env } from './test-support.ts';

let env: Env;
beforeEach(async () => {
  env = await setup();
});
afterEach(async () => {
  await env.stop();
});

const KEY = 'c2a9e6f4-5b1d-4c3e-8f7a-9d0b1c2e3f4a';

describe('fault injection', () => {
  it('error500 x2 then success: the failed attempts process nothing', async () => {
    const [friend] = env.channel.createFriends(1);
    env.sim.faults.inject({ endpoint: 'pushMessage', mode: 'error500', count: 2 });
    const push = () => env.client.pushMessage({ to: friend!.userId, messages: [text('再送テスト')] }, KEY);
    for (let i = 0; i < 2; i++) {
      expect(await lineError(push())).toMatchObject({
        status: 500,
        body: { message: 'An error occurred in the backend' },
      });
    }
    expect(env.channel.sentMessages()).toEqual([]);
    await push(); // same retry key: the failed attempts did not accept it
    expect(env.channel.sentMessages()).toHaveLength(1);
    expect(friend!.inbox()).toHaveLength(1);
    expect(env.sim.faults.pending()).toEqual([]);
  });

  it('faults match only their endpoint and channel', async () => {
    const other = env.sim.addChannel({ channelId: '2000000002', channelSecret: 's2', channelAccessToken: 't2' });
    env.sim.faults.inject({ channelId: other.channelId, endpoint: 'getBotInfo', mode: 'rate429', count: 1 });
    await env.client.getBotInfo(); // another channel: unaffected
    await env.client.getMessageQuota(); // another endpoint: unaffected
    const client2 = new messagingApi.MessagingApiClient({ channelAccessToken: 't2', baseURL: env.sim.url });
    await client2.getMessageQuota();
    expect(await lineError(client2.getBotInfo())).toMatchObject({
      status: 429,
      body: { message: 'The API rate limit has been exceeded. Try again later.' },
    });
    await client2.getBotInfo();
  });

  it('timeout: the request is held unanswered and nothing is processed', async () => {
    const [friend] = env.channel.createFriends(1);
    env.sim.faults.inject({ mode: 'timeout', count: 1 });
    const started = Date.now();
    const attempt = fetch(`${env.sim.url}/v2/bot/message/push`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ to: friend!.userId, messages: [text('x')] }),
      signal: AbortSignal.timeout(300),
    });
    await expect(attempt).rejects.toThrow(/abort|timeout/i);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(env.channel.sentMessages()).toEqual([]);
    await env.client.pushMessage({ to: friend!.userId, messages: [text('x')] });
    expect(env.channel.sentMessages()).toHaveLength(1);
  });

  it('a held request does not keep the simulator from stopping', async () => {
    const sim = await startLineSimulator();
    sim.addChannel({ channelId: '9', channelSecret: 's', channelAccessToken: 'tok' });
    sim.faults.inject({ mode: 'timeout', count: 1 });
    const held = fetch(`${sim.url}/v2/bot/info`, { headers: { authorization: 'Bearer tok' } });
    // Wait until the request has reached the simulator and the fault was used.
    await waitUntil(() => sim.faults.pending().length === 0);
    await sim.stop();
    await expect(held).rejects.toThrow();
  });

  it('timeoutAfterProcessing: recorded once, the client sees a failure, the retry gets 409', async () => {
    const [friend] = env.channel.createFriends(1);
    env.sim.faults.inject({ endpoint: 'pushMessage', mode: 'timeoutAfterProcessing', count: 1 });
    const push = () => env.client.pushMessage({ to: friend!.userId, messages: [text('一回だけ')] }, KEY);
    await expect(push()).rejects.toThrow(/fetch failed|socket|terminated/i);
    expect(env.channel.sentMessages()).toHaveLength(1);
    const retry = await lineError(push());
    expect(retry.status).toBe(409);
    expect(retry.headers.get('x-line-accepted-request-id')).toBe(env.channel.sentMessages()[0]!.requestId);
    expect(env.channel.sentMessages()).toHaveLength(1);
    expect(friend!.inbox()).toHaveLength(1);
  });

  it('latency is added to every Messaging API request; clear() removes faults and latency', async () => {
    env.sim.faults.setLatency(120);
    let t0 = performance.now();
    await env.client.getBotInfo();
    expect(performance.now() - t0).toBeGreaterThanOrEqual(110);
    env.sim.faults.inject({ mode: 'error500', count: 5 });
    env.sim.faults.clear();
    t0 = performance.now();
    expect((await raw(env.sim, 'GET', '/v2/bot/info')).status).toBe(200);
    expect(performance.now() - t0).toBeLessThan(110);
  });

  it('rejects nonsense fault definitions', () => {
    expect(() => env.sim.faults.inject({ mode: 'explode' as 'error500', count: 1 })).toThrow(/mode/);
    expect(() => env.sim.faults.inject({ mode: 'error500', count: 0 })).toThrow(/count/);
    expect(() => env.sim.faults.inject({ mode: 'error500', count: 1, endpoint: 'nope' as 'pushMessage' })).toThrow(
      /endpoint/,
    );
  });
});

describe('channel faults', () => {
  it('quota429 and unauthorized401 answer as LINE does for a spent quota and a refused token', async () => {
    const [friend] = env.channel.createFriends(1);
    env.sim.faults.inject({ endpoint: 'pushMessage', mode: 'quota429', count: 1 });
    env.sim.faults.inject({ endpoint: 'getBotInfo', mode: 'unauthorized401', count: 1 });
    expect(await lineError(env.client.pushMessage({ to: friend!.userId, messages: [text('x')] }))).toMatchObject({
      status: 429,
      body: { message: 'You have reached your monthly limit.' },
    });
    expect(await lineError(env.client.getBotInfo())).toMatchObject({ status: 401 });
    expect(env.channel.sentMessages()).toEqual([]);
    await env.client.getBotInfo();
  });
});
