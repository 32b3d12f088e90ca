import { simulatorApi } from '@linq/contract';
import { describe, expect, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { consoleIdOf, demoFriendsJoined, followingFriend, serviceApi, uniqueSuffix } from '../support/demo-service.ts';
import { it } from '../support/fixtures.ts';
import { serviceScreen, signIn } from '../support/session.ts';

/*
 * What a person sees of the demo's friends (issue 23 §6): the virtual friends' profile pictures,
 * served by the embedded LINE simulator on its own loopback origin, load without a console error
 * whether the console is opened at 127.0.0.1 or at localhost; a picture a friend sent shows in the
 * talk as the picture itself.
 */

/** Console errors and page errors of `page` from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Every <img> inside `selector` has loaded a picture (none broken, none still loading), and there is one at least. */
const imagesLoaded = (page: Page, selector: string) =>
  page.waitForFunction(
    (root) => {
      const images = [...document.querySelectorAll<HTMLImageElement>(`${root} img`)];
      return images.length > 0 && images.every((image) => image.complete && image.naturalWidth > 0);
    },
    selector,
    { timeout: 20_000 },
  );

describe('friend avatars and pictures (demo channel on the LINE simulator)', () => {
  for (const host of ['127.0.0.1', 'localhost']) {
    it(`avatars load with no console errors on http://${host}`, async ({ openPage }) => {
      const page = await openPage({ origin: `http://${host}:${inject('port')}` });
      const errors = collectErrors(page);
      await signIn(page, 'service', 'staff@demo.example', { path: '/service/friends' });
      await page.waitForFunction(() => localStorage.getItem('laid') !== null);
      await demoFriendsJoined(page);
      await page.reload();
      await page.locator('[data-testid^="friend-row-"]').first().waitFor();
      await imagesLoaded(page, '[data-testid="friends-table"]');
      // Served by the simulator, not the console: the policy names its origin.
      const sources = await page
        .locator('[data-testid="friends-table"] img')
        .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
      expect(sources.some((src) => src.startsWith(`${inject('simulatorUrl')}/_sim/avatar/`))).toBe(true);

      await page.goto('/service/talks');
      await page.getByTestId('talk-list').waitFor();
      await imagesLoaded(page, '[data-testid="talk-list"]');
      expect(errors).toEqual([]);
    }, 150_000);
  }

  it('a picture a friend sent shows in the talk as an image that loads', async ({ page }) => {
    await signIn(page, 'service', 'staff@demo.example', { path: '/service/talks' });
    await page.waitForFunction(() => localStorage.getItem('laid') !== null);
    await demoFriendsJoined(page);
    const name = `写真 ${uniqueSuffix()}`;
    const friend = await followingFriend(page, name);
    const sent = await serviceApi(page, simulatorApi.image, { params: { userId: friend.user_id } });
    expect(sent.status).toBe(200);
    const id = await consoleIdOf(page, name);
    await page.goto(`/service/talks/${id}`);
    await page.waitForURL(serviceScreen(`/service/talks/${id}`));
    const picture = page.getByTestId('talk-chat').getByTestId('talk-friend-picture');
    await picture.waitFor({ timeout: 20_000 });
    await imagesLoaded(page, '[data-testid="talk-chat"] [data-direction="incoming"]');
    // The simulator's sample picture is 240 × 160.
    expect(await picture.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(240);

    // A sticker: its picture from LINE's sticker CDN when it loads, else the sticker card with its ids.
    const sticker = await serviceApi(page, simulatorApi.sticker, {
      params: { userId: friend.user_id },
      body: { package_id: '446', sticker_id: '1988' },
    });
    expect(sticker.status).toBe(200);
    const chat = page.getByTestId('talk-chat');
    const shown = chat.locator('[data-testid="sticker-card"], img[alt="スタンプ"]');
    await shown.first().waitFor({ timeout: 20_000 });
    const card = chat.getByTestId('sticker-card');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="talk-chat"] [data-testid="sticker-card"]') !== null ||
        [...document.querySelectorAll<HTMLImageElement>('[data-testid="talk-chat"] img[alt="スタンプ"]')].some(
          (image) => image.complete && image.naturalWidth > 0,
        ),
      undefined,
      { timeout: 20_000 },
    );
    if ((await card.count()) > 0) expect(await card.first().textContent()).toBe('スタンプ446 / 1988');

    // The phone panel shows it too, as the friend's own message.
    await page.getByTestId('phone-panel-open').click();
    const panel = page.getByTestId('phone-panel');
    await panel.waitFor();
    await page.getByTestId('sim-friend-select').click();
    await page.getByTestId(`sim-friend-option-${friend.user_id}`).click();
    await panel.locator('[data-side="friend"] img').first().waitFor({ timeout: 20_000 });
    await imagesLoaded(page, '[data-testid="phone-panel"] [data-side="friend"]');
  }, 150_000);
});
