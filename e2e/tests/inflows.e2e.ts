/**
 * Inflow routes: staff create a route whose action adds a tag; a visitor opens its URL in a browser
 * of their own, the simulator's LINE Login page creates them as a LINE user who adds the channel, and
 * they land on the done page. The console then has the friend, attributed to the route, with the
 * tag; the route's friends, the friend list filter, the friend's inflow section and the chart agree.
 */
import { inflowsApi, tagsApi } from '@linq/contract';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { demoFriendsJoined, friendIdOf, serviceApi, uniqueSuffix, until } from '../support/demo-service.ts';
import { animationsSettled, clickInDialog } from '../support/dialogs.ts';
import { it, test } from '../support/fixtures.ts';
import { serviceScreen, signIn } from '../support/session.ts';

/** Picks an option of an antd select by typing into its search, once the dropdown has opened. */
async function pick(page: Page, selectTestId: string, search: string, optionTestId: string) {
  await page.getByTestId(selectTestId).click();
  await page.keyboard.type(search);
  const option = page.locator(`.ant-select-dropdown:visible [data-testid="${optionTestId}"]`);
  await option.waitFor();
  await animationsSettled(page);
  await option.click();
}

let staff: Page;

describe('an inflow route', () => {
  test.beforeAll(async ({ openFilePage }) => {
    staff = await openFilePage();
    await signIn(staff, 'service', 'staff@demo.example', { path: '/service/inflows' });
    await staff.waitForFunction(() => localStorage.getItem('laid') !== null);
    // The demo friends join in the background after the first start; wait until they are all in.
    await demoFriendsJoined(staff);
  });

  it('attributes the friend who adds the channel through its URL, runs its tag action and charts them', async ({
    openPage,
  }) => {
    await staff.goto('/service/inflows');
    const suffix = uniqueSuffix();
    const tag = (await serviceApi(staff, tagsApi.create, { body: { name: `E2E 流入 ${suffix}` } })).data;

    // Create the route, then give it the tag action (first add only, the default).
    const routeName = `E2E 流入経路 ${suffix}`;
    await staff.getByTestId('create-button').click();
    await staff.getByTestId('inflow-create-name').fill(routeName);
    await clickInDialog(staff, 'inflow-create-ok');
    await staff.waitForURL(serviceScreen(/^\/service\/inflows\/\d+$/));
    const routeId = Number(new URL(staff.url()).pathname.split('/').pop());
    await staff.getByTestId('inflow-title').filter({ hasText: routeName }).waitFor();
    expect(await staff.getByTestId('inflow-attribution').getAttribute('data-mode')).toBe('line_login');
    await staff.getByTestId('inflow-qr-image').waitFor();
    await pick(staff, 'inflow-action-tags', tag.name, `tag-option-${tag.id}`);
    await staff.getByTestId('inflow-actions').locator('.ant-card-head-title').click();
    await staff.getByTestId('inflow-save').click();
    await until(
      async () => {
        const { data } = await serviceApi(staff, inflowsApi.get, { params: { id: routeId }, query: {} });
        return data.actions.tag_ids.includes(tag.id) ? true : undefined;
      },
      10_000,
      'the saved tag action',
    );
    await staff.getByTestId('inflow-history').getByText('アクション').waitFor();
    const url = (await staff.getByTestId('inflow-url').textContent()) ?? '';
    expect(url).toMatch(/\/inflow\?c=[0-9A-Za-z]{10}$/);

    // A visitor in a browser of their own: LINE Login (the simulator's page), a new user who adds the channel.
    const visitor = await openPage({ phone: true });
    await visitor.goto(`${url}&utm_source=e2e&gclid=e2e-click`);
    await visitor.waitForURL((address) => address.pathname === '/oauth2/v2.1/authorize');
    const friendName = `流入 ${suffix}`;
    await visitor.locator('input[name="displayName"]').fill(friendName);
    expect(await visitor.locator('input[name="addFriend"]').isChecked()).toBe(true);
    await visitor.locator('button[value="allow"]').click();
    await visitor.waitForURL((address) => address.pathname === '/inflow');
    expect(await visitor.getByTestId('inflow-done').getAttribute('data-state')).toBe('added');

    // The friend is in the console, attributed to the route, with the tag.
    const friendId = await friendIdOf(staff, friendName);
    await staff.goto(`/service/friends/${friendId}`);
    await staff.getByTestId('friend-inflow-first').filter({ hasText: routeName }).waitFor();
    await staff.getByTestId('friend-tags').getByTestId(`tag-chip-${tag.id}`).waitFor();

    // The route lists the friend, and the friend list filters by the route.
    await staff.goto(`/service/inflows/${routeId}`);
    await staff.getByTestId(`inflow-friend-${friendId}`).waitFor();
    await staff.getByTestId('inflow-friends-list-link').click();
    await staff.waitForURL(serviceScreen(/^\/service\/friends$/));
    await staff.locator('[data-testid="friends-total"][data-total="1"]').waitFor();
    await staff.getByTestId(`friend-row-${friendId}`).waitFor();
    expect(await staff.getByTestId('filter-inflows').textContent()).toContain(routeName);

    // The chart counts one visit and one friend added today.
    await staff.goto(`/service/inflows/${routeId}/Chart`);
    await staff.getByTestId('inflow-chart-canvas').waitFor();
    // The figures may arrive after the canvas (another request): wait for them rather than read once.
    const figure = (name: string) =>
      staff.getByTestId(`inflow-stat-${name}`).locator('.ant-statistic-content').textContent();
    await expect.poll(() => figure('friends_added')).toBe('1');
    await expect.poll(() => figure('visits')).toBe('1');
  }, 120_000);

  it('says so when its code is unknown', async ({ openPage }) => {
    const visitor = await openPage({ phone: true });
    await visitor.goto('/inflow?c=NoSuchCode');
    await visitor.getByTestId('inflow-not-found').waitFor();
    await visitor.goto('/inflow');
    await visitor.getByTestId('inflow-not-found').waitFor();
  });
});
