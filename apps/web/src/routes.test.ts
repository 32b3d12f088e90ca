import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { areaOf, isChannelPath } from './app/areas.ts';
import { routes } from './routes.tsx';

/** Every route of spec section 2, written as the router spells parameters. */
const SPEC_PATHS = [
  '/account',
  '/account/info',
  '/account/login',
  '/account/logged-out',
  '/account/payment',
  '/account/payment_plan',
  '/account/takeovers',
  '/account/users',
  '/account/users/create',
  '/account/users/:id',
  '/account/users/:id/edit',
  '/account/staff_authorities',
  '/account/staff_authorities/create',
  '/account/staff_authorities/:id',
  '/account/staff_authorities/:id/edit',
  '/admin',
  '/admin/login',
  '/admin/logged-out',
  '/admin/accounts',
  '/admin/accounts/create',
  '/admin/accounts/:id',
  '/admin/accounts/:id/edit',
  '/admin/admins',
  '/admin/admins/create',
  '/admin/admins/edit/:id',
  '/admin/agencies',
  '/admin/agencies/create',
  '/admin/agencies/:id',
  '/admin/agencies/:id/edit',
  '/admin/line-accounts',
  '/admin/line-accounts/create',
  '/admin/line-accounts/:id',
  '/admin/line-accounts/:id/edit',
  '/admin/news',
  '/admin/news/create',
  '/admin/news/edit/:id',
  '/admin/oem',
  '/admin/oem/create',
  '/admin/oem/edit/:id',
  '/admin/oem-account',
  '/admin/oem-plan',
  '/admin/oem-plan/create',
  '/admin/oem-plan/edit/:id',
  '/admin/oem-privacy',
  '/admin/teppan/templates/:message_type',
  '/admin/teppan/templates/:message_type/create',
  '/admin/teppan/templates/:message_type/edit/:id',
  '/agency',
  '/agency/login',
  '/agency/forgot-password',
  '/agency/reset-password/:id',
  '/agency/change-password',
  '/agency/dashboard',
  '/agency/send',
  '/agency/accounts',
  '/agency/accounts/create',
  '/agency/accounts/:id',
  '/agency/accounts/:id/edit',
  '/agency/contracts',
  '/agency/contracts/create',
  '/agency/contracts/:id',
  '/agency/contracts/:id/edit',
  '/agency/users',
  '/agency/users/:id',
  '/agency/users/:id/edit',
  '/service',
  '/service/login',
  '/service/logged-out',
  '/service/forgot-password',
  '/service/reset-password',
  '/service/dashboard',
  '/service/abnormal-detection',
  '/service/abnormal-detection/:id',
  '/service/conversions',
  '/service/forms',
  '/service/forms/create',
  '/service/forms/:id',
  '/service/service-form',
  '/service/friends',
  '/service/friends/:id',
  '/service/inflows',
  '/service/inflows/:id',
  '/service/inflows/:id/Chart',
  '/service/inflows/:id/Chart/ProfileChart',
  '/service/inquiry',
  '/service/marks',
  '/service/plan-analysis',
  '/service/plan-analysis/:id',
  '/service/plans',
  '/service/plans/create',
  '/service/plans/:id/edit',
  '/service/rich-menu',
  '/service/rich-menu/create',
  '/service/rich-menu/:id/edit',
  '/service/tags',
  '/service/talks',
  '/service/talks/:id',
  '/service/templates/:message_type',
  '/service/templates/:message_type/create',
  '/service/templates/:message_type/edit/:id',
  '/',
  '/form',
  '/inflow',
  '/links',
  '/redirects/:id',
  '/rich-menu',
  '/privacy-policy',
  '/rule',
];

interface Leaf {
  path: string;
  /** Ids of the enclosing routes, outermost first. */
  parents: string[];
  lazy: boolean;
}

function leaves(tree: RouteObject[], parents: string[] = []): Leaf[] {
  return tree.flatMap((route) => {
    if (route.children) return leaves(route.children, route.id ? [...parents, route.id] : parents);
    return route.path ? [{ path: route.path, parents, lazy: typeof route.lazy === 'function' }] : [];
  });
}

const pages = leaves(routes).filter((leaf) => leaf.path !== '*');

describe('route table', () => {
  it('has exactly the routes of the specification, each once', () => {
    expect(pages.map((leaf) => leaf.path).sort()).toEqual([...SPEC_PATHS].sort());
  });

  it('nests every route under the root layout and loads every page lazily', () => {
    expect(routes).toHaveLength(1);
    for (const leaf of pages) {
      expect(leaf.parents[0], leaf.path).toBe('root');
      expect(leaf.lazy, leaf.path).toBe(true);
    }
  });

  it('puts each route in the layout of its area', () => {
    const authPaths = /\/(login|logged-out|forgot-password|reset-password)(\/|$)/;
    for (const leaf of pages) {
      const area = areaOf(leaf.path);
      const expected = area === 'public' ? 'public' : authPaths.test(leaf.path) ? 'auth' : `${area}-area`;
      expect(leaf.parents[1], leaf.path).toBe(expected);
    }
  });

  it('gives a channel (laid) to exactly the screens of the service area behind its login', () => {
    for (const leaf of pages) expect(isChannelPath(leaf.path), leaf.path).toBe(leaf.parents[1] === 'service-area');
  });

  it('ends with a not-found page for unknown paths', () => {
    expect(leaves(routes).some((leaf) => leaf.path === '*')).toBe(true);
  });
});
