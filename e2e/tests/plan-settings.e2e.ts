/**
 * The channel's delivery settings and a plan's history in the browser: the night window set in the
 * "配信設定" dialog of the plans list persists; a plan saved in the editor shows the save in its
 * "履歴" tab.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { plansApi } from '@linq/contract';
import { demoFriendsJoined, serviceApi, uniqueSuffix, until } from '../support/demo-service.ts';
import { it } from '../support/fixtures.ts';
import { serviceScreen, signIn } from '../support/session.ts';

async function loginAsStaff(page: Page) {
  await signIn(page, 'service', 'staff@demo.example', { path: '/service/plans' });
  await page.waitForFunction(() => localStorage.getItem('laid') !== null);
  await demoFriendsJoined(page);
}

/** Picks a time in a searchable select: typed, then the one option left taken with Enter. */
async function choose(page: Page, selectTestId: string, time: string) {
  await page.getByTestId(selectTestId).click();
  await page.keyboard.type(time);
  await page.locator(`.ant-select-item-option-active[title="${time}"]`).waitFor();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByTestId(selectTestId).textContent()).toBe(time);
}

async function writeFirstBox(page: Page, text: string) {
  await page.getByTestId('plan-box-box-0').getByTestId('box-type').click();
  await page.getByTestId('box-panel').getByTestId('builder-text').fill(text);
  await page.getByTestId('plan-box-box-0').getByText(text).waitFor();
}

describe('delivery settings', () => {
  it('sets the night window in the dialog, and it is there after a reload', async ({ page }) => {
    await loginAsStaff(page);
    try {
      await page.getByTestId('delivery-settings-open').click();
      await page.getByTestId('delivery-settings').waitFor();
      // Off by default, 22:00–09:00 offered once it is turned on.
      expect(await page.getByTestId('night-enabled').getAttribute('aria-checked')).toBe('false');
      await page.getByTestId('night-enabled').click();
      await expect.poll(() => page.getByTestId('night-start').textContent()).toBe('22:00');
      // The same time twice is refused with the server's keyed message under the end time.
      await choose(page, 'night-end', '22:00');
      await page.getByTestId('delivery-settings-save').click();
      await page.getByTestId('night-end-error').getByText('異なる時刻').waitFor();
      await choose(page, 'night-start', '21:30');
      await choose(page, 'night-end', '08:00');
      await page.getByTestId('delivery-settings-save').click();
      await page.getByTestId('delivery-settings').waitFor({ state: 'detached' });

      await page.reload();
      await page.getByTestId('delivery-settings-open').click();
      await page.getByTestId('delivery-settings').waitFor();
      expect(await page.getByTestId('night-enabled').getAttribute('aria-checked')).toBe('true');
      expect(await page.getByTestId('night-start').textContent()).toBe('21:30');
      expect(await page.getByTestId('night-end').textContent()).toBe('08:00');
      const { data } = await serviceApi(page, plansApi.settings, {});
      expect(data.night_window).toEqual({ enabled: true, start: '21:30', end: '08:00' });
    } finally {
      // The demo channel's other tests expect sends at any hour.
      await serviceApi(page, plansApi.updateSettings, {
        body: { night_window: { enabled: false, start: '22:00', end: '09:00' } },
      });
    }
  });
});

describe('plan history', () => {
  it('shows the creation and then the save in the editor', async ({ page }) => {
    await loginAsStaff(page);
    await page.getByTestId('create-button').click();
    await page.waitForURL(serviceScreen('/service/plans/create'));
    const name = `E2E 履歴 ${uniqueSuffix()}`;
    await page.getByTestId('plan-name').fill(name);
    await writeFirstBox(page, 'はじめまして');
    await page.getByTestId('plan-save').click();
    await page.waitForURL(serviceScreen('/service/plans'));

    const listed = await until(
      async () => {
        const { status, body } = await serviceApi(page, plansApi.list, { query: { q: name } });
        return status === 200 ? body.data.find((plan) => plan.name === name) : undefined;
      },
      10_000,
      `the plan ${name}`,
    );
    await page.goto(`/service/plans/${listed.id}/edit`);
    await writeFirstBox(page, 'こんにちは');
    await page.getByTestId('plan-save').click();
    await page.waitForURL(serviceScreen('/service/plans'));

    await page.goto(`/service/plans/${listed.id}/edit`);
    await page.getByTestId('panel-tab-history').click();
    const history = page.getByTestId('plan-history');
    await history.getByText('保存しました（ボックス1個、タイミング0個）').waitFor();
    await history.getByText('作成しました（ボックス1個、タイミング0個）').waitFor();
    const kinds = await history.getByTestId('history-kind').allTextContents();
    expect(kinds).toEqual(['保存', '作成']);
  });
});
