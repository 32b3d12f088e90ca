import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminLineAccountsApi, type AdminLineAccount } from '@linq/contract';
import { type TestRequest, type TestResponse } from '../../test/harness.ts';
import { outputOf, useTestApp } from '../../test/kit.ts';
import { friends } from '../friends/schema.ts';
import { lineAccounts, userLineAccounts } from '../line-accounts/schema.ts';
import type { Tenant } from '../../test/factory.ts';
import {
  DUPLICATE_CHANNEL_ID_MESSAGE,
  hasFriendsMessage,
  NO_TOKEN_MESSAGE,
  UNKNOWN_ACCOUNT_MESSAGE,
} from './service.ts';
import { publicOrigin } from '../../platform/public-origin.ts';
import { simulatedLoginChannel } from '@linq/line-simulator';
import { LOGIN_CHANNEL_SECRET_MESSAGE, LOGIN_CHANNEL_SECRET_REQUIRED } from '@linq/contract';
import { channelScope } from '../../platform/principal.ts';
import { loginChannelOf } from '../line-accounts/service.ts';

// Both tenants in one OEM, which the platform admin acts on (oem_id) unless a request names another.
const t = useTestApp({ simulator: true, tenants: 2, admin: true, sameOem: true });
const actingOem = () => ({ oem_id: t.tenant.agency.oemId });

const PATH = '/admin/line_accounts';

/** Every plaintext secret and token this file ever sent, and every answer it got. */
const plaintexts = new Set<string>();
const answers: string[] = [];
async function asAdmin(request: Omit<TestRequest, 'token'>): Promise<TestResponse> {
  const body = request.body as Record<string, unknown> | undefined;
  for (const key of ['channel_secret', 'channel_access_token', 'login_channel_secret']) {
    // Long enough to be a real secret (not a short invalid value an error message might echo).
    if (typeof body?.[key] === 'string' && body[key].length >= 20) plaintexts.add(body[key]);
  }
  const response = await t.request({ ...request, query: { ...actingOem(), ...request.query }, token: t.admin.token });
  answers.push(JSON.stringify(response.body));
  return response;
}

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
const credentials = () => ({
  channelId: `1${digits(9)}`,
  channelSecret: randomBytes(16).toString('hex'),
  channelAccessToken: randomBytes(30).toString('base64url'),
});
const channelBody = (of: Tenant, body: Record<string, unknown> = {}) => {
  const c = credentials();
  return {
    name: `公式アカウント ${digits(4)}`,
    account_id: of.account.id,
    channel_id: c.channelId,
    channel_secret: c.channelSecret,
    channel_access_token: c.channelAccessToken,
    ...body,
  };
};
const updateBody = (channel: AdminLineAccount, body: Record<string, unknown> = {}) => ({
  id: channel.id,
  name: channel.name,
  account_id: channel.account.id,
  status: channel.status,
  channel_id: channel.channel_id,
  basic_id: channel.basic_id ?? '',
  simulated: channel.simulated,
  channel_secret: '',
  channel_access_token: '',
  ...body,
});

async function createChannel(body: Record<string, unknown>) {
  const r = await asAdmin({ method: 'POST', path: PATH, body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return outputOf(adminLineAccountsApi.create, r).data;
}
async function stored(id: number) {
  const [row] = await t.db.select().from(lineAccounts).where(eq(lineAccounts.id, id));
  return row;
}
const open = (sealed: string | null | undefined) => t.ctx.secrets.open(sealed!);
const read = async (id: number) =>
  (await t.call(adminLineAccountsApi.get, { params: { id }, query: actingOem() }, t.admin)).output.data;

describe('admin line accounts', () => {
  it('connects a channel to an account, storing the secret and token sealed', async () => {
    const body = channelBody(t.tenant, { name: '  Demo 本店  ', basic_id: ' @123ABCDE ', simulated: true });
    const channel = await createChannel(body);
    const row = await stored(channel.id);
    expect(channel).toEqual({
      id: channel.id,
      name: 'Demo 本店',
      status: 'active',
      account: { id: t.tenant.account.id, name: t.tenant.account.name },
      channel_id: body.channel_id,
      basic_id: '@123abcde',
      bot_user_id: null,
      simulated: true,
      has_channel_secret: true,
      has_channel_access_token: true,
      webhook_url: `http://localhost:3000/webhooks/line/${row!.webhookKey}`,
      connection: { checked_at: null, ok: null, error: null },
      // A simulated channel gets the simulator's LINE Login pair, checked on save (this simulator does not know it yet).
      login: {
        channel_id: simulatedLoginChannel(body.channel_id).channelId,
        has_channel_secret: true,
        checked_at: expect.any(String) as string,
        ok: false,
        error: expect.any(String) as string,
      },
      credentials_invalid: null,
      friend_count: 0,
      following_count: 0,
      created_at: expect.any(String) as string,
      updated_at: expect.any(String) as string,
    });
    expect(row!.webhookKey).toMatch(/^[0-9a-f]{32}$/);

    // Sealed at rest: the column is not the plaintext, and opens to it.
    expect(row!.channelSecretSealed).not.toContain(body.channel_secret);
    expect(row!.channelAccessTokenSealed).not.toContain(body.channel_access_token);
    expect(open(row!.channelSecretSealed)).toBe(body.channel_secret);
    expect(open(row!.channelAccessTokenSealed)).toBe(body.channel_access_token);

    expect(await read(channel.id)).toEqual(channel);
  });

  it('builds the webhook URL from PUBLIC_URL when set', () => {
    const config = t.ctx.config;
    expect(publicOrigin({ ...config, PUBLIC_URL: 'https://console.example.com/' })).toBe('https://console.example.com');
    expect(publicOrigin({ ...config, PUBLIC_URL: undefined, PORT: 3000 }, 51234)).toBe('http://localhost:51234');
    expect(publicOrigin({ ...config, PUBLIC_URL: undefined, PORT: 8080 })).toBe('http://localhost:8080');
  });

  it('lists every tenant’s channels newest first, searched by name, channel id or basic id, filtered by account', async () => {
    const fresh = await t.factory.tenant({ oemId: t.tenant.agency.oemId });
    const prefix = `list${digits(6)}`;
    const first = await createChannel(channelBody(fresh, { name: `${prefix} 一号店` }));
    const second = await createChannel(channelBody(fresh, { basic_id: `@${prefix}` }));
    const third = await createChannel(channelBody(fresh, { channel_id: `9${digits(9)}`, status: 'suspended' }));
    const list = async (query: Record<string, string | number>) => {
      const r = await asAdmin({ method: 'GET', path: PATH, query });
      expect(r.status).toBe(200);
      return { ids: outputOf(adminLineAccountsApi.list, r).data.map((c) => c.id), total: r.json.total_item_count };
    };

    const all = await list({ limit: 1000 });
    expect(all.ids).toEqual(expect.arrayContaining([...t.tenant.channels, ...t.other.channels].map((c) => c.id)));
    expect(all.ids.slice(0, 3)).toEqual([third.id, second.id, first.id]);

    const byAccount = await list({ account_id: fresh.account.id });
    expect(byAccount).toEqual({
      ids: [third.id, second.id, first.id, ...fresh.channels.map((c) => c.id).reverse()],
      total: 5,
    });
    const page = await asAdmin({
      method: 'GET',
      path: PATH,
      query: { account_id: fresh.account.id, page: 2, limit: 2 },
    });
    expect(page.json.pagination).toEqual({ current: 2, pageSize: 2 });
    expect(page.json.total_item_count).toBe(5);
    expect(outputOf(adminLineAccountsApi.list, page).data.map((c) => c.id)).toEqual([first.id, fresh.channels[1]!.id]);

    expect(await list({ q: prefix.toUpperCase() })).toEqual({ ids: [second.id, first.id], total: 2 });
    expect(await list({ q: third.channel_id! })).toEqual({ ids: [third.id], total: 1 });
    expect(await list({ q: `@${prefix}` })).toEqual({ ids: [second.id], total: 1 });
    expect(await list({ q: '%' })).toEqual({ ids: [], total: 0 });
    expect(await list({ account_id: fresh.account.id, status: 'suspended' })).toEqual({ ids: [third.id], total: 1 });
    expect(await list({ account_id: 999_999 })).toEqual({ ids: [], total: 0 });
  });

  it('updates a channel, keeping the stored secret and token when they are empty or absent', async () => {
    const channel = await createChannel(channelBody(t.tenant));
    const before = await stored(channel.id);
    const emptied = await asAdmin({
      method: 'PUT',
      path: `${PATH}/${channel.id}`,
      body: updateBody(channel, { name: '名前変更', status: 'suspended', basic_id: '@renamed' }),
    });
    expect(emptied.status).toBe(200);
    expect(emptied.json.data).toMatchObject({
      id: channel.id,
      name: '名前変更',
      status: 'suspended',
      basic_id: '@renamed',
      has_channel_secret: true,
      has_channel_access_token: true,
      webhook_url: channel.webhook_url,
      created_at: channel.created_at,
    });
    const { channel_secret: _s, channel_access_token: _t, ...withoutSecrets } = updateBody(channel);
    const absent = await asAdmin({ method: 'PUT', path: `${PATH}/${channel.id}`, body: withoutSecrets });
    expect(absent.status).toBe(200);
    const kept = await stored(channel.id);
    expect(kept!.channelSecretSealed).toBe(before!.channelSecretSealed);
    expect(kept!.channelAccessTokenSealed).toBe(before!.channelAccessTokenSealed);
    expect(outputOf(adminLineAccountsApi.update, absent).data.basic_id).toBeNull();

    const next = credentials();
    const replaced = await asAdmin({
      method: 'PUT',
      path: `${PATH}/${channel.id}`,
      body: updateBody(channel, { channel_secret: next.channelSecret, channel_access_token: next.channelAccessToken }),
    });
    expect(replaced.status).toBe(200);
    const after = await stored(channel.id);
    expect(open(after!.channelSecretSealed)).toBe(next.channelSecret);
    expect(open(after!.channelAccessTokenSealed)).toBe(next.channelAccessToken);
    expect(after!.channelAccessTokenSealed).not.toContain(next.channelAccessToken);
  });

  it('moves a channel to another account, ending the old account’s staff assignments to it', async () => {
    const channel = t.tenant.channels[1]!;
    const current = await read(channel.id);
    const moved = await asAdmin({
      method: 'PUT',
      path: `${PATH}/${channel.id}`,
      body: updateBody(current, { account_id: t.other.account.id, channel_id: `7${digits(9)}` }),
    });
    expect(moved.status).toBe(200);
    expect(outputOf(adminLineAccountsApi.update, moved).data.account).toEqual({
      id: t.other.account.id,
      name: t.other.account.name,
    });
    const assignments = await t.db
      .select()
      .from(userLineAccounts)
      .where(eq(userLineAccounts.lineAccountId, channel.id));
    expect(assignments).toEqual([]);
    // Moved back for the tests that follow; the staff assignment does not come back by itself.
    await asAdmin({
      method: 'PUT',
      path: `${PATH}/${channel.id}`,
      body: updateBody(current, { channel_id: `7${digits(9)}` }),
    });
  });

  it('refuses a channel id another channel has, with 422 on channel_id', async () => {
    const taken = await createChannel(channelBody(t.tenant));
    const duplicate = await asAdmin({
      method: 'POST',
      path: PATH,
      body: channelBody(t.other, { channel_id: taken.channel_id }),
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.json).toEqual({
      success: false,
      errors: { channel_id: { description: DUPLICATE_CHANNEL_ID_MESSAGE } },
    });

    const channel = await createChannel(channelBody(t.other));
    const clash = await asAdmin({
      method: 'PUT',
      path: `${PATH}/${channel.id}`,
      body: updateBody(channel, { channel_id: taken.channel_id, name: '変更されない' }),
    });
    expect(clash.status).toBe(422);
    expect(clash.json.errors).toEqual({ channel_id: { description: DUPLICATE_CHANNEL_ID_MESSAGE } });
    expect(await read(channel.id)).toEqual(channel);
    // Keeping its own channel id is no clash.
    const same = await asAdmin({ method: 'PUT', path: `${PATH}/${channel.id}`, body: updateBody(channel) });
    expect(same.status).toBe(200);
  });

  it('lets only one of two concurrent creates with the same channel id through', async () => {
    const channelId = `8${digits(9)}`;
    const results = await Promise.all([
      asAdmin({ method: 'POST', path: PATH, body: channelBody(t.tenant, { channel_id: channelId }) }),
      asAdmin({ method: 'POST', path: PATH, body: channelBody(t.other, { channel_id: channelId }) }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    const rows = await t.db.select().from(lineAccounts).where(eq(lineAccounts.channelId, channelId));
    expect(rows).toHaveLength(1);
  });

  it('validates the body with field errors', async () => {
    const bad = await asAdmin({
      method: 'POST',
      path: PATH,
      body: {
        name: ' ',
        account_id: t.tenant.account.id,
        channel_id: '12ab',
        channel_secret: 'not-a-secret',
        channel_access_token: 'has a space',
        basic_id: 'no-at-sign',
      },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors as object).sort()).toEqual([
      'basic_id',
      'channel_access_token',
      'channel_id',
      'channel_secret',
      'name',
    ]);

    const missing = await asAdmin({ method: 'POST', path: PATH, body: { name: 'x', account_id: t.tenant.account.id } });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.json.errors as object).sort()).toEqual([
      'channel_access_token',
      'channel_id',
      'channel_secret',
    ]);

    const unknownAccount = await asAdmin({
      method: 'POST',
      path: PATH,
      body: channelBody(t.tenant, { account_id: 999_999 }),
    });
    expect(unknownAccount.status).toBe(422);
    expect(unknownAccount.json.errors).toEqual({ account_id: { description: UNKNOWN_ACCOUNT_MESSAGE } });

    const channel = await createChannel(channelBody(t.tenant));
    const badUpdate = await asAdmin({
      method: 'PUT',
      path: `${PATH}/${channel.id}`,
      body: updateBody(channel, { channel_secret: 'short', channel_access_token: 'two words' }),
    });
    expect(badUpdate.status).toBe(422);
    expect(Object.keys(badUpdate.json.errors as object).sort()).toEqual(['channel_access_token', 'channel_secret']);
    expect(await read(channel.id)).toEqual(channel);
  });

  it('refuses a PUT whose body id differs from the path id with 400, and answers 404 for unknown ids', async () => {
    const channel = await createChannel(channelBody(t.tenant));
    const mismatch = await asAdmin({
      method: 'PUT',
      path: `${PATH}/${channel.id}`,
      body: updateBody(channel, { id: t.tenant.channels[0]!.id }),
    });
    expect(mismatch.status).toBe(400);
    const unknown = `${PATH}/999999`;
    expect((await asAdmin({ method: 'GET', path: unknown })).status).toBe(404);
    expect((await asAdmin({ method: 'PUT', path: unknown, body: updateBody(channel, { id: undefined }) })).status).toBe(
      404,
    );
    expect((await asAdmin({ method: 'DELETE', path: unknown })).status).toBe(404);
    expect((await asAdmin({ method: 'POST', path: `${unknown}/connection_test` })).status).toBe(404);
  });

  it('deletes a channel without friends, and refuses one with friends with 409', async () => {
    const channel = await createChannel(channelBody(t.tenant));
    const removed = await asAdmin({ method: 'DELETE', path: `${PATH}/${channel.id}` });
    expect(removed.status).toBe(200);
    expect((await asAdmin({ method: 'GET', path: `${PATH}/${channel.id}` })).status).toBe(404);
    expect(await stored(channel.id)).toBeUndefined();

    const busy = await createChannel(channelBody(t.tenant));
    await t.db.insert(friends).values([
      { lineAccountId: busy.id, lineUserId: `U${randomBytes(16).toString('hex')}`, displayName: '友だち 一' },
      {
        lineAccountId: busy.id,
        lineUserId: `U${randomBytes(16).toString('hex')}`,
        displayName: '友だち 二',
        status: 'blocked',
      },
    ]);
    // All friends the channel knows, and of them the one following: the service header's count.
    expect(await read(busy.id)).toMatchObject({ friend_count: 2, following_count: 1 });
    const refused = await asAdmin({ method: 'DELETE', path: `${PATH}/${busy.id}` });
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({ success: false, errors: hasFriendsMessage(2) });
    expect(await stored(busy.id)).toBeDefined();
  });

  describe('connection test', () => {
    it('calls bot info through the simulator and records the bot on the channel', async () => {
      const body = channelBody(t.tenant, { simulated: true });
      const simChannel = t.sim.addChannel({
        channelId: body.channel_id,
        channelSecret: body.channel_secret,
        channelAccessToken: body.channel_access_token,
        botName: 'デモ公式',
        basicId: '@555simu',
      });
      const channel = await createChannel(body);
      const r = await asAdmin({ method: 'POST', path: `${PATH}/${channel.id}/connection_test` });
      expect(r.status).toBe(200);
      const result = outputOf(adminLineAccountsApi.connectionTest, r).data;
      expect(result).toMatchObject({
        ok: true,
        bot: { user_id: simChannel.botUserId, basic_id: '@555simu', display_name: 'デモ公式' },
        status: null,
        error: null,
      });
      expect(result.line_account).toMatchObject({
        bot_user_id: simChannel.botUserId,
        basic_id: '@555simu',
        connection: { checked_at: result.checked_at, ok: true, error: null },
      });
      expect(await read(channel.id)).toEqual(result.line_account);
    });

    it('records LINE’s 401 when the token is wrong, and clears it once the token is fixed', async () => {
      const body = channelBody(t.tenant, { simulated: true });
      t.sim.addChannel({
        channelId: body.channel_id,
        channelSecret: body.channel_secret,
        channelAccessToken: body.channel_access_token,
      });
      const channel = await createChannel({ ...body, channel_access_token: 'wrong-token' });
      const r = await asAdmin({ method: 'POST', path: `${PATH}/${channel.id}/connection_test` });
      expect(r.status).toBe(200);
      const result = outputOf(adminLineAccountsApi.connectionTest, r).data;
      expect(result).toMatchObject({ ok: false, bot: null, status: 401 });
      expect(result.error).toMatch(/^HTTP 401: Authentication failed/);
      const recorded = await read(channel.id);
      expect(recorded.connection).toEqual({ checked_at: result.checked_at, ok: false, error: result.error });
      expect(recorded.bot_user_id).toBeNull();

      await asAdmin({
        method: 'PUT',
        path: `${PATH}/${channel.id}`,
        body: updateBody(recorded, { channel_access_token: body.channel_access_token }),
      });
      const retried = await asAdmin({ method: 'POST', path: `${PATH}/${channel.id}/connection_test` });
      expect(outputOf(adminLineAccountsApi.connectionTest, retried).data.ok).toBe(true);
      expect((await read(channel.id)).connection).toMatchObject({ ok: true, error: null });
    });

    it('answers 422 on channel_access_token when the channel has no token', async () => {
      const r = await asAdmin({ method: 'POST', path: `${PATH}/${t.tenant.channels[0]!.id}/connection_test` });
      expect(r.status).toBe(422);
      expect(r.json).toEqual({
        success: false,
        errors: { channel_access_token: { description: NO_TOKEN_MESSAGE } },
      });
      expect((await read(t.tenant.channels[0]!.id)).connection).toEqual({ checked_at: null, ok: null, error: null });
    });
  });

  describe('LINE Login settings', () => {
    /** A simulated channel the simulator knows (as the server binds them), created through the API. */
    async function simulatedChannel() {
      const body = channelBody(t.tenant, { simulated: true });
      const simChannel = t.sim.addChannel({
        channelId: body.channel_id,
        channelSecret: body.channel_secret,
        channelAccessToken: body.channel_access_token,
      });
      return { channel: await createChannel(body), simChannel };
    }

    it('gives a simulated channel the simulator’s login pair, sealed, and checks it on save', async () => {
      const { channel, simChannel } = await simulatedChannel();
      expect(channel.login).toEqual({
        channel_id: simChannel.login.channelId,
        has_channel_secret: true,
        checked_at: expect.any(String) as string,
        ok: true,
        error: null,
      });
      const row = await stored(channel.id);
      expect(row!.loginChannelSecretSealed).not.toContain(simChannel.login.channelSecret);
      expect(open(row!.loginChannelSecretSealed)).toBe(simChannel.login.channelSecret);
      expect(await loginChannelOf(t.ctx, channelScope(channel.id))).toEqual({
        channelId: simChannel.login.channelId,
        channelSecret: simChannel.login.channelSecret,
        simulated: true,
        check: { ok: true, error: null, checkedAt: expect.any(Date) as Date },
      });
      expect(await loginChannelOf(t.ctx, channelScope(t.tenant.channels[0]!.id))).toBeNull();
    });

    it('records a refused pair, passes once fixed, keeps it when absent and removes it when emptied', async () => {
      const { channel, simChannel } = await simulatedChannel();
      const put = async (body: Record<string, unknown>) => {
        const r = await asAdmin({ method: 'PUT', path: `${PATH}/${channel.id}`, body: updateBody(channel, body) });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return outputOf(adminLineAccountsApi.update, r).data.login;
      };
      const wrong = await put({
        login_channel_id: simChannel.login.channelId,
        login_channel_secret: randomBytes(16).toString('hex'),
      });
      expect(wrong).toMatchObject({ ok: false, error: 'チャネルIDまたはチャネルシークレットが正しくありません。' });
      expect((await loginChannelOf(t.ctx, channelScope(channel.id)))?.check).toMatchObject({ ok: false });

      const fixed = await put({
        login_channel_id: simChannel.login.channelId,
        login_channel_secret: simChannel.login.channelSecret,
      });
      expect(fixed).toMatchObject({ ok: true, error: null });
      expect(await put({})).toEqual(fixed);

      // Another id with the stored secret: LINE refuses the client.
      expect(await put({ login_channel_id: '1999999999', login_channel_secret: '' })).toMatchObject({
        channel_id: '1999999999',
        ok: false,
      });
      expect(await put({ login_channel_id: '' })).toEqual({
        channel_id: null,
        has_channel_secret: false,
        checked_at: null,
        ok: null,
        error: null,
      });
      expect(await loginChannelOf(t.ctx, channelScope(channel.id))).toBeNull();
    });

    it('refuses a login channel id without a secret, and a malformed secret, with field errors', async () => {
      const channel = await createChannel(channelBody(t.tenant));
      expect(channel.login).toEqual({
        channel_id: null,
        has_channel_secret: false,
        checked_at: null,
        ok: null,
        error: null,
      });
      const r = await asAdmin({
        method: 'PUT',
        path: `${PATH}/${channel.id}`,
        body: updateBody(channel, { login_channel_id: '1234567890' }),
      });
      expect(r.status).toBe(422);
      expect(r.json).toEqual({
        success: false,
        errors: { login_channel_secret: { description: LOGIN_CHANNEL_SECRET_REQUIRED } },
      });
      const malformed = await asAdmin({
        method: 'POST',
        path: PATH,
        body: channelBody(t.tenant, { login_channel_id: '1234567890', login_channel_secret: 'not-hex' }),
      });
      expect(malformed.status).toBe(422);
      expect(malformed.json).toMatchObject({
        errors: { login_channel_secret: { description: LOGIN_CHANNEL_SECRET_MESSAGE } },
      });
    });
  });

  it('lists every account as picker options', async () => {
    const r = await asAdmin({ method: 'GET', path: '/admin/accounts/options' });
    expect(r.status).toBe(200);
    const options = outputOf(adminLineAccountsApi.accountOptions, r).data;
    expect(options).toEqual(
      expect.arrayContaining([
        { id: t.tenant.account.id, name: t.tenant.account.name },
        { id: t.other.account.id, name: t.other.account.name },
      ]),
    );
    expect(Object.keys(options[0]!).sort()).toEqual(['id', 'name']);
  });

  it('keeps each admin to the OEM they act on: another OEM’s channels and accounts are not found', async () => {
    const partner = await t.factory.tenant();
    const channel = t.tenant.channels[0]!;
    const before = await stored(channel.id);
    const platformOwn = await t.request({ method: 'GET', path: PATH, query: { limit: 1000 }, token: t.admin.token });
    expect(outputOf(adminLineAccountsApi.list, platformOwn).data.map((c) => c.id)).not.toContain(channel.id);
    const chosen = await t.request({
      method: 'GET',
      path: PATH,
      query: { limit: 1000, oem_id: partner.agency.oemId },
      token: t.admin.token,
    });
    expect(
      outputOf(adminLineAccountsApi.list, chosen)
        .data.map((c) => c.id)
        .sort(),
    ).toEqual(partner.channels.map((c) => c.id).sort());

    const token = partner.tokens.oemAdmin;
    const own = await t.request({ method: 'GET', path: PATH, query: { limit: 1000 }, token });
    expect(
      outputOf(adminLineAccountsApi.list, own)
        .data.map((c) => c.id)
        .sort(),
    ).toEqual(partner.channels.map((c) => c.id).sort());
    expect((await t.request({ method: 'GET', path: PATH, query: actingOem(), token })).status).toBe(404);
    expect((await t.request({ method: 'GET', path: `${PATH}/${channel.id}`, token })).status).toBe(404);
    const update = updateBody(await read(channel.id), { name: '乗っ取り', channel_id: `7${digits(9)}` });
    expect((await t.request({ method: 'PUT', path: `${PATH}/${channel.id}`, body: update, token })).status).toBe(404);
    expect((await t.request({ method: 'DELETE', path: `${PATH}/${channel.id}`, token })).status).toBe(404);
    const foreign = await t.request({ method: 'POST', path: PATH, body: channelBody(t.tenant), token });
    expect(foreign.json).toMatchObject({ errors: { account_id: { description: UNKNOWN_ACCOUNT_MESSAGE } } });
    const options = await t.request({ method: 'GET', path: '/admin/accounts/options', token });
    expect(outputOf(adminLineAccountsApi.accountOptions, options).data).toEqual([
      { id: partner.account.id, name: partner.account.name },
    ]);
    expect(await stored(channel.id)).toEqual(before);
  });

  it('answers 401 to every session but an administrator’s', async () => {
    const channel = t.tenant.channels[0]!;
    const body = channelBody(t.tenant);
    const path = `${PATH}/${channel.id}`;
    for (const token of [
      t.tenant.tokens.owner,
      t.tenant.tokens.staff,
      t.tenant.tokens.viewer,
      t.tenant.tokens.agency,
      undefined,
    ]) {
      expect((await t.request({ method: 'GET', path: PATH, token })).status).toBe(401);
      expect((await t.request({ method: 'POST', path: PATH, token, body })).status).toBe(401);
      expect((await t.request({ method: 'GET', path, token })).status).toBe(401);
      expect(
        (await t.request({ method: 'PUT', path, token, body: { ...body, status: 'active', simulated: false } })).status,
      ).toBe(401);
      expect((await t.request({ method: 'DELETE', path, token })).status).toBe(401);
      expect((await t.request({ method: 'POST', path: `${path}/connection_test`, token })).status).toBe(401);
      expect((await t.request({ method: 'GET', path: '/admin/accounts/options', token })).status).toBe(401);
    }
    expect(await stored(channel.id)).toMatchObject({ name: channel.name, channelSecretSealed: null });
  });

  it('never answered a secret or token, in plaintext or sealed', async () => {
    const rows = await t.db.select().from(lineAccounts);
    const sealed = rows
      .flatMap((row) => [row.channelSecretSealed, row.channelAccessTokenSealed, row.loginChannelSecretSealed])
      .filter(Boolean);
    expect(plaintexts.size).toBeGreaterThan(10);
    expect(sealed.length).toBeGreaterThan(10);
    for (const answer of answers) {
      for (const secret of [...plaintexts, ...(sealed as string[])]) expect(answer).not.toContain(secret);
      // The sealed format (`v1.<iv>.<tag>.<data>`) appears nowhere either.
      expect(answer).not.toMatch(/"v1\.[\w-]+\./);
    }
  });
});
