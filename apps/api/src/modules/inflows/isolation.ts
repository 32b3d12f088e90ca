import { expect } from 'vitest';
import type { Tenant } from '../../test/factory.ts';
import {
  inChannel,
  INVALID,
  NOT_FOUND,
  notTenant,
  probes,
  type Entry,
  type IsolationModule,
} from '../../test/isolation.ts';
import { talkFriend } from '../talks/isolation.ts';
import { newInflowCode } from './code.ts';
import { inflowRoutes } from './schema.ts';

/** Per tenant's first channel: a route (made below). */
const routeFixtures = new Map<number, { id: number; code: string }>();
const routeIn = (tenant: Tenant) => routeFixtures.get(tenant.channels[0]!.id)!.id;
const asA = (a: Tenant) => ({ token: a.tokens.staff, lineAccountId: a.channels[0]!.id });
const inB = (a: Tenant, b: Tenant) => ({ token: a.tokens.staff, lineAccountId: b.channels[0]!.id, answers: [403] });
const routeBody = (tagIds: number[] = [], folderId: number | null = null) => ({
  name: 'probe-route',
  folder_id: folderId,
  actions: { mode: 'first_add_only', tag_ids: tagIds },
});

/** A's staff reaching for B's route by id (404); with B's channel in the header, 403. */
const byId = (path: (id: number) => string, body?: unknown): Entry =>
  probes((a, b) => [
    { path: path(routeIn(b)), ...asA(a), answers: NOT_FOUND, ...(body ? { body } : {}) },
    { path: path(routeIn(a)), ...inB(a, b), ...(body ? { body } : {}) },
  ]);

export const isolation: IsolationModule = {
  async setup(t, tenants) {
    for (const tenant of tenants) {
      const lineAccountId = tenant.channels[0]!.id;
      const [row] = await t.runtime.ctx.database.db
        .insert(inflowRoutes)
        .values({
          lineAccountId,
          name: 'isolation',
          code: newInflowCode(),
          actions: { mode: 'first_add_only', tag_ids: [], mark_ids: [], plan_id: null, rich_menu_id: null },
        })
        .returning();
      expect(row).toBeDefined();
      routeFixtures.set(lineAccountId, { id: row!.id, code: row!.code });
    }
  },
  routes: () => ({
    'GET /api/service/inflows': probes((a, b) => [
      { path: '/service/inflows', ...asA(a), answers: [200], absentIds: [routeIn(b)] },
      { path: '/service/inflows', ...inB(a, b) },
    ]),
    'GET /api/service/inflows/export': probes((a, b) => [
      {
        path: '/service/inflows/export',
        ...asA(a),
        answers: [200],
        absentText: [routeFixtures.get(b.channels[0]!.id)!.code],
      },
      { path: '/service/inflows/export', ...inB(a, b) },
    ]),
    'GET /api/service/inflows/:id': byId((id) => `/service/inflows/${id}`),
    'POST /api/service/inflows': probes((a, b) => [
      { path: '/service/inflows', ...asA(a), body: routeBody([], routeIn(b)), answers: INVALID },
      { path: '/service/inflows', ...inB(a, b), body: routeBody() },
    ]),
    'PUT /api/service/inflows/:id': probes((a, b) => [
      { path: `/service/inflows/${routeIn(b)}`, ...asA(a), body: routeBody(), answers: NOT_FOUND },
      { path: `/service/inflows/${routeIn(a)}`, ...inB(a, b), body: routeBody() },
    ]),
    'DELETE /api/service/inflows/:id': byId((id) => `/service/inflows/${id}`),
    'POST /api/service/inflows/:id/copy': byId((id) => `/service/inflows/${id}/copy`, {}),
    'GET /api/service/inflows/:id/history': byId((id) => `/service/inflows/${id}/history`),
    'GET /api/service/inflows/:id/friends': byId((id) => `/service/inflows/${id}/friends`),
    'GET /api/service/inflows/:id/chart': byId((id) => `/service/inflows/${id}/chart`),
    'GET /api/service/inflows/:id/profile_chart': byId((id) => `/service/inflows/${id}/profile_chart`),
    'GET /api/service/inflows/:id/qr.png': byId((id) => `/service/inflows/${id}/qr.png`),
    'GET /api/service/inflows/:id/qr.svg': byId((id) => `/service/inflows/${id}/qr.svg`),
    'GET /api/service/inflow_status': inChannel('/service/inflow_status', [200]),
    'GET /api/service/friends/:friend_id/inflows': probes((a, b) => [
      { path: `/service/friends/${talkFriend(b)}/inflows`, ...asA(a), answers: NOT_FOUND },
      { path: `/service/friends/${talkFriend(a)}/inflows`, ...inB(a, b) },
    ]),
    'POST /api/public/inflow_visits': notTenant(
      'a route URL is public by its unguessable code; the visit is recorded in the route’s own channel',
      (a) => [
        { path: '/public/inflow_visits', token: a.tokens.staff, body: { code: '0000000000' }, answers: NOT_FOUND },
      ],
    ),
    'GET /api/public/inflow_login/callback': notTenant(
      "LINE Login's return names its visit by the unguessable state only; an unknown state goes to the done page",
      (a) => [{ path: '/public/inflow_login/callback?state=nope&code=x', token: a.tokens.staff, answers: [302] }],
    ),
  }),
};
