import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const DEMO_PASSWORD = 'Demo#2026';
export type Area = 'admin' | 'agency' | 'account' | 'service';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  // The white-label OEM host, answered by the same loopback server.
  '--host-resolver-rules=MAP partner.localhost 127.0.0.1',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export const baseUrl = () => inject('baseUrl');
export const partnerUrl = () => `http://partner.localhost:${inject('port')}`;

/** A fresh browser context: its own local storage, so sessions never leak between tests. */
export async function newPage(browser: Browser, origin = baseUrl()): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: origin, locale: 'ja-JP' });
  const page = await context.newPage();
  return { context, page };
}

/** The smallest screen the console supports: a 375 px wide phone. */
export const PHONE_VIEWPORT = { width: 375, height: 740 };

/** A fresh context on a 375 px wide phone screen. */
export async function newPhonePage(
  browser: Browser,
  locale = 'ja-JP',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), locale, viewport: PHONE_VIEWPORT });
  const page = await context.newPage();
  return { context, page };
}
