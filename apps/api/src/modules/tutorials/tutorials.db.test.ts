import { sessionsApi } from '@linq/contract';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outputOf, useTestApp } from '../../test/kit.ts';
import { TEST_PASSWORD } from '../../test/factory.ts';
import { users } from '../sessions/schema.ts';
import { MAX_HIDDEN_TUTORIALS, TOO_MANY_MESSAGE } from './service.ts';

const t = useTestApp();

const hide = (screen: unknown, token = t.tenant.tokens.staff) =>
  t.request({ method: 'POST', path: '/service/users/hide_tutorial', token, body: { screen } });
const me = async (token = t.tenant.tokens.staff) => (await t.call(sessionsApi.service.me, {}, { token })).output.data;

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
      body: { email: t.tenant.staff.email, password: TEST_PASSWORD },
    });
    expect(outputOf(sessionsApi.service.login, login).data.hide_tutorial_screens).toEqual(['friends', 'talks']);
    // Each user has their own list; no channel header is needed.
    expect((await me(t.tenant.tokens.viewer)).hide_tutorial_screens).toEqual([]);
  });

  it('validates the screen and caps the list', async () => {
    expect((await hide('')).status).toBe(422);
    expect((await hide('x'.repeat(101))).status).toBe(422);
    expect((await hide(3)).status).toBe(422);
    const full = Array.from({ length: MAX_HIDDEN_TUTORIALS }, (_, i) => `screen-${i}`);
    await t.db.update(users).set({ hideTutorialScreens: full }).where(eq(users.id, t.tenant.viewer.id));
    const r = await hide('one-more', t.tenant.tokens.viewer);
    expect(r.status).toBe(422);
    expect(r.json.errors).toEqual({ screen: { description: TOO_MANY_MESSAGE } });
    // A screen already in the full list is still fine.
    expect((await hide('screen-7', t.tenant.tokens.viewer)).status).toBe(200);
  });

  it('is for service sessions only', async () => {
    expect((await hide('friends', t.tenant.tokens.owner)).status).toBe(401);
    expect(
      (await t.request({ method: 'POST', path: '/service/users/hide_tutorial', body: { screen: 'x' } })).status,
    ).toBe(401);
  });
});
