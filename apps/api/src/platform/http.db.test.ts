import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, sessionOf } from '@linq/contract';
import { requireChannel, route } from './http.ts';
import { useTestApp } from '../test/kit.ts';

/** A channel-scoped service endpoint that needs friends:edit, registered only in this test. */
const probe = endpoint({
  method: 'POST',
  path: '/api/test/channel-probe',
  summary: 'test only',
  access: sessionOf('service'),
  permission: { feature: 'friends', level: 'edit' },
  response: z.object({ data: z.object({ lineAccountId: z.number() }) }),
});

const t = useTestApp({
  tenants: 2,
  extraRoutes: (app, ctx) =>
    route(app, ctx, probe, async ({ channel }) => ({
      data: { lineAccountId: requireChannel(channel).lineAccountId },
    })),
});

const call = (token: string, lineAccountId?: number) =>
  t.request({ method: 'POST', path: '/test/channel-probe', token, ...(lineAccountId ? { lineAccountId } : {}) });

describe('service route guard', () => {
  it('runs the handler inside the channel named by LineAccountId', async () => {
    const r = await call(t.tenant.tokens.staff, t.tenant.channels[1]!.id);
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({ lineAccountId: t.tenant.channels[1]!.id });
  });

  it('answers 403 for a channel of another account or one not assigned to the user', async () => {
    expect((await call(t.tenant.tokens.staff, t.other.channels[0]!.id)).status).toBe(403);
    const unassigned = await call(t.tenant.tokens.viewer, t.tenant.channels[1]!.id);
    expect(unassigned.status).toBe(403);
  });

  it('answers 400 without the header', async () => {
    expect((await call(t.tenant.tokens.staff)).status).toBe(400);
  });

  it('answers 403 when the staff authority lacks the declared permission', async () => {
    const r = await call(t.tenant.tokens.viewer, t.tenant.channels[0]!.id);
    expect(r.status).toBe(403);
    expect(r.json).toEqual({ success: false, errors: 'この操作を行う権限がありません。' });
  });

  it('answers 401 for a token of another area and for none', async () => {
    expect((await call(t.tenant.tokens.owner, t.tenant.channels[0]!.id)).status).toBe(401);
    expect((await t.request({ method: 'POST', path: '/test/channel-probe' })).status).toBe(401);
  });
});
