import { describe, expect } from 'vitest';
import { type Area } from '../support/browser.ts';
import { it } from '../support/fixtures.ts';
import { accessToken, loginAs, logout } from '../support/session.ts';

const demoLogins: { area: Area; email: string; loggedOut: RegExp }[] = [
  { area: 'admin', email: 'admin@demo.example', loggedOut: /\/admin\/logged-out$/ },
  { area: 'agency', email: 'agency@demo.example', loggedOut: /\/agency\/login$/ },
  { area: 'account', email: 'account@demo.example', loggedOut: /\/account\/logged-out$/ },
  { area: 'service', email: 'staff@demo.example', loggedOut: /\/service\/logged-out$/ },
];

describe('logging in and out', () => {
  for (const { area, email, loggedOut } of demoLogins) {
    it(`logs in to the ${area} area with the demo login and out again`, async ({ page }) => {
      await loginAs(page, area, email);
      expect(new URL(page.url()).pathname.startsWith(`/${area}`)).toBe(true);
      expect(page.url()).not.toMatch(/\/login$/);
      await expect(page.getByTestId('user-menu').textContent()).resolves.toBeTruthy();
      expect(await accessToken(page)).toBeTruthy();

      await logout(page);
      await page.waitForURL(loggedOut);
      expect(await accessToken(page)).toBeNull();
      // The protected home now sends the visitor to the login page.
      await page.goto(`/${area}`);
      await page.waitForURL(new RegExp(`/${area}/login`));
    });
  }

  it('shows the server’s message for a wrong password and stays on the login page', async ({ page }) => {
    await page.goto('/account/login');
    await page.getByTestId('login-email').fill('account@demo.example');
    await page.getByTestId('login-password').fill('wrong password');
    await page.getByTestId('login-submit').click();
    await page.getByText('メールアドレスまたはパスワードが正しくありません。').waitFor();
    expect(new URL(page.url()).pathname).toBe('/account/login');
  });

  it('sends a protected page without a session to its area’s login', async ({ page }) => {
    await page.goto('/account/staff_authorities');
    await page.waitForURL(/\/account\/login/);
    await page.goto('/service/friends');
    await page.waitForURL(/\/service\/login/);
  });
});
