import { friendsApi, simulatorApi } from '@linq/contract';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { demoFriendsJoined, serviceApi } from '../support/demo-service.ts';
import { it } from '../support/fixtures.ts';
import { signIn } from '../support/session.ts';

const shownCount = async (page: Page) => Number(await page.getByTestId('friend-count').getAttribute('data-count'));
/** The header's friend count reaching `expected` by itself (polling while the panel is open, refetch after actions). */
const countBecomes = (page: Page, expected: number) =>
  page.waitForFunction(
    (n) => document.querySelector('[data-testid="friend-count"]')?.getAttribute('data-count') === String(n),
    expected,
    { timeout: 20_000 },
  );

describe('phone panel (demo channels bound to the LINE simulator)', () => {
  it('a virtual friend follows and appears in the friend count, writes, and blocks — without a reload', async ({
    page,
  }) => {
    await signIn(page, 'service', 'staff@demo.example', { path: '/service/friends' });
    await page.waitForFunction(() => localStorage.getItem('laid') !== null);

    // The demo friends join in the background after the first start; wait until they are all in.
    const status = await demoFriendsJoined(page);
    expect(status.simulated).toBe(true);
    const { data: summary } = await serviceApi(page, friendsApi.summary, {});
    expect(summary.following).toBeGreaterThanOrEqual(20);
    await page.reload();
    await countBecomes(page, summary.following);
    const before = await shownCount(page);
    expect(await page.getByTestId('friend-count').textContent()).toBe(`フォロー中の友だち ${before}人`);
    // A page reload would drop this marker.
    await page.evaluate(() => Object.assign(window, { __samePage: true }));

    await page.getByTestId('phone-panel-open').click();
    const panel = page.getByTestId('phone-panel');
    await panel.waitFor();
    await page.getByTestId('sim-friend-name').fill('E2E 太郎');
    await page.getByTestId('sim-friend-create').click();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="sim-friend-select"]')?.textContent?.includes('E2E 太郎'),
    );
    await page.getByTestId('sim-follow').click();
    await countBecomes(page, before + 1);
    await page.getByTestId('sim-unfollow').waitFor();

    const text = 'こんにちは <b>E2E</b> 🍣';
    await page.getByTestId('sim-text-input').fill(text);
    await page.getByTestId('sim-send').click();
    const mine = panel.locator('[data-testid^="sim-message-"]', { hasText: text });
    await mine.waitFor();
    expect(await mine.getAttribute('data-side')).toBe('friend');
    // Untrusted text stays text.
    expect(await mine.locator('b').count()).toBe(0);
    expect(await page.getByTestId('sim-text-input').inputValue()).toBe('');

    await page.getByTestId('sim-unfollow').click();
    await countBecomes(page, before);
    await page.getByTestId('sim-follow').waitFor();
    expect((await serviceApi(page, friendsApi.summary, {})).data.following).toBe(before);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  }, 150_000);

  it('lets view-only staff see the friend count but not act as a virtual friend', async ({ page }) => {
    await signIn(page, 'service', 'viewer@demo.example', { path: '/service/friends' });
    // View-only staff: friends 'view' shows the count; acting as a friend needs talks 'edit' (issue 12).
    await page.getByTestId('friend-count').waitFor();
    expect(await page.getByTestId('phone-panel-open').count()).toBe(0);
    expect((await serviceApi(page, simulatorApi.friends, {})).status).toBe(200);
    expect((await serviceApi(page, simulatorApi.createFriend, { body: {} })).status).toBe(403);
  });
});
