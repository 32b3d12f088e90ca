import { describe, expect } from 'vitest';
import { baseUrl } from '../support/browser.ts';
import { it } from '../support/fixtures.ts';
import { loginAs } from '../support/session.ts';

const LIST = '/admin/line-accounts';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('LINE accounts in the admin area', () => {
  it('creates a channel for Demo Shop, shows its webhook URL, tests, edits and deletes it', async ({ page }) => {
    await loginAs(page, 'admin', 'admin@demo.example');
    await page.goto(LIST);
    await page.getByTestId('line-accounts-table').waitFor();

    await page.getByTestId('create-button').click();
    await page.waitForURL(/\/admin\/line-accounts\/create$/);
    const channelId = `2${Date.now().toString().slice(-9)}`;
    await page.getByTestId('field-name').fill('E2E 公式アカウント');
    await page.getByTestId('field-account_id').click();
    await page.locator('[data-testid^="account-option-"]', { hasText: /^Demo Shop$/ }).click();
    await page.getByTestId('field-channel_id').fill(channelId);
    await page.getByTestId('field-channel_access_token').fill('e2e-token-kept-secret');
    await page.getByTestId('field-simulated').click();

    // The client checks the secret's format before anything is sent.
    await page.getByTestId('field-channel_secret').fill('not-a-secret');
    await page.getByTestId('form-submit').click();
    await page.getByText('チャネルシークレットは32桁の英数字').waitFor();
    expect(page.url()).toMatch(/\/create$/);

    await page.getByTestId('field-channel_secret').fill('0123456789abcdef0123456789abcdef');
    await page.getByTestId('form-submit').click();
    await page.waitForURL(/\/admin\/line-accounts\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByTestId('line-account-detail').waitFor();

    // The webhook URL to paste into LINE, with a copy button; secrets only as set / not set.
    const webhook = page.getByTestId('webhook-url');
    await expect(webhook.textContent()).resolves.toMatch(
      new RegExp(`^${escape(baseUrl())}/webhooks/line/[0-9a-f]{32}$`),
    );
    expect(await webhook.locator('.ant-typography-copy').count()).toBe(1);
    await page.getByText('LINE Developersコンソール').first().waitFor();
    await expect(page.getByTestId('detail-account').textContent()).resolves.toBe('Demo Shop');
    await expect(page.getByTestId('detail-channel_secret').textContent()).resolves.toBe('設定済み');
    await expect(page.getByTestId('detail-channel_access_token').textContent()).resolves.toBe('設定済み');
    expect(await page.content()).not.toContain('e2e-token-kept-secret');

    // A new simulated channel is bound to the simulator by its first connection test: LINE's bot info comes back.
    await page.getByTestId('connection-test').click();
    const result = page.getByTestId('connection-result');
    await result.waitFor();
    await expect(result.textContent()).resolves.toMatch(/接続に成功しました（ボット名: E2E 公式アカウント）/);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="connection-state"]')?.textContent === '接続OK',
    );

    // Edit: the secret and token fields stay empty, which keeps them.
    await page.getByTestId('edit-button').click();
    await page.waitForURL(new RegExp(`/admin/line-accounts/${id}/edit$`));
    await page.getByText('空欄のままなら変更しません').first().waitFor();
    await expect(page.getByTestId('field-channel_secret').inputValue()).resolves.toBe('');
    await page.getByTestId('field-name').fill('E2E 公式アカウント（更新）');
    await page.getByTestId('field-basic_id').fill('@e2e1234');
    await page.getByTestId('form-submit').click();
    await page.waitForURL(new RegExp(`/admin/line-accounts/${id}$`));
    await page.getByText('E2E 公式アカウント（更新）').first().waitFor();
    await expect(page.getByTestId('detail-basic_id').textContent()).resolves.toBe('@e2e1234');
    await expect(page.getByTestId('detail-channel_secret').textContent()).resolves.toBe('設定済み');

    // The list finds it by channel id.
    await page.goto(`${LIST}?q=${channelId}`);
    await page.getByTestId(`line-account-row-${id}`).waitFor();

    // Delete with confirmation from the detail screen.
    await page.getByTestId(`line-account-link-${id}`).click();
    await page.waitForURL(new RegExp(`/admin/line-accounts/${id}$`));
    await page.getByTestId('delete-button').click();
    await page.getByTestId('confirm-ok').click();
    await page.waitForURL(/\/admin\/line-accounts$/);
    await page.getByTestId('line-accounts-table').waitFor();
    expect(await page.getByTestId(`line-account-row-${id}`).count()).toBe(0);
    await page.goto(`${LIST}?q=${channelId}`);
    await page.getByTestId('empty-state').waitFor();
  });
});
