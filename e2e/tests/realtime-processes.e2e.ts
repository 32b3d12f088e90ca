import { describe, expect } from 'vitest';
import { inject } from 'vitest';
import {
  consoleIdOf,
  demoFriendsJoined,
  followingFriend,
  friendWrites,
  uniqueSuffix,
} from '../support/demo-service.ts';
import { it } from '../support/fixtures.ts';
import { loginAs } from '../support/session.ts';

/*
 * Several api processes behind a load balancer: a message ingested by the first process (the demo's
 * simulator sends its webhook there) must reach a browser connected to a second, api-only process on the
 * same PostgreSQL database, through LISTEN/NOTIFY. Only the PostgreSQL e2e run starts the second process.
 */
const secondApiUrl = inject('secondApiUrl');

describe.runIf(secondApiUrl)('realtime across api processes (PostgreSQL)', () => {
  it('a message ingested by one process reaches a browser connected to the other, without a reload', async ({
    openPage,
  }) => {
    const page = await openPage({ origin: secondApiUrl });
    await loginAs(page, 'service', 'staff@demo.example');
    await page.goto('/service/talks');
    await page.waitForFunction(() => localStorage.getItem('laid') !== null);
    await page.getByTestId('talk-list').waitFor();
    await page.locator('[data-testid="realtime-status"][data-status="open"]').waitFor({ timeout: 20_000 });
    await page.evaluate(() => Object.assign(window, { __samePage: true }));

    // The friend acts through the first process, which runs the simulator, the webhook and the worker.
    await demoFriendsJoined(page);
    const name = `別プロセス ${uniqueSuffix()}`;
    const friend = await followingFriend(page, name);
    await friendWrites(page, friend, '別のサーバーから届きました');
    const id = await consoleIdOf(page, name);

    const row = page.getByTestId(`talk-item-${id}`);
    await row.waitFor({ timeout: 20_000 });
    await page.waitForFunction(
      (friendId) =>
        document.querySelector(`[data-testid="talk-item-${friendId}"]`)?.getAttribute('data-unread') === '1',
      id,
      { timeout: 20_000 },
    );
    expect(await row.getByTestId('talk-item-preview').textContent()).toBe('別のサーバーから届きました');
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  }, 150_000);
});
