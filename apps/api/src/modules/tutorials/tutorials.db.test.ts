import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import type { Tenant } from '../../test/factory.ts';
import { TEST_PASSWORD } from '../../test/factory.ts';
import { users } from '../sessions/schema.ts';
import { MAX_HIDDEN_TUTORIALS, TOO_MANY_MESSAGE } from './service.ts';

let t: TestApp;
let tenant: Tenant;
beforeAll(async () => {
  t = await startTestApp();
  tenant = await t.factory.tenant();
});
afterAll(() => t.stop());

const hide = (screen: unknown, token = tenant.tokens.staff) =>
  t.request({ method: 'POST', path: '/service/users/hide_tutorial', token, body: { screen } });
const me = async (token = tenant.tokens.staff) =>
  (await t.request({ method: 'GET', path: '/service/sessions/me', token })).json.data as {
    hide_tutorial_screens: string[];
  };

describe('POST /service/users/hide_tutorial', () => {
  it('adds the screen once, keeps the order, and the session (me and login) carries the list', async () => {
    expect((await me()).hide_tutorial_screens).toEqual([]);
    let r = await hide(' friends ');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.json).toEqual({ data: { hide_tutorial_screens: ['friends'] } });
    await hide('talks');
    r = await hide('friends');
    expect(r.json.data).toEqual({ hide_tutorial_screens: ['friends', 'talks'] });
    expect((await me()).hide_tutorial_screens).toEqual(['friends', 'talks']);
    const login = await t.request({
      method: 'POST',
      path: '/service/sessions',
      body: { email: tenant.staff.email, password: TEST_PASSWORD },
    });
    expect((login.json.data as { hide_tutorial_screens: string[] }).hide_tutorial_screens).toEqual([
      'friends',
      'talks',
    ]);
    // Each user has their own list; no channel header is needed.
    expect((await me(tenant.tokens.viewer)).hide_tutorial_screens).toEqual([]);
  });

  it('validates the screen and caps the list', async () => {
    expect((await hide('')).status).toBe(422);
    expect((await hide('x'.repeat(101))).status).toBe(422);
    expect((await hide(3)).status).toBe(422);
    const full = Array.from({ length: MAX_HIDDEN_TUTORIALS }, (_, i) => `screen-${i}`);
    await t.runtime.ctx.database.db
      .update(users)
      .set({ hideTutorialScreens: full })
      .where(eq(users.id, tenant.viewer.id));
    const r = await hide('one-more', tenant.tokens.viewer);
    expect(r.status).toBe(422);
    expect(r.json.errors).toEqual({ screen: { description: TOO_MANY_MESSAGE } });
    // A screen already in the full list is still fine.
    expect((await hide('screen-7', tenant.tokens.viewer)).status).toBe(200);
  });

  it('is for service sessions only', async () => {
    expect((await hide('friends', tenant.tokens.owner)).status).toBe(401);
    expect(
      (await t.request({ method: 'POST', path: '/service/users/hide_tutorial', body: { screen: 'x' } })).status,
    ).toBe(401);
  });
});
