/**
 * The service home: staff log in and land on the dashboard of the demo channel, whose figures are
 * the API's, whose chart draws, and whose period switch asks again; the unread card leads to the talks
 * filtered to unread ones, a filter staff can take off. A new channel's first steps are covered by the
 * dashboard's database test (the demo has no empty channel).
 */
import { dashboardApi, type Dashboard } from '@linq/contract';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  consoleIdOf,
  demoFriendsJoined,
  followingFriend,
  friendWrites,
  serviceApi,
  uniqueSuffix,
  until,
} from '../support/demo-service.ts';
import { it, test } from '../support/fixtures.ts';
import { serviceScreen, signIn } from '../support/session.ts';

const figure = async (page: Page, key: 'total' | 'following' | 'blocked') =>
  Number(
    (await page.getByTestId(`dashboard-friends-${key}`).locator('.ant-statistic-content-value').textContent())?.replace(
      /\D/g,
      '',
    ),
  );

/** The talk list's unread-only switch. */
const unreadOnly = (page: Page) => page.getByRole('checkbox', { name: '未読のみ' });

describe('the dashboard', () => {
  test.beforeAll(async ({ openFilePage }) => {
    // The demo friends join in the background after the first start; wait until they are all in.
    const staff = await openFilePage();
    await signIn(staff, 'service', 'staff@demo.example');
    await staff.waitForFunction(() => localStorage.getItem('laid') !== null);
    await demoFriendsJoined(staff);
  });

  it('is where staff land; its figures are the API’s, its chart draws and its period asks again', async ({ page }) => {
    await signIn(page, 'service', 'staff@demo.example');
    await page.waitForURL(serviceScreen('/service'));

    // Other tests add friends to the demo channel meanwhile: the page read again until it shows what the API says.
    const shown = await until(
      async () => {
        await page.reload();
        await page.getByTestId('dashboard-friends-total').waitFor();
        const api: Dashboard['friends'] = (await serviceApi(page, dashboardApi.get, { query: { days: '30' } })).data
          .friends;
        const onPage = {
          total: await figure(page, 'total'),
          following: await figure(page, 'following'),
          blocked: await figure(page, 'blocked'),
        };
        return JSON.stringify(onPage) === JSON.stringify(api) ? onPage : undefined;
      },
      30_000,
      'the dashboard figures to match the API',
    );
    expect(shown.total).toBe(shown.following + shown.blocked);
    expect(shown.total).toBeGreaterThan(20);

    await page.getByTestId('dashboard-chart').locator('canvas').first().waitFor();
    await expect
      .poll(() => page.getByTestId('dashboard-top-plans').textContent())
      .toContain('ご来店アンケート（配信済み）');
    await expect.poll(() => page.getByTestId('dashboard-top-inflows').textContent()).toContain('Instagram広告');

    // 30 days were read on arrival; each other period is a request of its own.
    for (const [days, label] of [
      ['7', '7日間'],
      ['90', '90日間'],
    ] as const) {
      const asked = page.waitForRequest(
        (request) =>
          new URL(request.url()).pathname === '/api/service/dashboard' &&
          new URL(request.url()).searchParams.get('days') === days,
      );
      await page.getByTestId('dashboard-period').getByText(label, { exact: true }).click();
      await asked;
    }
    await page.getByTestId('dashboard-chart').locator('canvas').first().waitFor();
  });

  it('leads from the unread card to the unread talks, a filter staff can take off', async ({ page }) => {
    await signIn(page, 'service', 'staff@demo.example');
    await page.waitForURL(serviceScreen('/service'));
    const name = `未読 ${uniqueSuffix()}`;
    const friend = await followingFriend(page, name);
    await friendWrites(page, friend, 'ダッシュボードから見てください');
    const friendId = await consoleIdOf(page, name);

    await page.reload();
    await page.getByTestId('dashboard-unread').getByRole('link').click();
    await page.waitForURL(serviceScreen('/service/talks'));
    // The address's filter is now the list's switch: on, and the address keeps only the channel.
    await expect.poll(() => unreadOnly(page).isChecked()).toBe(true);
    expect(new URL(page.url()).searchParams.has('unread')).toBe(false);
    await page.getByTestId(`talk-item-${friendId}`).waitFor();
    // The filtered first page replaces the one read on arrival: every talk listed is unread.
    const unreadCounts = () =>
      page
        .locator('[data-testid^="talk-item-"][data-unread]')
        .evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-unread'))));
    await expect.poll(async () => (await unreadCounts()).filter((n) => n === 0)).toEqual([]);
    expect((await unreadCounts()).length).toBeGreaterThan(0);

    // Taking the filter off lists the read talks too.
    const all = page.waitForRequest(
      (request) =>
        new URL(request.url()).pathname === '/api/service/messages/conversations' &&
        !new URL(request.url()).searchParams.has('un_read'),
    );
    await page.getByTestId('talk-unread-only').click();
    await all;
    await expect.poll(() => unreadOnly(page).isChecked()).toBe(false);
  }, 120_000);
});
