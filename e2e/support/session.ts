import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, type Area } from './browser.ts';

/** Logs in through the area's login page and waits until the area's layout shows the user menu. */
export async function loginAs(page: Page, area: Area, email: string, password = DEMO_PASSWORD) {
  await page.goto(`/${area}/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('user-menu').waitFor();
}

export async function logout(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
}

/** The stored access token, for calling the API as this browser's user. */
export const accessToken = (page: Page) => page.evaluate(() => localStorage.getItem('access_token'));

/**
 * A service screen's address, for waitForURL: its path (exactly, or matching the pattern), naming the
 * tab's channel (laid) in its query.
 */
export const serviceScreen = (path: string | RegExp) => (url: URL) =>
  (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)) && url.searchParams.has('laid');
