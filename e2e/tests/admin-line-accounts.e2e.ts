import { adminLineAccountsApi, talksApi } from '@linq/contract';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { baseUrl } from '../support/browser.ts';
import {
  consoleIdOf,
  demoFriendsJoined,
  followingFriend,
  friendWrites,
  receivedBy,
  selectedSimulatedChannel,
  serviceApi,
  simulatorControl,
  uniqueSuffix,
  until,
} from '../support/demo-service.ts';
import { it } from '../support/fixtures.ts';
import { signIn } from '../support/session.ts';

const LIST = '/admin/line-accounts';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('LINE accounts in the admin area', () => {
  it('creates a channel for Demo Shop, shows its webhook URL, tests, edits and deletes it', async ({ page }) => {
    await signIn(page, 'admin', 'admin@demo.example', { path: LIST });
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
    // A simulated channel gets the simulator's LINE Login channel, checked with it when saved.
    await expect(page.getByTestId('detail-login_channel_id').textContent()).resolves.toMatch(/^\d{10}$/);
    await expect(page.getByTestId('detail-login_channel_secret').textContent()).resolves.toBe('設定済み');
    await expect(page.getByTestId('login-check-state').textContent()).resolves.toBe('確認OK');

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
    // A LINE Login secret that is not the channel's: saved, and the check says so.
    await expect(page.getByTestId('field-login_channel_id').inputValue()).resolves.toMatch(/^\d{10}$/);
    await page.getByTestId('field-login_channel_secret').fill('fedcba9876543210fedcba9876543210');
    await page.getByTestId('form-submit').click();
    await page.waitForURL(new RegExp(`/admin/line-accounts/${id}$`));
    await page.getByText('E2E 公式アカウント（更新）').first().waitFor();
    await expect(page.getByTestId('detail-basic_id').textContent()).resolves.toBe('@e2e1234');
    await expect(page.getByTestId('detail-channel_secret').textContent()).resolves.toBe('設定済み');
    await expect(page.getByTestId('login-check-state').textContent()).resolves.toBe('確認エラー');
    await expect(page.getByTestId('login-check-error').textContent()).resolves.toBe(
      'チャネルIDまたはチャネルシークレットが正しくありません。',
    );
    expect(await page.content()).not.toContain('fedcba9876543210fedcba9876543210');

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
  }, 120_000);
});

/** The demo channel's settings saved through the admin API with a new access token (keeping the rest). */
async function saveToken(admin: Page, lineAccountId: number, token: string) {
  const { data } = await serviceApi(admin, adminLineAccountsApi.get, { params: { id: lineAccountId } });
  const saved = await serviceApi(admin, adminLineAccountsApi.update, {
    params: { id: lineAccountId },
    body: {
      name: data.name,
      account_id: data.account.id,
      status: data.status,
      channel_id: data.channel_id ?? '',
      basic_id: data.basic_id ?? '',
      simulated: true,
      channel_access_token: token,
    },
  });
  expect(saved.status).toBe(200);
}

describe('a channel whose access token LINE refuses', () => {
  it('shows the state and the messages on hold on the channel screen; saving the reissued token sends them', async ({
    openPage,
  }) => {
    const staff = await openPage();
    const admin = await openPage();
    let lineAccountId = 0;
    let tokenPath = '';
    const reissued = `e2e-reissued-${uniqueSuffix()}${uniqueSuffix()}`;
    try {
      await signIn(admin, 'admin', 'admin@demo.example');
      await signIn(staff, 'service', 'staff@demo.example', { path: '/service/talks' });
      await staff.waitForFunction(() => localStorage.getItem('laid') !== null);
      lineAccountId = Number(await staff.evaluate(() => localStorage.getItem('laid')));
      await demoFriendsJoined(staff);
      const name = `トークン ${uniqueSuffix()}`;
      const friend = await followingFriend(staff, name);
      await friendWrites(staff, friend, '問い合わせです');
      const friendId = await consoleIdOf(staff, name);
      // What the phone had before (the channel's welcome, when it has one).
      const greeted = (await receivedBy(staff, friend)).length;

      // LINE stops accepting the channel's token (reissued in the LINE Developers console).
      const channel = await selectedSimulatedChannel(staff);
      tokenPath = `/_sim/channels/${channel.channelId}/token`;
      await simulatorControl('PUT', tokenPath, { channelAccessToken: null });
      const sent = await serviceApi(staff, talksApi.send, {
        body: { friend_id: friendId, message: { type: 'text', text: '担当者からご連絡します' } },
      });
      expect(sent.status).toBe(201);
      const history = () =>
        serviceApi(staff, talksApi.history, { query: { friend_id: friendId } }).then((r) =>
          r.data.find((message) => message.id === sent.data.id),
        );
      await until(
        async () => ((await history())?.delivery_wait?.reason === 'credentials' ? true : undefined),
        20_000,
        'the reply waiting for the token',
      );

      await admin.goto(`${LIST}/${lineAccountId}`);
      const alert = admin.getByTestId('credentials-invalid');
      await alert.waitFor();
      await alert.getByText('チャネルアクセストークンが無効です').waitFor();
      await expect(alert.getByTestId('credentials-waiting').textContent()).resolves.toBe('送信保留中のメッセージ: 1件');
      await admin.goto(`${LIST}?q=${channel.channelId}`);
      await admin.getByTestId(`credentials-invalid-${lineAccountId}`).waitFor();

      // The administrator saves the reissued token on the edit screen.
      await simulatorControl('PUT', tokenPath, { channelAccessToken: reissued });
      await admin.goto(`${LIST}/${lineAccountId}/edit`);
      await admin.getByTestId('field-channel_access_token').fill(reissued);
      await admin.getByTestId('form-submit').click();
      await admin.waitForURL(new RegExp(`/admin/line-accounts/${lineAccountId}$`));
      await admin.getByTestId('line-account-detail').waitFor();
      expect(await admin.getByTestId('credentials-invalid').count()).toBe(0);

      await until(
        async () => ((await history())?.delivery_status === 'sent' ? true : undefined),
        20_000,
        'the reply sent',
      );
      const received = await receivedBy(staff, friend);
      expect(received.slice(greeted).map((entry) => entry.message.text)).toEqual(['担当者からご連絡します']);
    } finally {
      // Whatever happened, LINE and the console agree on the channel's token again.
      if (tokenPath) {
        await simulatorControl('PUT', tokenPath, { channelAccessToken: reissued });
        await saveToken(admin, lineAccountId, reissued);
      }
    }
  }, 120_000);
});
