import { describe, expect, it } from 'vitest';
import { ROLES, sessionsApi } from '@linq/contract';
import { startTestApp } from '../../test/harness.ts';
import { outputOf, useTestApp } from '../../test/kit.ts';
import { TEST_PASSWORD } from '../../test/factory.ts';
import { LOGIN_FAILED_MESSAGE, LOGIN_THROTTLED_MESSAGE, THROTTLE } from './service.ts';

const t = useTestApp();

describe('sessions', () => {
  it('logs in to each area and returns that area’s session record', async () => {
    const admin = await t.factory.user('admin');
    const emails = {
      admin: admin.email,
      agency: t.tenant.agencyUser.email,
      account: t.tenant.owner.email,
      service: t.tenant.staff.email,
    };
    for (const role of ROLES) {
      const login = await t.request({
        method: 'POST',
        path: `/${role}/sessions`,
        body: { email: emails[role], password: TEST_PASSWORD },
      });
      expect(login.status).toBe(201);
      const data = outputOf(sessionsApi[role].login, login).data;
      expect(data.role).toBe(role);
      expect(data.access_token.length).toBeGreaterThanOrEqual(43);
      const me = await t.request({ method: 'GET', path: `/${role}/sessions/me`, token: data.access_token });
      expect(me.status).toBe(200);
      expect(outputOf(sessionsApi[role].me, me).data.role).toBe(role);
    }
  });

  it('gives a service session its permissions and only its channels', async () => {
    const me = await t.request({ method: 'GET', path: '/service/sessions/me', token: t.tenant.tokens.viewer });
    const data = outputOf(sessionsApi.service.me, me).data;
    expect(data.permissions.features.friends).toBe('view');
    expect(data.line_accounts.map((c) => c.id)).toEqual([t.tenant.channels[0]!.id]);
  });

  it('refuses a token of one role on another role’s routes with 401', async () => {
    const asService = await t.request({ method: 'GET', path: '/service/sessions/me', token: t.tenant.tokens.owner });
    expect(asService.status).toBe(401);
    const asAdmin = await t.request({ method: 'GET', path: '/admin/sessions/me', token: t.tenant.tokens.staff });
    expect(asAdmin.status).toBe(401);
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const wrong = await t.request({
      method: 'POST',
      path: '/account/sessions',
      body: { email: t.tenant.owner.email, password: 'nope' },
    });
    const unknown = await t.request({
      method: 'POST',
      path: '/account/sessions',
      body: { email: 'nobody@test.example', password: 'nope' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual({ success: false, errors: LOGIN_FAILED_MESSAGE });
    expect(unknown.json).toEqual(wrong.json);
  });

  it('revokes the token on logout', async () => {
    const token = await t.factory.login('account', t.tenant.owner.email);
    const out = await t.request({ method: 'DELETE', path: '/account/sessions', token });
    expect(out.status).toBe(200);
    const me = await t.request({ method: 'GET', path: '/account/sessions/me', token });
    expect(me.status).toBe(401);
  });

  it('throttles repeated failures for one e-mail with a clear 429', async () => {
    const user = await t.factory.user('admin');
    for (let i = 0; i < THROTTLE.perEmail; i++) {
      const r = await t.request({
        method: 'POST',
        path: '/admin/sessions',
        body: { email: user.email, password: 'wrong' },
      });
      expect(r.status).toBe(401);
    }
    const blocked = await t.request({
      method: 'POST',
      path: '/admin/sessions',
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.json.errors).toBe(LOGIN_THROTTLED_MESSAGE);
  });

  it('throttles one IP trying many e-mails', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.77' };
    for (let i = 0; i < THROTTLE.perIp; i++) {
      await t.request({
        method: 'POST',
        path: '/agency/sessions',
        headers,
        body: { email: `x${i}@test.example`, password: 'x' },
      });
    }
    const blocked = await t.request({
      method: 'POST',
      path: '/agency/sessions',
      headers,
      body: { email: t.tenant.agencyUser.email, password: TEST_PASSWORD },
    });
    expect(blocked.status).toBe(429);
  });

  it('ends sessions that are idle too long or past their absolute expiry', async () => {
    const idle = await startTestApp({ SESSION_IDLE_MINUTES: 1 });
    try {
      const user = await idle.factory.user('admin');
      const token = await idle.factory.login('admin', user.email);
      await idle.runtime.ctx.database.sql.executeSql(`update sessions set last_used_at = now() - interval '2 minutes'`);
      expect((await idle.request({ method: 'GET', path: '/admin/sessions/me', token })).status).toBe(401);
      const fresh = await idle.factory.login('admin', user.email);
      await idle.runtime.ctx.database.sql.executeSql(
        `update sessions set expires_at = now() - interval '1 second' where revoked_at is null`,
      );
      expect((await idle.request({ method: 'GET', path: '/admin/sessions/me', token: fresh })).status).toBe(401);
    } finally {
      await idle.stop();
    }
  });

  it('validates the login body with field errors (422)', async () => {
    const r = await t.request({
      method: 'POST',
      path: '/service/sessions',
      body: { email: 'not-an-email', password: '' },
    });
    expect(r.status).toBe(422);
    expect(Object.keys(r.json.errors as object).sort()).toEqual(['email', 'password']);
  });
});
