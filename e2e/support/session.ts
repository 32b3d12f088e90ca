import type { Page } from 'playwright-core';
import { baseUrl, DEMO_PASSWORD, type Area } from './browser.ts';

/** Logs in through the area's login page and waits until the area's layout shows the user menu. */
export async function loginAs(page: Page, area: Area, email: string, password = DEMO_PASSWORD) {
  await page.goto(`/${area}/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('user-menu').waitFor();
}

/**
 * Signs the page in as a user without the login screen (for tests whose subject is elsewhere): the
 * API's login, its token put where the console keeps it before the console's first script runs, then
 * `path` (the area's home by default) opened directly, waiting for the area's user menu. The token is
 * put once per tab: a logout, or a later sign-in, is not undone by the next navigation. On the first
 * console's origin (the page's must be it).
 */
export async function signIn(
  page: Page,
  area: Area,
  email: string,
  { path = `/${area}`, password = DEMO_PASSWORD }: { path?: string; password?: string } = {},
) {
  const response = await fetch(`${baseUrl()}/api/${area}/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 201) throw new Error(`${email} could not log in to ${area}: ${response.status}`);
  const { data } = (await response.json()) as { data: { access_token: string } };
  await page.addInitScript((token) => {
    if (sessionStorage.getItem('e2e_signed_in') === token) return;
    sessionStorage.setItem('e2e_signed_in', token);
    localStorage.setItem('access_token', token);
  }, data.access_token);
  await page.goto(path);
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
