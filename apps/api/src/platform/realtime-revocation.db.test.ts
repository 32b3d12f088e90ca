/**
 * A talk socket lives no longer than the access it was opened with (issue 12 §6): logout, a
 * password change, a disabled or deleted user, a changed authority or channel list close it at once.
 * The change goes out as a NOTIFY and comes back through the hub's LISTEN, the path by which every
 * api process hears it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminAccountsApi,
  adminLineAccountsApi,
  agenciesApi,
  permissionsWith,
  REALTIME_CLOSE,
  type Permissions,
} from '@linq/contract';
import { useTestApp } from '../test/kit.ts';
import { waitFor } from '../test/wait.ts';
import { startServerProcess } from '../test/server-process.ts';
import { publishRealtime } from './realtime.ts';
import { hashToken, newToken } from './tokens.ts';
import type { Tenant } from '../test/factory.ts';
import { WebSocket, type WsClient } from '../test/ws-client.ts';

let wsBase: string;
let lineAccountId: number;

const t = useTestApp();

beforeAll(async () => {
  const consoleUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsBase = `${consoleUrl.replace(/^http/, 'ws')}/api/service/realtime`;
  lineAccountId = t.tenant.channels[0]!.id;
});

interface Connection {
  socket: WsClient;
  received: { type: string }[];
  closed: number | null;
}
async function openSocket(token: string, base = wsBase, laid = lineAccountId): Promise<Connection> {
  const socket = new WebSocket(`${base}?laid=${laid}`);
  const connection: Connection = { socket, received: [], closed: null };
  socket.on('message', (data) => connection.received.push(JSON.parse(data.toString('utf8')) as { type: string }));
  socket.on('close', (code) => (connection.closed = code));
  socket.on('error', () => undefined);
  await waitFor(() => socket.readyState === 1);
  socket.send(token);
  await waitFor(() => connection.received.some((m) => m.type === 'ready'));
  return connection;
}

/** A staff user of the tenant's first channel with their own authority, logged in. */
async function staff(permissions: Permissions = permissionsWith('edit', true)) {
  const authority = await t.factory.staffAuthority(t.tenant.account.id, permissions);
  const user = await t.factory.user('service', {
    accountId: t.tenant.account.id,
    staffAuthorityId: authority.id,
    lineAccountIds: [lineAccountId],
  });
  return { user, authority, token: await t.factory.login('service', user.email) };
}

const updateUser = (user: { id: number; name: string; email: string }, changes: Record<string, unknown>) =>
  t.request({
    method: 'PUT',
    path: `/account/users/${user.id}`,
    token: t.tenant.tokens.owner,
    body: {
      name: user.name,
      email: user.email,
      status: 'active',
      staff_authority_id: t.tenant.fullAuthority.id,
      line_account_ids: [lineAccountId],
      ...changes,
    },
  });

describe('talk sockets end with the access they were opened with', () => {
  it('logout closes the session’s socket, which then receives nothing more; other sessions’ sockets stay', async () => {
    const mine = await staff();
    const other = await staff();
    const socket = await openSocket(mine.token);
    const bystander = await openSocket(other.token);
    const logout = await t.request({ method: 'DELETE', path: '/service/sessions', token: mine.token });
    expect(logout.status).toBe(200);
    await waitFor(() => socket.closed !== null);
    expect(socket.closed).toBe(REALTIME_CLOSE.unauthorized);

    const seen = socket.received.length;
    await publishRealtime(t.runtime.ctx.database, {
      type: 'message.created',
      lineAccountId,
      friendId: 1,
      messageId: 1,
      direction: 'incoming',
    });
    await waitFor(() => bystander.received.some((m) => m.type === 'message.created'));
    expect(socket.received.length).toBe(seen);
    expect(bystander.closed).toBeNull();
    bystander.socket.close();
  });

  it('a password change and disabling the user close their sockets', async () => {
    const changed = await staff();
    const disabled = await staff();
    const a = await openSocket(changed.token);
    const b = await openSocket(disabled.token);
    expect((await updateUser(changed.user, { password: 'a-brand-new-password-1' })).status).toBe(200);
    expect((await updateUser(disabled.user, { status: 'disabled' })).status).toBe(200);
    await waitFor(() => a.closed !== null && b.closed !== null);
    expect([a.closed, b.closed]).toEqual([REALTIME_CLOSE.unauthorized, REALTIME_CLOSE.unauthorized]);
  });

  it('losing the channel or the talks permission closes the socket (forbidden)', async () => {
    const moved = await staff();
    const demoted = await staff();
    const a = await openSocket(moved.token);
    const b = await openSocket(demoted.token);
    expect((await updateUser(moved.user, { line_account_ids: [t.tenant.channels[1]!.id] })).status).toBe(200);
    const authority = await t.request({
      method: 'PUT',
      path: `/account/staff_authorities/${demoted.authority.id}`,
      token: t.tenant.tokens.owner,
      body: {
        name: demoted.authority.name,
        description: '',
        permissions: {
          ...permissionsWith('edit', true),
          features: { ...permissionsWith('edit', true).features, talks: 'none' },
        },
      },
    });
    expect(authority.status).toBe(200);
    await waitFor(() => a.closed !== null && b.closed !== null);
    expect([a.closed, b.closed]).toEqual([REALTIME_CLOSE.forbidden, REALTIME_CLOSE.forbidden]);
  });

  it('deleting the user closes their socket; a change that keeps access leaves it open', async () => {
    const kept = await staff();
    const deleted = await staff();
    const a = await openSocket(kept.token);
    const b = await openSocket(deleted.token);
    expect((await updateUser(kept.user, { staff_authority_id: kept.authority.id, name: '改名' })).status).toBe(200);
    const removed = await t.request({
      method: 'DELETE',
      path: `/account/users/${deleted.user.id}`,
      token: t.tenant.tokens.owner,
    });
    expect(removed.status).toBe(200);
    await waitFor(() => b.closed !== null);
    expect(b.closed).toBe(REALTIME_CLOSE.unauthorized);
    expect(a.closed).toBeNull();
    a.socket.close();
  });

  it('suspending the account ends its sessions, one opened in the very instant of the suspension too, and closes their sockets', async () => {
    const tenant = await t.factory.tenant();
    const laid = tenant.channels[0]!.id;
    const open = await openSocket(tenant.tokens.staff, wsBase, laid);
    const suspended = await t.call(
      adminAccountsApi.update,
      { params: { id: tenant.account.id }, query: {}, body: { name: tenant.account.name, status: 'suspended' } },
      { token: tenant.tokens.oemAdmin },
    );
    expect(suspended.status).toBe(200);
    await waitFor(() => open.closed !== null);
    expect(open.closed).toBe(REALTIME_CLOSE.unauthorized);

    // A login that passed its suspension check as the suspension committed: its session is written
    // after the revocation, at the suspension's instant. It is refused all the same.
    const raced = await racedSession(tenant.staff.id, 'service');
    const me = await t.request({ method: 'GET', path: '/service/sessions/me', token: raced });
    expect(me.status).toBe(401);
    const owner = await racedSession(tenant.owner.id, 'account');
    expect((await t.request({ method: 'GET', path: '/account/usage', token: owner })).status).toBe(401);
  });

  it('suspending the agency ends its users’ sessions, one opened in the instant of the suspension too', async () => {
    const tenant = await t.factory.tenant();
    const suspended = await t.call(
      agenciesApi.update,
      { params: { id: tenant.agency.id }, query: {}, body: { name: tenant.agency.name, status: 'suspended' } },
      { token: tenant.tokens.oemAdmin },
    );
    expect(suspended.status).toBe(200);
    const meOf = (token: string) => t.request({ method: 'GET', path: '/agency/sessions/me', token });
    expect((await meOf(tenant.tokens.agency)).status).toBe(401);
    expect((await meOf(await racedSession(tenant.agencyUser.id, 'agency'))).status).toBe(401);
  });

  it('suspending a channel closes its staff’s sockets on it and refuses its requests; their other channels stay', async () => {
    const tenant = await t.factory.tenant();
    const [channel, other] = tenant.channels as [Tenant['channels'][number], Tenant['channels'][number]];
    const onIt = await openSocket(tenant.tokens.staff, wsBase, channel.id);
    const onOther = await openSocket(tenant.tokens.staff, wsBase, other.id);
    const suspended = await t.send(
      adminLineAccountsApi.update,
      {
        params: { id: channel.id },
        query: {},
        body: {
          id: channel.id,
          name: channel.name,
          account_id: tenant.account.id,
          status: 'suspended',
          channel_id: `1${String(Date.now()).slice(-9)}`,
          simulated: false,
        },
      },
      { token: tenant.tokens.oemAdmin },
    );
    expect(suspended.status).toBe(200);
    await waitFor(() => onIt.closed !== null);
    expect(onIt.closed).toBe(REALTIME_CLOSE.forbidden);
    const friends = (laid: number) =>
      t.request({ method: 'GET', path: '/service/friends', token: tenant.tokens.staff, lineAccountId: laid });
    expect((await friends(channel.id)).status).toBe(403);
    expect((await friends(other.id)).status).toBe(200);
    expect(onOther.closed).toBeNull();
    onOther.socket.close();
  });

  // Two api processes need one database server: PostgreSQL (CI runs this file on both databases).
  it.runIf(process.env.TEST_DATABASE_URL)(
    'a logout in one api process closes the socket held by another',
    async () => {
      const other = await startServerProcess(t.serverEnv());
      try {
        const mine = await staff();
        const socket = await openSocket(mine.token, `${other.url.replace(/^http/, 'ws')}/api/service/realtime`);
        expect((await t.request({ method: 'DELETE', path: '/service/sessions', token: mine.token })).status).toBe(200);
        await waitFor(() => socket.closed !== null);
        expect(socket.closed).toBe(REALTIME_CLOSE.unauthorized);
      } finally {
        await other.kill('SIGTERM');
      }
    },
    60_000,
  );
});

/** A session of the user written straight to the table, as a login racing a suspension leaves it. */
async function racedSession(userId: number, role: 'service' | 'account' | 'agency'): Promise<string> {
  const token = newToken();
  await t.runtime.ctx.database.sql.executeSql(
    `insert into sessions (user_id, role, token_hash, created_at, last_used_at, expires_at)
     values ($1, $2, $3, now(), now(), now() + interval '1 hour')`,
    [userId, role, hashToken(token)],
  );
  return token;
}
