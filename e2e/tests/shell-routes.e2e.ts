/**
 * Routes whose screens belong to later issues: each renders inside its area layout with
 * its page title and the "not available yet" state. Later issues shrink SHELL_ROUTES.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { SHELL_ROUTES } from '../../apps/web/src/shell-routes.ts';
import { type Area } from '../support/browser.ts';
import { it, type OpenPage } from '../support/fixtures.ts';
import { signIn } from '../support/session.ts';

const logins: Record<Area, string> = {
  admin: 'admin@demo.example',
  agency: 'agency@demo.example',
  account: 'account@demo.example',
  service: 'staff@demo.example',
};

function areaOf(path: string): Area | 'public' {
  const prefix = path.split('/')[1];
  if (prefix === 'admin' || prefix === 'account' || prefix === 'agency' || prefix === 'service') return prefix;
  return 'public';
}

const concrete = (path: string) => path.replace(':message_type', 'text').replace(/:id/g, '1');

/** One page per area for the whole file, logged in on its first use. */
const pages = new Map<Area | 'public', Page>();

async function pageFor(area: Area | 'public', openFilePage: OpenPage): Promise<Page> {
  const existing = pages.get(area);
  if (existing) return existing;
  const page = await openFilePage();
  if (area !== 'public') await signIn(page, area, logins[area]);
  pages.set(area, page);
  return page;
}

describe('shell routes', () => {
  it('lists only routes that exist in the spec’s route table form', () => {
    expect(SHELL_ROUTES.length).toBeGreaterThan(0);
    for (const route of SHELL_ROUTES) expect(route.path).toMatch(/^\/[A-Za-z0-9_\-/:]*$/);
  });

  for (const route of SHELL_ROUTES) {
    it(`${route.path} renders in its area with a title and the not-available state`, async ({ openFilePage }) => {
      const area = areaOf(route.path);
      const page = await pageFor(area, openFilePage);
      await page.goto(concrete(route.path));
      await page.getByTestId('not-available').waitFor();
      await expect(page.getByTestId('page-title').first().textContent()).resolves.toBeTruthy();
      if (area !== 'public') await page.getByTestId(`area-${area}`).waitFor();
    });
  }
});
