/**
 * A talk socket lives no longer than the access it was opened with (issue 12 §6): logout, a
 * password change, a disabled or deleted user, a changed authority or channel list close it at once.
 * The change goes out as a NOTIFY and comes back through the hub's LISTEN, the path by which every
 * api process hears it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { permissionsWith, REALTIME_CLOSE, type Permissions } from '@linq/contract';
import { useTestApp } from '../test/kit.ts';
import { waitFor } from '../test/wait.ts';
import { startServerProcess } from '../test/server-process.ts';
import { publishRealtime } from './realtime.ts';
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
async function openSocket(token: string, base = wsBase): Promise<Connection> {
  const socket = new WebSocket(`${base}?laid=${lineAccountId}`);
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
