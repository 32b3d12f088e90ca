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
import { richMenus } from './schema.ts';

/** Per tenant's first channel: a menu (made below). */
const menuFixtures = new Map<number, number>();
const menuIn = (tenant: Tenant) => menuFixtures.get(tenant.channels[0]!.id)!;
const menuBody = (switchTo: number | null = null) => ({
  name: 'probe-menu',
  chat_bar_text: 'メニュー',
  areas: switchTo
    ? [{ x: 0, y: 0, width: 100, height: 100, action: { type: 'richmenuswitch', label: '', rich_menu_id: switchTo } }]
    : [],
});
const asA = (a: Tenant) => ({ token: a.tokens.staff, lineAccountId: a.channels[0]!.id });
const inB = (a: Tenant, b: Tenant) => ({ token: a.tokens.staff, lineAccountId: b.channels[0]!.id, answers: [403] });

/** A's staff reaching for B's menu by id (404), naming it from A's data (422); with B's channel in the header, 403. */
const byId = (path: (id: number) => string, body?: unknown): Entry =>
  probes((a, b) => [
    { path: path(menuIn(b)), ...asA(a), answers: NOT_FOUND, ...(body ? { body } : {}) },
    { path: path(menuIn(a)), ...inB(a, b), ...(body ? { body } : {}) },
  ]);
const rule = (menuId: number) => ({ name: 'probe', rich_menu_id: menuId, audience: { kind: 'everyone' } });

export const isolation: IsolationModule = {
  async setup(t, tenants) {
    for (const tenant of tenants) {
      const lineAccountId = tenant.channels[0]!.id;
      const [row] = await t.runtime.ctx.database.db
        .insert(richMenus)
        .values({ lineAccountId, name: 'isolation', chatBarText: 'メニュー' })
        .returning();
      expect(row).toBeDefined();
      menuFixtures.set(lineAccountId, row!.id);
    }
  },
  routes: () => ({
    'GET /rich-menu-images/:name': notTenant('public by a random 192-bit name, as /files/:name'),
    'GET /rich-menu-links/:token': notTenant('a link area’s redirect by its random 122-bit token, as tracked links'),
    // Any phone opens a page area by its random token; a token that names no page area finds nothing.
    'GET /api/public/rich_menu_pages/:token': notTenant('a page area’s content by its random token', (a) =>
      [a.tokens.staff, undefined].map((token) => ({
        path: '/public/rich_menu_pages/00000000000000000000000000000000',
        ...(token ? { token, lineAccountId: a.channels[0]!.id } : {}),
        answers: NOT_FOUND,
      })),
    ),
    'GET /api/service/rich_menus': probes((a, b) => [
      { path: '/service/rich_menus', ...asA(a), answers: [200], absentIds: [menuIn(b)] },
      { path: '/service/rich_menus', ...inB(a, b) },
    ]),
    'GET /api/service/rich_menus/:id': byId((id) => `/service/rich_menus/${id}`),
    'POST /api/service/rich_menus': probes((a, b) => [
      { path: '/service/rich_menus', ...asA(a), body: menuBody(menuIn(b)), answers: INVALID },
      { path: '/service/rich_menus', ...inB(a, b), body: menuBody() },
    ]),
    'PUT /api/service/rich_menus/:id': probes((a, b) => [
      { path: `/service/rich_menus/${menuIn(b)}`, ...asA(a), body: menuBody(), answers: NOT_FOUND },
      { path: `/service/rich_menus/${menuIn(a)}`, ...asA(a), body: menuBody(menuIn(b)), answers: INVALID },
      { path: `/service/rich_menus/${menuIn(a)}`, ...inB(a, b), body: menuBody() },
    ]),
    'DELETE /api/service/rich_menus/:id': byId((id) => `/service/rich_menus/${id}`),
    'POST /api/service/rich_menus/:id/copy': byId((id) => `/service/rich_menus/${id}/copy`, {}),
    'POST /api/service/rich_menus/:id/publish': byId((id) => `/service/rich_menus/${id}/publish`, {}),
    'GET /api/service/rich_menus/:id/insight': byId((id) => `/service/rich_menus/${id}/insight`),
    // A JSON body is a wrong file: the id is checked after the upload is read, so A's own menu is a 422.
    'POST /api/service/rich_menus/:id/image': probes((a, b) => [
      { path: `/service/rich_menus/${menuIn(a)}/image`, ...asA(a), body: {}, answers: INVALID },
      { path: `/service/rich_menus/${menuIn(a)}/image`, ...inB(a, b), body: {} },
    ]),
    'GET /api/service/rich_menu_settings': inChannel('/service/rich_menu_settings', [200]),
    'PUT /api/service/rich_menu_settings/default': probes((a, b) => [
      { path: '/service/rich_menu_settings/default', ...asA(a), body: { rich_menu_id: menuIn(b) }, answers: INVALID },
      { path: '/service/rich_menu_settings/default', ...inB(a, b), body: { rich_menu_id: null } },
    ]),
    'POST /api/service/rich_menu_settings/clean_exit': probes((a, b) => [
      { path: '/service/rich_menu_settings/clean_exit', ...inB(a, b), body: {} },
    ]),
    'GET /api/service/rich_menu_rules': inChannel('/service/rich_menu_rules', [200]),
    'GET /api/service/rich_menu_rules/preview': inChannel('/service/rich_menu_rules/preview', [200]),
    'POST /api/service/rich_menu_rules': probes((a, b) => [
      { path: '/service/rich_menu_rules', ...asA(a), body: rule(menuIn(b)), answers: INVALID },
      { path: '/service/rich_menu_rules', ...inB(a, b), body: rule(menuIn(a)) },
    ]),
    'PUT /api/service/rich_menu_rules/:id': probes((a, b) => [
      { path: '/service/rich_menu_rules/2147483647', ...asA(a), body: rule(menuIn(a)), answers: NOT_FOUND },
      { path: '/service/rich_menu_rules/1', ...inB(a, b), body: rule(menuIn(a)) },
    ]),
    'DELETE /api/service/rich_menu_rules/:id': probes((a, b) => [
      { path: '/service/rich_menu_rules/2147483647', ...asA(a), answers: NOT_FOUND },
      { path: '/service/rich_menu_rules/1', ...inB(a, b) },
    ]),
    'PUT /api/service/rich_menu_rules/order': probes((a, b) => [
      { path: '/service/rich_menu_rules/order', ...inB(a, b), body: { rule_ids: [] } },
    ]),
    'GET /api/service/friends/:friend_id/rich_menu': probes((a, b) => [
      { path: `/service/friends/${talkFriend(b)}/rich_menu`, ...asA(a), answers: NOT_FOUND },
      { path: `/service/friends/${talkFriend(a)}/rich_menu`, ...inB(a, b) },
    ]),
    'PUT /api/service/friends/:friend_id/rich_menu': probes((a, b) => [
      {
        path: `/service/friends/${talkFriend(b)}/rich_menu`,
        ...asA(a),
        body: { rich_menu_id: null },
        answers: NOT_FOUND,
      },
      {
        path: `/service/friends/${talkFriend(a)}/rich_menu`,
        ...asA(a),
        body: { rich_menu_id: menuIn(b) },
        answers: INVALID,
      },
      { path: `/service/friends/${talkFriend(a)}/rich_menu`, ...inB(a, b), body: { rich_menu_id: null } },
    ]),
  }),
};
