/**
 * Takeovers, import: the demo account's owner uploads a Shift_JIS CSV with tags, checks it by a
 * dry run, runs it and follows its progress until it completes, then undoes it.
 */
import { randomBytes } from 'node:crypto';
import iconv from 'iconv-lite';
import { describe, expect } from 'vitest';
import { clickInDialog } from '../support/dialogs.ts';
import { it } from '../support/fixtures.ts';
import { loginAs } from '../support/session.ts';

const OWNER = 'account@demo.example';
const userId = () => `U${randomBytes(16).toString('hex')}`;

describe('takeovers: importing friends', () => {
  it('imports a Shift_JIS CSV with tags: dry run, run with progress, undo', async ({ page }) => {
    await loginAs(page, 'account', OWNER);
    await page.goto('/account/takeovers');
    const csv = [
      'LINEユーザーID,表示名,友だち追加日時,タグ',
      `${userId()},引継 一郎,2024/04/01 10:00,"移行テスト,VIP"`,
      `${userId()},引継 二郎,2024/04/02 11:00,移行テスト`,
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

    await history.locator('tbody tr').first().getByRole('button', { name: '取り消し' }).click();
    await clickInDialog(page, 'import-undo-confirm');
    await expect
      .poll(() => history.locator('tbody tr').first().textContent(), { timeout: 30_000 })
      .toContain('取り消し済み');
  }, 120_000);
});
