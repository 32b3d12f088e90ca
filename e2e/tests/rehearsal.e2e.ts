import { plansApi, simulatorApi } from '@linq/contract';
import { describe, expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { demoFriendsJoined, serviceApi, uniqueSuffix } from '../support/demo-service.ts';
import { it } from '../support/fixtures.ts';
import { loginAs } from '../support/session.ts';

/*
 * Rehearsal in the simulator (issue 15): the demo channel's friend-added welcome scenario (a text,
 * then "the next day at 10:00" a confirm box whose はい leads at once to a text) seen from a virtual
 * friend's phone, with the time warp bringing the later step. The warp moves the console's one
 * clock forward by about a day, for the files after this one too: none of them waits on demo time.
 */

const WELCOME = '友だち追加ウェルカムシナリオ';
const BROADCAST = 'VIP会員様限定セールのお知らせ';
const WELCOME_TEXT = '友だち追加ありがとうございます！';
const CONFIRM_TEXT = '今週末のご来店のご予定はありますか？';
const YES_TEXT = 'ご来店をお待ちしております！';
const BROADCAST_TEXT = '【VIP会員様限定】';

const messages = (panel: Locator) => panel.locator('[data-testid^="sim-message-"][data-side="channel"]');
const arrives = (panel: Locator, text: string) =>
  messages(panel).filter({ hasText: text }).first().waitFor({ timeout: 20_000 });

async function openPlans(page: Page) {
  await loginAs(page, 'service', 'staff@demo.example');
  await page.goto('/service/plans');
  await page.waitForFunction(() => localStorage.getItem('laid') !== null);
  await demoFriendsJoined(page);
}

describe('rehearsal and the time warp (demo channel bound to the LINE simulator)', () => {
  const name = `リハーサル ${uniqueSuffix()}`;

  it('a virtual friend follows and gets the welcome scenario; the time warp brings the confirm box; a tap brings its branch', async ({
    page,
  }) => {
    await openPlans(page);
    // The demo's welcome scenario is active and is the channel's friend-added scenario.
    const { data: settings } = await serviceApi(page, plansApi.settings, {});
    expect(settings.friend_added_plan?.name).toBe(WELCOME);
    const { data: plans } = await serviceApi(page, plansApi.list, { query: { q: WELCOME } });
    expect(plans.find((plan) => plan.name === WELCOME)?.is_active).toBe(true);

    await page.getByTestId('phone-panel-open').click();
    const panel = page.getByTestId('phone-panel');
    await panel.waitFor();
    await page.getByTestId('sim-friend-name').fill(name);
    await page.getByTestId('sim-friend-create').click();
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="sim-friend-select"]')?.textContent?.includes(n),
      name,
    );
    await page.getByTestId('sim-follow').click();

    // The first box, with the friend's name filled in, as the friend sees it.
    await arrives(panel, `${name}さん、${WELCOME_TEXT}`);
    expect(await messages(panel).count()).toBe(1);

    // The confirm box is due the next day at 10:00 (Tokyo): the warp goes exactly there and it arrives.
    const clockBar = page.getByTestId('time-warp-now');
    const before = await clockBar.getAttribute('data-now');
    await page.getByTestId('time-warp-next').click();
    await page.waitForFunction((was) => {
      const now = document.querySelector('[data-testid="time-warp-now"]')?.getAttribute('data-now');
      return now && now !== was;
    }, before);
    const warped = new Date((await clockBar.getAttribute('data-now'))!);
    // The real time runs on while the due sends go out: the warp lands within the minute.
    expect(warped.toISOString().slice(11, 16)).toBe('01:00');
    expect(warped.getTime() - new Date(before!).getTime()).toBeLessThanOrEqual(25 * 3_600_000);
    expect(await clockBar.textContent()).toContain('10:00');
    await arrives(panel, CONFIRM_TEXT);

    // Tapping はい (a postback) brings that branch's text at once.
    const confirm = messages(panel).filter({ hasText: CONFIRM_TEXT }).first();
    await confirm.getByRole('button', { name: 'はい' }).click();
    await arrives(panel, YES_TEXT);
    expect(await messages(panel).count()).toBe(3);
    expect(await messages(panel).filter({ hasText: 'オンラインショップ' }).count()).toBe(0);

    // Nothing is left to wait for: the warp says so and the clock stays.
    const stayed = await clockBar.getAttribute('data-now');
    await page.getByTestId('time-warp-next').click();
    await page.getByText('この友だちに予定されている配信はありません', { exact: false }).waitFor();
    expect((await serviceApi(page, simulatorApi.clock, {})).data.now >= stayed!).toBe(true);
    expect(await messages(panel).count()).toBe(3);
  }, 150_000);

  it('リハーサル on the plans list runs a plan for the chosen virtual friend and shows it in the phone panel', async ({
    page,
  }) => {
    await openPlans(page);
    const { data: plans } = await serviceApi(page, plansApi.list, { query: { q: BROADCAST } });
    const broadcast = plans.find((plan) => plan.name === BROADCAST)!;
    // Auto-replies answer messages: they have no rehearsal.
    const { data: replies } = await serviceApi(page, plansApi.list, { query: { plan_type: 'auto_reply' } });
    await page.getByTestId(`row-rehearse-${broadcast.id}`).waitFor();
    for (const reply of replies) expect(await page.getByTestId(`row-rehearse-${reply.id}`).count()).toBe(0);
    await page.getByTestId(`row-rehearse-${broadcast.id}`).click();
    const dialog = page.getByTestId('rehearsal');
    await dialog.waitFor();
    await page.getByTestId('rehearsal-friend').click();
    await page.keyboard.type(name);
    await page.locator('.ant-select-item-option', { hasText: name }).click();
    await page.getByTestId('rehearsal-start').click();

    const panel = page.getByTestId('phone-panel');
    await panel.waitFor();
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="sim-friend-select"]')?.textContent?.includes(n),
      name,
    );
    await arrives(panel, BROADCAST_TEXT);
    expect(
      await messages(panel)
        .filter({ hasText: `${name}さんだけにお届けする` })
        .count(),
    ).toBe(1);
  }, 120_000);
});
