import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject, test as base } from 'vitest';
import { baseUrl, PHONE_VIEWPORT } from './browser.ts';

export interface PageOptions {
  /** The console's origin (the first console by default; the partner host or a second api process). */
  origin?: string;
  /** Browser locale, Japanese by default. */
  locale?: string;
  /** A 375 px wide phone screen. */
  phone?: boolean;
}

/** Opens a page in a fresh context (its own local storage, so sessions never leak between pages). */
export type OpenPage = (options?: PageOptions) => Promise<Page>;

function pageOpener(browser: Browser, onCleanup: (cleanup: () => Promise<void>) => void): OpenPage {
  const contexts: BrowserContext[] = [];
  onCleanup(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });
  return async (options = {}) => {
    const context = await browser.newContext({
      baseURL: options.origin ?? baseUrl(),
      locale: options.locale ?? 'ja-JP',
      // The console then shows dialogs and menus without animation: nothing moves under a click.
      reducedMotion: 'reduce',
      ...(options.phone ? { viewport: PHONE_VIEWPORT } : {}),
    });
    contexts.push(context);
    return context.newPage();
  };
}

/**
 * The browser tests' fixtures. Chromium is launched once for the run (global setup) and each file
 * connects to it; every page lives in its own context, closed after its test (or, for the pages of
 * `openFilePage`, after its file), whatever the outcome.
 */
export const test = base
  // Vitest reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  .extend('browser', { scope: 'file' }, async ({}, { onCleanup }) => {
    const browser = await chromium.connect(inject('browserEndpoint'));
    onCleanup(() => browser.close());
    return browser;
  })
  /** Pages shared by the tests of a file (opened in `test.beforeAll`). */
  .extend('openFilePage', { scope: 'file' }, ({ browser }, { onCleanup }) => pageOpener(browser, onCleanup))
  /** Further pages of one test: another user, another origin, a phone. */
  .extend('openPage', ({ browser }, { onCleanup }) => pageOpener(browser, onCleanup))
  /** A fresh page on the first console. */
  .extend('page', ({ openPage }) => openPage())
  /** A fresh page on a 375 px wide phone screen. */
  .extend('phonePage', ({ openPage }) => openPage({ phone: true }));

export const it = test;
