import { expect } from 'vitest';
import type { Tenant } from '../../test/factory.ts';
import { inChannel, NOT_FOUND, notTenant, probes, type Entry, type IsolationModule } from '../../test/isolation.ts';
import { talkFriend } from '../talks/isolation.ts';
import { conversionPoints } from './schema.ts';

/** Per tenant's first channel: a point (made below). */
const pointFixtures = new Map<number, number>();
const pointIn = (tenant: Tenant) => pointFixtures.get(tenant.channels[0]!.id)!;
const asA = (a: Tenant) => ({ token: a.tokens.staff, lineAccountId: a.channels[0]!.id });
const inB = (a: Tenant, b: Tenant) => ({ token: a.tokens.staff, lineAccountId: b.channels[0]!.id, answers: [403] });
const body = (tagIds: number[] = []) => ({ name: 'probe', tag_ids: tagIds });

/** A's staff reaching for B's point by id (404); with B's channel in the header, 403. */
const byId = (path: (id: number) => string, withBody?: unknown): Entry =>
  probes((a, b) => [
    { path: path(pointIn(b)), ...asA(a), answers: NOT_FOUND, ...(withBody ? { body: withBody } : {}) },
    { path: path(pointIn(a)), ...inB(a, b), ...(withBody ? { body: withBody } : {}) },
  ]);

export const isolation: IsolationModule = {
  async setup(t, tenants) {
    for (const tenant of tenants) {
      const lineAccountId = tenant.channels[0]!.id;
      const [row] = await t.runtime.ctx.database.db
        .insert(conversionPoints)
        .values({ lineAccountId, name: 'isolation', code: `isolation-${lineAccountId}` })
        .returning();
      expect(row).toBeDefined();
      pointFixtures.set(lineAccountId, row!.id);
    }
  },
  routes: () => ({
    // Any browser hits a point by its random code; a code that names no point counts nothing.
    'GET /api/public/conversions/:code': notTenant('a point’s hit by its random code', (a) =>
      [a.tokens.staff, undefined].map((token) => ({
        path: '/public/conversions/AAAAAAAAAAAAAAAAAAAAAAAA',
        ...(token ? { token, lineAccountId: a.channels[0]!.id } : {}),
        answers: NOT_FOUND,
      })),
    ),
    'GET /api/public/conversions/pixel': notTenant('a 1×1 image; counts a hit at the point its random code names'),
    'GET /api/service/conversions': probes((a, b) => [
      { path: '/service/conversions', ...asA(a), answers: [200], absentIds: [pointIn(b)] },
      { path: '/service/conversions', ...inB(a, b) },
    ]),
    'POST /api/service/conversions': probes((a, b) => [{ path: '/service/conversions', ...inB(a, b), body: body() }]),
    'GET /api/service/conversions/:id': byId((id) => `/service/conversions/${id}`),
    'PUT /api/service/conversions/:id': probes((a, b) => [
      { path: `/service/conversions/${pointIn(b)}`, ...asA(a), body: body(), answers: NOT_FOUND },
      { path: `/service/conversions/${pointIn(a)}`, ...inB(a, b), body: body() },
    ]),
    'DELETE /api/service/conversions/:id': byId((id) => `/service/conversions/${id}`),
    'GET /api/service/conversions/:id/breakdown': byId((id) => `/service/conversions/${id}/breakdown?by=friend`),
    'GET /api/service/conversions/:id/export': byId((id) => `/service/conversions/${id}/export`),
    'GET /api/service/conversions/:id/ad_export': byId((id) => `/service/conversions/${id}/ad_export`),
    'GET /api/service/friends/:id/conversions': probes((a, b) => [
      { path: `/service/friends/${talkFriend(b)}/conversions`, ...asA(a), answers: NOT_FOUND },
      { path: `/service/friends/${talkFriend(a)}/conversions`, ...inB(a, b) },
    ]),
    'GET /api/service/conversion_webhook': inChannel('/service/conversion_webhook', [200]),
    'PUT /api/service/conversion_webhook': inChannel('/service/conversion_webhook', [200], { url: null }),
    'POST /api/service/conversion_webhook/test': inChannel('/service/conversion_webhook/test', [200], {}),
  }),
};
