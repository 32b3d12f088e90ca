import { startLineSimulator, type LineSimulator, type SimChannel } from '@linq/line-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friendshipStatusChanged, LineLoginError, lineLoginClient, type LineLoginClient } from './line-login.ts';

let t = Date.parse('2026-07-01T09:00:00.000Z');
let sim: LineSimulator;
let channel: SimChannel;
let client: LineLoginClient;
const CALLBACK = 'http://127.0.0.1:1/inflow/callback';

beforeAll(async () => {
  sim = await startLineSimulator({ now: () => t });
  channel = sim.addChannel({ channelId: '2000000101', channelSecret: 'secret-101', channelAccessToken: 'token-101' });
  client = lineLoginClient({ apiBaseUrl: sim.url, dataApiBaseUrl: sim.url, loginBaseUrl: sim.url, timeoutMs: 5000 });
});
afterAll(async () => {
  await sim.stop();
});

/** Acts as the visitor on the simulator's consent page: a new user, adding the channel or not. */
async function login(nonce: string, addFriend: boolean): Promise<URLSearchParams> {
  const url = new URL(
    client.loginAuthorizeUrl({
      channelId: channel.login.channelId,
      redirectUri: CALLBACK,
      state: 's',
      nonce,
      botPrompt: 'aggressive',
    }),
  );
  const form = new URLSearchParams(url.searchParams);
  form.set('action', 'allow');
  form.set('displayName', '訪問者');
  if (addFriend) form.set('addFriend', 'true');
  const res = await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  return new URL(res.headers.get('location')!).searchParams;
}

const exchange = (code: string) =>
  client.exchangeLoginCode({
    channelId: channel.login.channelId,
    channelSecret: channel.login.channelSecret,
    code,
    redirectUri: CALLBACK,
  });

describe('LINE Login client (against the simulator)', () => {
  it('builds LINE’s authorization URL', () => {
    const url = new URL(
      lineLoginClient({
        apiBaseUrl: 'https://api.line.me',
        dataApiBaseUrl: 'https://api-data.line.me',
        loginBaseUrl: 'https://access.line.me',
        timeoutMs: 1000,
      }).loginAuthorizeUrl({
        channelId: '123',
        redirectUri: CALLBACK,
        state: 'st',
        nonce: 'n',
        botPrompt: 'aggressive',
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://access.line.me/oauth2/v2.1/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: '123',
      redirect_uri: CALLBACK,
      state: 'st',
      scope: 'openid profile',
      nonce: 'n',
      bot_prompt: 'aggressive',
    });
  });

  it('exchanges the code, verifies the ID token and reads the friendship', async () => {
    const query = await login('n-1', true);
    expect(friendshipStatusChanged(Object.fromEntries(query))).toBe(true);
    const tokens = await exchange(query.get('code')!);
    const identity = await client.verifyLoginIdToken({
      channelId: channel.login.channelId,
      idToken: tokens.idToken,
      nonce: 'n-1',
    });
    expect(identity.userId).toMatch(/^U[0-9a-f]{32}$/);
    expect(identity.name).toBe('訪問者');
    expect(channel.friend(identity.userId)).toBeDefined();
    expect(await client.loginFriendship(tokens.accessToken)).toEqual({ friendFlag: true });
  });

  it('refuses another nonce, another audience and an expired ID token', async () => {
    const query = await login('n-2', false);
    expect(friendshipStatusChanged(Object.fromEntries(query))).toBe(false);
    const tokens = await exchange(query.get('code')!);
    expect(await client.loginFriendship(tokens.accessToken)).toEqual({ friendFlag: false });
    const verify = (channelId: string, nonce: string) =>
      client.verifyLoginIdToken({ channelId, idToken: tokens.idToken, nonce });
    await expect(verify(channel.login.channelId, 'other')).rejects.toThrow('Invalid IdToken Nonce.');
    await expect(verify('1999999999', 'n-2')).rejects.toThrow('Invalid IdToken Audience.');
    t += 3601_000;
    const expired = await verify(channel.login.channelId, 'n-2').catch((error: unknown) => error);
    expect(expired).toBeInstanceOf(LineLoginError);
    expect(expired).toMatchObject({ kind: 'bad_request', lineStatus: 400, message: 'IdToken expired.' });
  });

  it('refuses a reused code', async () => {
    const code = (await login('n-3', false)).get('code')!;
    await exchange(code);
    await expect(exchange(code)).rejects.toMatchObject({ lineError: 'invalid_grant' });
  });

  it('checks a channel id and secret pair', async () => {
    const { channelId, channelSecret } = channel.login;
    expect(await client.testLoginChannel({ channelId, channelSecret })).toEqual({ ok: true });
    expect(await client.testLoginChannel({ channelId, channelSecret: 'wrong' })).toMatchObject({ ok: false });
    expect(await client.testLoginChannel({ channelId: '1999999999', channelSecret })).toMatchObject({ ok: false });
  });

  it('reads friendship_status_changed', () => {
    expect(friendshipStatusChanged({ friendship_status_changed: 'true' })).toBe(true);
    expect(friendshipStatusChanged({ friendship_status_changed: 'false' })).toBe(false);
    expect(friendshipStatusChanged({})).toBeNull();
  });
});
