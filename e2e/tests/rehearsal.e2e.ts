import { plansApi, sendPlanApi, simulatorApi } from '@linq/contract';
import { describe, expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  demoFriendsJoined,
  followingFriend,
  friendIdOf,
  receivedBy,
  serviceApi,
  twoStepScenario,
  uniqueSuffix,
  until,
} from '../support/demo-service.ts';
import { it } from '../support/fixtures.ts';
import { signIn } from '../support/session.ts';

/*
 * Rehearsal in the simulator (issues 15, 23). A rehearsal runs a plan for one virtual friend on its
 * own time: +1日 brings that friend's next step and nobody else's. The demo panel's shared clock
 * (全員の時計) moves every friend's plans and asks first: the demo channel's friend-added welcome
 * scenario (a text, then "the next day at 10:00" a confirm box whose はい leads at once to a text)
 * seen from a virtual friend's phone. That warp moves the console's one clock forward by about a
 * day, for the files after this one too: none of them waits on demo time.
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
  await signIn(page, 'service', 'staff@demo.example', { path: '/service/plans' });
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

    // The confirm box is due the next day at 10:00 (Tokyo): the shared clock goes exactly there,
    // once the warning that every friend's plans move is confirmed, and it arrives.
    const clockBar = page.getByTestId('time-warp-now');
    expect(await page.getByTestId('time-warp').getAttribute('data-mode')).toBe('everyone');
    expect(await page.getByTestId('time-warp').textContent()).toContain('全員の時計');
    const before = await clockBar.getAttribute('data-now');
    await page.getByTestId('time-warp-next').click();
    await page.getByTestId('time-warp-confirm').waitFor();
    expect(await page.locator('.ant-modal-confirm-title').textContent()).toBe('全員の時計を進めますか？');
    expect(await clockBar.getAttribute('data-now')).toBe(before);
    await page.getByTestId('time-warp-confirm').click();
    await page.waitForFunction((was) => {
      const now = document.querySelector('[data-testid="time-warp-now"]')?.getAttribute('data-now');
      return now && now !== was;
    }, before);
    const warped = new Date((await clockBar.getAttribute('data-now'))!);
    // The real time runs on while the due sends go out: the warp lands within the minute.
    expect(warped.toISOString().slice(11, 16)).toBe('01:00');
    // On the Tokyo day after the follow's, whatever the hour the test runs at.
    const tokyoDay = (at: Date) => new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
    const nextDay = new Date(new Date(before!).getTime() + 24 * 3_600_000);
    expect(tokyoDay(warped)).toBe(tokyoDay(nextDay));
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
    await page.getByTestId('time-warp-confirm').click();
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

  it('a rehearsal moves on its own time: +1日 brings the rehearsed friend its next step and nobody else anything', async ({
    page,
  }) => {
    await openPlans(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    const suffix = uniqueSuffix();
    const planName = `E2E 自分の時間 ${suffix}`;
    const firstText = `一日目のお知らせ ${suffix}`;
    const planId = await twoStepScenario(page, planName, firstText);
    const rehearsed = await followingFriend(page, `E2E リハーサル ${suffix}`);
    const other = await followingFriend(page, `E2E ほかの友だち ${suffix}`);
    // The other friend runs the same scenario for real: its second step is due at the same time.
    const otherId = await friendIdOf(page, other.display_name);
    expect(
      (await serviceApi(page, sendPlanApi.sendPlan, { params: { id: otherId }, body: { plan_id: planId } })).status,
    ).toBe(201);
    await until(
      async () =>
        (await receivedBy(page, other)).some((entry) => JSON.stringify(entry.message).includes(firstText))
          ? true
          : undefined,
      20_000,
      'the other friend’s first step',
    );
    const otherBefore = (await receivedBy(page, other)).length;

    // At 1440 px the row's actions show with their words, without scrolling sideways.
    await page.reload();
    const rehearse = page.getByTestId(`row-rehearse-${planId}`);
    await rehearse.waitFor();
    for (const [testId, word] of [
      [`row-edit-${planId}`, '編集'],
      [`row-copy-${planId}`, 'コピー'],
      [`row-rehearse-${planId}`, 'リハーサル'],
    ] as const) {
      const button = page.getByTestId(testId);
      expect((await button.textContent())?.replace(/\s/g, '')).toContain(word);
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(1440);
    }
    expect(
      await page.evaluate(() => {
        const body = document.querySelector(
          '[data-testid="plans-table"] .ant-table-content, [data-testid="plans-table"] .ant-table-body',
        );
        return body ? body.scrollWidth - body.clientWidth : 0;
      }),
    ).toBeLessThanOrEqual(1);
    await expect.poll(() => page.getByTestId(`plan-sent-${planId}`).textContent()).toBe('1通');

    await rehearse.click();
    await page.getByTestId('rehearsal').waitFor();
    await page.getByTestId('rehearsal-friend').click();
    await page.keyboard.type(rehearsed.display_name);
    await page.locator('.ant-select-item-option', { hasText: rehearsed.display_name }).click();
    await page.getByTestId('rehearsal-start').click();
    const panel = page.getByTestId('phone-panel');
    await panel.waitFor();
    await arrives(panel, firstText);

    // The bar shows the rehearsal's own time, and +1日 moves it alone, without asking.
    const bar = page.getByTestId('time-warp');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="time-warp"]')?.getAttribute('data-mode') === 'rehearsal',
    );
    expect(await bar.textContent()).toContain('リハーサルの時刻');
    const engineBefore = (await serviceApi(page, simulatorApi.clock, {})).data.now;
    await page.getByTestId('time-warp-day').click();
    await arrives(panel, '二日目のお知らせ');
    expect(await page.locator('.ant-modal-confirm-title').count()).toBe(0);

    // The second bubble carries the rehearsal's time: a day or more after the first.
    const times = await panel
      .locator('[data-testid^="sim-message-"][data-side="channel"] [data-testid="sim-message-time"]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-demo-at')));
    const [firstAt, secondAt] = times.slice(-2).map((at) => new Date(at!).getTime());
    expect(secondAt! - firstAt!).toBeGreaterThanOrEqual(24 * 3_600_000 - 60_000);

    // Nobody else received anything, and the shared clock did not move.
    expect((await receivedBy(page, other)).length).toBe(otherBefore);
    expect(new Date((await serviceApi(page, simulatorApi.clock, {})).data.now).getTime()).toBeLessThan(
      new Date(engineBefore).getTime() + 3_600_000,
    );
    // The list's counts follow the rehearsal's sends without a reload.
    await expect.poll(() => page.getByTestId(`plan-sent-${planId}`).textContent(), { timeout: 20_000 }).toBe('3通');
  }, 150_000);
});
