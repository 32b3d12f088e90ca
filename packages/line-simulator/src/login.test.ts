import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { simulatedLoginChannel } from './index.ts';
import { setup, type Env } from './test-support.ts';

let env: Env;
beforeEach(async () => {
  env = await setup({ webhookTimeoutMs: 300 });
});
afterEach(async () => {
  await env.stop();
});

const CALLBACK = 'https://console.example/inflow/callback';

function authorizeParams(overrides: Record<string, string | null> = {}): URLSearchParams {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: env.channel.login.channelId,
    redirect_uri: CALLBACK,
    state: 'state-1',
    scope: 'openid profile',
    nonce: 'nonce-1',
    bot_prompt: 'aggressive',
  });
  for (const [key, value] of Object.entries(overrides)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  return params;
}

/** Submits the consent page's form; answers the redirect's query. */
async function consent(fields: Record<string, string>, overrides: Record<string, string | null> = {}) {
  const form = authorizeParams(overrides);
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const res = await fetch(`${env.sim.url}/oauth2/v2.1/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
  return location.searchParams;
}

async function post(path: string, fields: Record<string, string>) {
  const res = await fetch(`${env.sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

function tokenFields(code: string, overrides: Record<string, string> = {}) {
  return {
    grant_type: 'authorization_code',
    code,
    redirect_uri: CALLBACK,
    client_id: env.channel.login.channelId,
    client_secret: env.channel.login.channelSecret,
    ...overrides,
  };
}

describe('LINE Login', () => {
  it('gives each channel a stable login channel of its own', () => {
    expect(env.channel.login).toEqual(simulatedLoginChannel('2000000001'));
    expect(env.channel.login.channelId).toMatch(/^\d{10}$/);
    expect(simulatedLoginChannel('2000000002').channelId).not.toBe(env.channel.login.channelId);
  });

  it('shows a consent page with the channel’s friends, their names as text', async () => {
    env.channel.createFriend({ displayName: '<script>alert(1)</script>' });
    const res = await fetch(`${env.sim.url}/oauth2/v2.1/authorize?${authorizeParams().toString()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain('LINEログイン');
    expect(html).toContain('テスト店 を友だち追加する');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;');
  });

  it('refuses an unknown client or a missing redirect URI on a page, never redirecting', async () => {
    const unknown = await fetch(
      `${env.sim.url}/oauth2/v2.1/authorize?${authorizeParams({ client_id: '1' }).toString()}`,
      {
        redirect: 'manual',
      },
    );
    expect(unknown.status).toBe(400);
    const noRedirect = await fetch(
      `${env.sim.url}/oauth2/v2.1/authorize?${authorizeParams({ redirect_uri: null }).toString()}`,
      { redirect: 'manual' },
    );
    expect(noRedirect.status).toBe(400);
  });

  it('a new user who adds the channel: follow webhook, code, ID token, profile and friendship', async () => {
    const query = await consent({ action: 'allow', displayName: '山田 花子', addFriend: 'true' });
    expect(query.get('state')).toBe('state-1');
    expect(query.get('friendship_status_changed')).toBe('true');
    const [hook] = await env.receiver.waitFor(1);
    const event = hook!.body.events[0]!;
    expect(event['type']).toBe('follow');
    const userId = (event['source'] as { userId: string }).userId;
    expect(env.channel.friend(userId)?.profile.displayName).toBe('山田 花子');

    const token = await post('/oauth2/v2.1/token', tokenFields(query.get('code')!));
    expect(token.status).toBe(200);
    expect(token.json).toMatchObject({ token_type: 'Bearer', scope: 'openid profile', expires_in: 2592000 });
    const idToken = token.json['id_token'] as string;
    const [head, body, signature] = idToken.split('.');
    expect(signature).toBe(
      createHmac('sha256', env.channel.login.channelSecret).update(`${head}.${body}`).digest('base64url'),
    );

    const verified = await post('/oauth2/v2.1/verify', {
      id_token: idToken,
      client_id: env.channel.login.channelId,
      nonce: 'nonce-1',
    });
    expect(verified.status).toBe(200);
    expect(verified.json).toMatchObject({
      iss: 'https://access.line.me',
      sub: userId,
      aud: env.channel.login.channelId,
      nonce: 'nonce-1',
      name: '山田 花子',
    });

    const bearer = { authorization: `Bearer ${token.json['access_token'] as string}` };
    const profile = await fetch(`${env.sim.url}/v2/profile`, { headers: bearer });
    expect(await profile.json()).toMatchObject({ userId, displayName: '山田 花子' });
    const friendship = await fetch(`${env.sim.url}/friendship/v1/status`, { headers: bearer });
    expect(await friendship.json()).toEqual({ friendFlag: true });
    const anonymous = await fetch(`${env.sim.url}/friendship/v1/status`, { headers: { authorization: 'Bearer nope' } });
    expect(anonymous.status).toBe(401);
  });

  it('an existing friend who does not add: no webhook, friendship unchanged', async () => {
    const friend = env.channel.createFriend({ displayName: '既存' });
    const query = await consent({ action: 'allow', userId: friend.userId });
    expect(query.get('friendship_status_changed')).toBe('false');
    const token = await post('/oauth2/v2.1/token', tokenFields(query.get('code')!));
    const status = await fetch(`${env.sim.url}/friendship/v1/status`, {
      headers: { authorization: `Bearer ${token.json['access_token'] as string}` },
    });
    expect(await status.json()).toEqual({ friendFlag: false });
    expect(env.receiver.received).toHaveLength(0);
  });

  it('cancel answers access_denied', async () => {
    const query = await consent({ action: 'cancel' });
    expect(query.get('error')).toBe('access_denied');
    expect(query.get('state')).toBe('state-1');
    expect(query.get('code')).toBeNull();
  });

  it('refuses a wrong client, secret, code, redirect URI and a reused code with LINE’s error bodies', async () => {
    const code = (await consent({ action: 'allow' })).get('code')!;
    const refused = async (fields: Record<string, string>, error: string) => {
      const answer = await post('/oauth2/v2.1/token', fields);
      expect(answer.status).toBe(400);
      expect(answer.json['error']).toBe(error);
      expect(typeof answer.json['error_description']).toBe('string');
    };
    await refused(tokenFields(code, { client_id: '1999999999' }), 'invalid_client');
    await refused(tokenFields(code, { client_secret: 'wrong' }), 'invalid_client');
    await refused(tokenFields('made-up'), 'invalid_grant');
    await refused(tokenFields(code, { redirect_uri: 'https://elsewhere.example/cb' }), 'invalid_grant');
    expect((await post('/oauth2/v2.1/token', tokenFields(code))).status).toBe(200);
    await refused(tokenFields(code), 'invalid_grant');
  });

  it('verify refuses another audience, another nonce and an expired token', async () => {
    const code = (await consent({ action: 'allow' })).get('code')!;
    const idToken = (await post('/oauth2/v2.1/token', tokenFields(code))).json['id_token'] as string;
    const verify = (fields: Record<string, string>) =>
      post('/oauth2/v2.1/verify', { id_token: idToken, client_id: env.channel.login.channelId, ...fields });
    expect((await verify({ client_id: '1999999999' })).json['error_description']).toBe('Invalid IdToken Audience.');
    expect((await verify({ nonce: 'other' })).json['error_description']).toBe('Invalid IdToken Nonce.');
    expect((await verify({ id_token: `${idToken}x` })).json['error_description']).toBe('Invalid IdToken.');
    env.clock.advance(3601_000);
    const expired = await verify({ nonce: 'nonce-1' });
    expect(expired.status).toBe(400);
    expect(expired.json).toEqual({ error: 'invalid_request', error_description: 'IdToken expired.' });
  });
});
