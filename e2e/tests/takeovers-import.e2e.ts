/**
 * Takeovers, import: the demo account's owner uploads a Shift_JIS CSV with tags, checks it by a
 * dry run, runs it and follows its progress until it completes; staff find the friends with their
 * tags in the channel's friend list; the owner undoes it and they are gone.
 */
import { randomBytes } from 'node:crypto';
import iconv from 'iconv-lite';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { friendsApi, lineAccountsApi } from '@linq/contract';
import { channelApi } from '../support/demo-service.ts';
import { clickInDialog } from '../support/dialogs.ts';
import { it } from '../support/fixtures.ts';
import { loginAs, signIn } from '../support/session.ts';

const OWNER = 'account@demo.example';
const userId = () => `U${randomBytes(16).toString('hex')}`;

/** The channel's friend list, searched by name. */
async function openFriendList(staff: Page, laid: number, name: string) {
  await staff.goto(`/service/friends?laid=${laid}&name=${encodeURIComponent(name)}`);
  await staff.getByTestId('friends-table').waitFor();
}

/** The text of each row the friend list shows (name, tags, …). */
const shownRows = (staff: Page) => staff.locator('[data-testid^="friend-row-"]').allTextContents();

describe('takeovers: importing friends', () => {
  it('imports a Shift_JIS CSV with tags: dry run, run with progress, friends and tags listed, undo', async ({
    page,
    openPage,
  }) => {
    await loginAs(page, 'account', OWNER);
    await page.goto('/account/takeovers');
    // The page preselects the account's first channel.
    const laid = (await channelApi(page, null, lineAccountsApi.list, {})).data[0]!.id;
    const family = `引継${randomBytes(3).toString('hex')}`;
    const csv = [
      'LINEユーザーID,表示名,友だち追加日時,タグ',
      `${userId()},${family} 一郎,2024/04/01 10:00,"移行テスト,VIP"`,
      `${userId()},${family} 二郎,2024/04/02 11:00,移行テスト`,
      ',IDなし,2024/04/03 12:00,移行テスト',
    ].join('\r\n');
    await page
      .getByTestId('takeovers-import')
      .locator('input[type=file]')
      .setInputFiles({ name: '移行.csv', mimeType: 'text/csv', buffer: iconv.encode(csv, 'cp932') });
    await expect.poll(() => page.getByTestId('import-encoding').textContent()).toBe('Shift_JIS');

    await page.getByTestId('import-dry-run').click();
    await page.getByTestId('import-preview').waitFor();
    await expect.poll(() => page.getByTestId('preview-create').textContent()).toContain('2');
    await expect.poll(() => page.getByTestId('preview-errors').textContent()).toContain('1');
    await expect.poll(() => page.getByTestId('preview-labels').textContent()).toContain('移行テスト');
    await expect.poll(() => page.getByTestId('preview-row-errors').textContent()).toContain('LINEユーザーIDがないため');

    await page.getByTestId('import-run').click();
    await clickInDialog(page, 'import-run-confirm');
    const history = page.getByTestId('import-history');
    await history.locator('.ant-progress').first().waitFor();
    await expect.poll(() => history.locator('tbody tr').first().textContent(), { timeout: 30_000 }).toContain('完了');
    await expect(history.locator('tbody tr').first().textContent()).resolves.toContain('作成 2');

    const staff = await openPage();
    await signIn(staff, 'service', 'staff@demo.example');
    await openFriendList(staff, laid, family);
    await expect.poll(() => shownRows(staff)).toHaveLength(2);
    const rows = await shownRows(staff);
    const rowOf = (name: string) => rows.find((row) => row.includes(`${family} ${name}`)) ?? '';
    expect(rowOf('一郎')).toContain('移行テスト');
    expect(rowOf('一郎')).toContain('VIP');
    expect(rowOf('二郎')).toContain('移行テスト');
    expect(rowOf('二郎')).not.toContain('VIP');

    await history.locator('tbody tr').first().getByRole('button', { name: '取り消し' }).click();
    await clickInDialog(page, 'import-undo-confirm');
    await expect
      .poll(() => history.locator('tbody tr').first().textContent(), { timeout: 30_000 })
      .toContain('取り消し済み');
    const left = await channelApi(staff, laid, friendsApi.list, { query: { name: family } });
    expect(left.data).toEqual([]);
  }, 120_000);
});
