import { friendsApi } from '@linq/contract';
import { describe, expect } from 'vitest';
import { channelOf, demoFriendsJoined, serviceApi } from '../support/demo-service.ts';
import { it } from '../support/fixtures.ts';
import { serviceScreen, signIn } from '../support/session.ts';

/*
 * Issue 23 §6: the friend counts say what they count and agree across the header, the friends list
 * and the admin area; the account home leads into the console of each channel.
 */

describe('friend counts', () => {
  it('the header counts the following friends, the list all of them with the breakdown, the admin area both', async ({
    page,
    openPage,
  }) => {
    await signIn(page, 'service', 'staff@demo.example', { path: '/service/friends' });
    await page.waitForFunction(() => localStorage.getItem('laid') !== null);
    await demoFriendsJoined(page);
    await page.reload();
    const { data: summary } = await serviceApi(page, friendsApi.summary, {});
    expect(summary.blocked).toBeGreaterThan(0);
    const laid = Number(await channelOf(page));

    await page.locator(`[data-testid="friend-count"][data-count="${summary.following}"]`).waitFor();
    expect(await page.getByTestId('friend-count').textContent()).toBe(`フォロー中の友だち ${summary.following}人`);
    const counts = page.getByTestId('friends-counts');
    await counts.waitFor();
    expect(await counts.textContent()).toBe(
      `全員 ${summary.total}人（フォロー中 ${summary.following}人・ブロック中 ${summary.blocked}人）`,
    );
    // Unfiltered, the list holds everyone, blocked included.
    await page.locator(`[data-testid="friends-total"][data-total="${summary.total}"]`).waitFor();

    const admin = await openPage();
    await signIn(admin, 'admin', 'admin@demo.example', { path: '/admin/line-accounts' });
    const cell = admin.getByTestId(`friend-count-${laid}`);
    await cell.waitFor();
    expect(await cell.textContent()).toBe(`${summary.following} / ${summary.total}人`);
  }, 150_000);
});

describe('account home', () => {
  it('opens the staff console of a channel: the service login, then that channel', async ({ page }) => {
    await signIn(page, 'account', 'account@demo.example', { path: '/account' });
    const entries = page.locator('[data-testid^="channel-console-"]');
    await entries.first().waitFor();
    expect(await entries.count()).toBeGreaterThanOrEqual(2);
    // The second channel, so the console's default (the first) would not pass by chance.
    const target = entries.nth(1);
    const id = Number((await target.getAttribute('data-testid'))!.replace('channel-console-', ''));
    await target.click();
    await page.waitForURL((url) => url.pathname === '/service/login' && url.searchParams.get('laid') === String(id));
    await page.getByTestId('login-email').fill('staff@demo.example');
    await page.getByTestId('login-password').fill('Demo#2026');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(serviceScreen(/^\/service/));
    await page.getByTestId('user-menu').waitFor();
    expect(new URL(page.url()).searchParams.get('laid')).toBe(String(id));
    expect(await channelOf(page)).toBe(String(id));
  }, 120_000);
});
