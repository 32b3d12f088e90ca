import { lineAccountsApi } from '@linq/contract';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { serviceApi } from '../support/demo-service.ts';
import { it } from '../support/fixtures.ts';
import { loginAs } from '../support/session.ts';

const channelsOf = async (page: Page) => (await serviceApi(page, lineAccountsApi.list, {})).data;

const stored = (page: Page) =>
  page.evaluate(() => ({ laid: localStorage.getItem('laid'), status: localStorage.getItem('statusLineAccount') }));

/** The selector shows the channel's name once its details have loaded. */
const waitForSelected = (page: Page, name: string) =>
  page.waitForFunction(
    (expected) => document.querySelector('[data-testid="channel-selector"]')?.textContent?.includes(expected),
    name,
  );

describe('channel selector (service area)', () => {
  it('picks the first channel, then the stored one, then the one in ?laid=', async ({ page }) => {
    await loginAs(page, 'service', 'staff@demo.example');
    const [first, second] = await channelsOf(page);
    expect(first && second).toBeTruthy();
    await page.goto('/service/friends');
    await page.waitForFunction((id) => localStorage.getItem('laid') === String(id), first!.id);
    expect(await stored(page)).toEqual({ laid: String(first!.id), status: 'active' });
    await waitForSelected(page, first!.name);

    await page.getByTestId('channel-selector').click();
    await page.getByTestId(`channel-option-${second!.id}`).click();
    await page.waitForFunction((id) => localStorage.getItem('laid') === String(id), second!.id);
    await page.reload();
    await page.getByTestId('channel-selector').waitFor();
    await waitForSelected(page, second!.name);

    await page.goto(`/service/tags?laid=${first!.id}`);
    await page.waitForFunction((id) => localStorage.getItem('laid') === String(id), first!.id);
    await waitForSelected(page, first!.name);
  });

  it('reflects a rename in the selector and the list at once', async ({ page }) => {
    await loginAs(page, 'service', 'staff@demo.example');
    await page.goto('/service/friends');
    await page.getByTestId('channel-rename').click();
    const input = page.getByTestId('channel-name-input');
    await input.fill('Demo Shop 本店 (改名)');
    await page.getByTestId('channel-rename-save').click();
    await waitForSelected(page, '(改名)');
    await page.getByTestId('channel-selector').click();
    const options = await page.locator('[data-testid^="channel-option-"]').allTextContents();
    expect(options.filter((o) => o.includes('(改名)'))).toHaveLength(1);
  });
});

describe('view-only staff', () => {
  it('sees no edit buttons, and the API refuses their writes', async ({ page }) => {
    await loginAs(page, 'service', 'viewer@demo.example');
    await page.goto('/service/friends');
    await page.getByTestId('channel-selector').waitFor();
    expect(await page.getByTestId('channel-rename').count()).toBe(0);
    const [channel] = await channelsOf(page);
    expect(await channelsOf(page)).toHaveLength(1);
    const response = await serviceApi(page, lineAccountsApi.update, {
      params: { id: channel!.id },
      body: { name: 'viewer rename' },
    });
    expect(response.status).toBe(403);
    expect((await channelsOf(page))[0]!.name).toBe(channel!.name);
  });
});
