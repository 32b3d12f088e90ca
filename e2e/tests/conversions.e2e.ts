/**
 * Conversions: staff create a point on the console; a virtual friend gets a message whose link is
 * the point's /links page (sent as the friend's tracked link), opens it on their phone and lands on
 * the thank-you page. The conversion counts on the console, names the friend, and shows in the
 * friend's talk. An unknown point and a failed connection say why the page does not open.
 */
import { conversionsApi, templatesApi } from '@linq/contract';
import { describe, expect } from 'vitest';
import type { Route } from 'playwright-core';
import { baseUrl } from '../support/browser.ts';
import {
  followingFriend,
  friendIdOf,
  loginAsDemoStaff,
  receivedBy,
  serviceApi,
  uniqueSuffix,
  until,
} from '../support/demo-service.ts';
import { it } from '../support/fixtures.ts';
import { serviceScreen } from '../support/session.ts';

const HIT_API = '**/api/public/conversions/**';

describe('a conversion point', () => {
  it('counts the friend who opens its link from a message, and shows it in their talk', async ({ openPage }) => {
    const page = await openPage();
    const phone = await openPage({ phone: true });
    await loginAsDemoStaff(page, '/service/conversions');

    // Create the point on the console.
    const pointName = `E2E 購入 ${uniqueSuffix()}`;
    await page.getByTestId('create-button').click();
    await page.getByTestId('conversion-name').fill(pointName);
    await page.getByTestId('conversion-save').click();
    const point = await until(
      async () =>
        (await serviceApi(page, conversionsApi.list, { query: { name: pointName } })).data.find(
          (row) => row.name === pointName,
        ),
      10_000,
      'the new point',
    );
    await page.getByTestId(`conversion-row-${point.id}`).waitFor();
    await page.getByTestId(`conversion-name-${point.id}`).click();
    const pageUrl = `${baseUrl()}${point.page_path}`;
    await expect.poll(() => page.getByTestId('conversion-page-url').textContent()).toContain(pageUrl);
    await page.keyboard.press('Escape');

    // A confirm whose first answer links to the point's page.
    await page.goto('/service/templates/confirm/create');
    await page.getByTestId('template-name').fill(`E2E CV ${uniqueSuffix()}`);
    await page.getByTestId('builder-confirm-text').fill('ご購入はこちらから');
    const answer = page.getByTestId('builder-confirm-answer-0');
    await answer.getByTestId('builder-action-type').getByText('リンク', { exact: true }).click();
    await answer.getByTestId('builder-action-uri').fill(pageUrl);
    await page.getByTestId('template-save').click();
    await page.waitForURL(serviceScreen(/^\/service\/templates\/confirm\/edit\/\d+$/));
    const templateId = Number(new URL(page.url()).pathname.split('/').pop());

    const friendName = `CV ${uniqueSuffix()}`;
    const friend = await followingFriend(page, friendName);
    const friendId = await friendIdOf(page, friendName);
    const sent = await serviceApi(page, templatesApi.sendTest, {
      params: { id: templateId },
      body: { friend_id: friendId },
    });
    expect(sent.status).toBe(201);
    const received = await until(
      async () => (await receivedBy(page, friend)).find((entry) => entry.message.type === 'template'),
      20_000,
      'the confirm on the friend’s phone',
    );
    const link = (received.message.template as { actions: { uri?: string }[] }).actions[0]!;
    expect(link.uri).toMatch(new RegExp(`^${baseUrl()}/redirects/`));

    // The friend opens it: the tracked link leads to the point's page, which thanks them.
    await phone.goto(link.uri!);
    await phone.waitForURL((url) => url.pathname === '/links' && url.searchParams.has('via'));
    await phone.getByTestId('conversion-page-thanks').getByText('ありがとうございました').waitFor();
    // Opening it again counts nothing more (once per friend).
    await phone.goto(link.uri!);
    await phone.getByTestId('conversion-page-thanks').waitFor();

    // The console counts one conversion by one friend, and names the friend.
    await page.goto(`/service/conversions?name=${encodeURIComponent(pointName)}`);
    await expect
      .poll(() => page.getByTestId(`conversion-total-${point.id}`).textContent(), { timeout: 10_000 })
      .toBe('1');
    expect(await page.getByTestId(`conversion-friends-${point.id}`).textContent()).toBe('1');
    await page.getByTestId(`conversion-name-${point.id}`).click();
    await page.getByTestId(`conversion-friend-${friendId}`).getByText(friendName).waitFor();

    // The friend's talk shows the link opening and the conversion.
    await page.goto(`/service/talks/${friendId}`);
    await page.getByText(`コンバージョン: ${pointName}`).first().waitFor();
    await page.getByText('リンクを開きました').first().waitFor();
  }, 180_000);

  it('says an unknown point cannot be opened, and a failed connection can be retried', async ({ phonePage: page }) => {
    await page.goto('/links?c=unknown-code');
    await page.getByTestId('conversion-page-not-found').getByText('このページは開けません').waitFor();

    await page.route(HIT_API, (route: Route) => route.abort('internetdisconnected'));
    await page.goto('/links?c=unknown-code');
    await page.getByTestId('conversion-page-failed').getByText('ページを開けませんでした').waitFor();
    await page.unroute(HIT_API);
    await page.getByTestId('conversion-page-retry').click();
    await page.getByTestId('conversion-page-not-found').waitFor();
  });
});
