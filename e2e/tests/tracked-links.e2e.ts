/**
 * Tracked links: a confirm template whose answer is a link with a score, built in the message
 * builder and sent as a test to a virtual friend. The friend receives the console's
 * /redirects/{token} page instead of the address; opening it in a browser arrives at the address
 * (here a page of the console itself: there is no internet) and adds the score, once. An unknown
 * link and a failed connection show why the link does not open.
 */
import { templatesApi } from '@linq/contract';
import { describe, expect } from 'vitest';
import type { Route } from 'playwright-core';
import { baseUrl } from '../support/browser.ts';
import {
  followingFriend,
  friendIdOf,
  loginAsDemoStaff,
  receivedBy,
  scoreOf,
  serviceApi,
  uniqueSuffix,
  until,
} from '../support/demo-service.ts';
import { it } from '../support/fixtures.ts';
import { serviceScreen } from '../support/session.ts';

const REDIRECT_API = '**/api/public/redirects/**';

describe('a tracked link', () => {
  it('takes the friend to the address and adds the link’s score on the first opening only', async ({ openPage }) => {
    const staff = await openPage();
    const phone = await openPage({ phone: true });
    const page = staff;
    await loginAsDemoStaff(page, '/service/templates/confirm');
    const target = `${baseUrl()}/privacy-policy`;

    // A confirm whose first answer is a link worth 7 points.
    await page.goto('/service/templates/confirm/create');
    await page.getByTestId('template-name').fill(`E2E リンク ${uniqueSuffix()}`);
    await page.getByTestId('builder-confirm-text').fill('キャンペーンをご覧になりますか？');
    const answer = page.getByTestId('builder-confirm-answer-0');
    await answer.getByTestId('builder-action-type').getByText('リンク', { exact: true }).click();
    await answer.getByTestId('builder-action-uri').fill(target);
    await answer.getByTestId('builder-action-score').fill('7');
    await page.getByTestId('template-save').click();
    await page.waitForURL(serviceScreen(/^\/service\/templates\/confirm\/edit\/\d+$/));
    const templateId = Number(new URL(page.url()).pathname.split('/').pop());

    const friendName = `リンク ${uniqueSuffix()}`;
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
    const link = (received.message.template as { actions: { type: string; uri?: string }[] }).actions[0]!;
    expect(link.type).toBe('uri');
    expect(link.uri).toMatch(new RegExp(`^${baseUrl()}/redirects/[A-Za-z0-9_-]{22}$`));
    const before = await scoreOf(page, friendId);

    // The friend opens it (no session): the browser arrives at the address, the score goes up.
    await phone.goto(link.uri!);
    await phone.waitForURL(target);
    await phone.getByTestId('oem-page-privacy_policy').waitFor();
    expect(await scoreOf(page, friendId)).toBe(before + 7);

    // Opening it again arrives again, and adds nothing.
    await phone.goto(link.uri!);
    await phone.waitForURL(target);
    await phone.getByTestId('oem-page-privacy_policy').waitFor();
    expect(await scoreOf(page, friendId)).toBe(before + 7);
  }, 150_000);

  it('shows that it is opening, then that an unknown link cannot be opened', async ({ phonePage: page }) => {
    // Held until the page has shown that it is opening the link.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(REDIRECT_API, async (route: Route) => {
      await held;
      await route.continue();
    });
    await page.goto('/redirects/AAAAAAAAAAAAAAAAAAAAAA');
    await page.getByTestId('redirect-opening').getByText('リンクを開いています…').waitFor();
    release();
    await page.getByTestId('redirect-not-found').getByText('このリンクは開けません').waitFor();
    expect(new URL(page.url()).pathname).toBe('/redirects/AAAAAAAAAAAAAAAAAAAAAA');
  });

  it('says so when the console cannot be reached, and tries again on request', async ({ phonePage: page }) => {
    await page.route(REDIRECT_API, (route: Route) => route.abort('internetdisconnected'));
    await page.goto('/redirects/AAAAAAAAAAAAAAAAAAAAAA');
    const failed = page.getByTestId('redirect-failed');
    await failed.getByText('リンクを開けませんでした').waitFor();
    await failed.getByText('サーバーに接続できません。通信環境を確認して、もう一度お試しください。').waitFor();

    await page.unroute(REDIRECT_API);
    await page.getByTestId('redirect-retry').click();
    await page.getByTestId('redirect-not-found').waitFor();
  });
});
