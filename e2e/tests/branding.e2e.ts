import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { partnerUrl } from '../support/browser.ts';
import { it } from '../support/fixtures.ts';

const DEFAULT_TITLE = 'LinQ マーケティングツール';

const head = (page: Page) =>
  page.evaluate(() => ({
    title: document.title,
    ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? null,
    favicon: document.querySelector('link[rel~="icon"]')?.getAttribute('href') ?? null,
  }));

describe('branding', () => {
  it('uses the default title, og:title and favicon on the default host', async ({ page }) => {
    await page.goto('/service/login');
    await page.waitForFunction((t) => document.title === t, DEFAULT_TITLE);
    const tags = await head(page);
    expect(tags).toEqual({
      title: DEFAULT_TITLE,
      ogTitle: DEFAULT_TITLE,
      favicon: expect.stringContaining('/favicon.svg'),
    });
  });

  it('titles the admin login page with the service name and the admin-screen label', async ({ page }) => {
    await page.goto('/admin/login');
    await page.waitForFunction(() => document.title === 'LinQ 管理画面');
    expect((await head(page)).ogTitle).toBe('LinQ 管理画面');
  });

  it('titles a form page just "フォーム"', async ({ page }) => {
    await page.goto('/form');
    await page.waitForFunction(() => document.title === 'フォーム');
  });

  it('prefixes the partner’s service name and uses its favicon on the partner host, on every route change', async ({
    openPage,
  }) => {
    const page = await openPage({ origin: partnerUrl() });
    await page.goto('/service/login');
    await page.waitForFunction(() => document.title.startsWith('Partner Marketing'));
    const login = await head(page);
    expect(login.title).toContain(DEFAULT_TITLE);
    expect(login.ogTitle).toBe(login.title);
    await page.waitForFunction(() =>
      document.querySelector('link[rel~="icon"]')?.getAttribute('href')?.includes('partner-favicon'),
    );
    // Client-side navigation recomputes the title.
    await page.getByTestId('forgot-password-link').click();
    await page.waitForURL(/forgot-password/);
    expect((await head(page)).title.startsWith('Partner Marketing')).toBe(true);
    await page.getByTestId('landing-service-name').waitFor({ state: 'detached' });
  });

  it('shows the partner’s service name on its landing page', async ({ openPage }) => {
    const page = await openPage({ origin: partnerUrl() });
    await page.goto('/');
    await expect(page.getByTestId('landing-service-name').textContent()).resolves.toContain('Partner Marketing');
  });

  it('shows a not-found page for an unknown route', async ({ page }) => {
    const response = await page.goto('/service/no-such-page');
    expect(response?.status()).toBe(200);
    await page.getByTestId('not-found').waitFor();
    await page.goto('/totally/unknown');
    await page.getByTestId('not-found').waitFor();
  });
});
