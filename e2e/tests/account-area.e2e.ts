/**
 * The account area's home and company info: the owner of Demo Café sees the plan usage at home, edits
 * the company info (a registration number with a wrong check digit is refused on the field, a right
 * one saves), and changes the time zone after a confirmation that counts the schedules it moves.
 */
import { describe, expect } from 'vitest';
import { chooseOption, clickInDialog } from '../support/dialogs.ts';
import { it } from '../support/fixtures.ts';
import { loginAs } from '../support/session.ts';

const CAFE_OWNER = 'cafe@demo.example';

describe('account area', () => {
  it('shows the plan usage at home, and saves the company info and a new time zone', async ({ page }) => {
    await loginAs(page, 'account', CAFE_OWNER);
    await page.goto('/account');
    await expect.poll(() => page.getByTestId('account-usage-staff_users').textContent()).toMatch(/^3 \/ 3/);

    await page.goto('/account/info');
    await page.getByTestId('field-name_kana').fill('デモカフェ');
    await page.getByTestId('field-phone').fill('06-1234-5678');
    await page.getByTestId('field-contact_email').fill('billing-cafe@demo.example');
    // A wrong check digit: the field says why, nothing is sent.
    await page.getByTestId('field-registration_number').fill('T8000012050002');
    await page.getByTestId('form-submit').click();
    await page.getByText('チェックデジットが正しいもの').waitFor();
    await page.getByTestId('field-registration_number').fill('T7000012050002');
    await page.getByTestId('form-submit').click();
    await page.getByText('保存しました').first().waitFor();
    await page.reload();
    await expect.poll(() => page.getByTestId('field-registration_number').inputValue()).toBe('T7000012050002');
    await expect(page.getByTestId('field-name_kana').inputValue()).resolves.toBe('デモカフェ');

    // A new time zone (same offset, so the demo's schedules keep their times): the preview comes first.
    await chooseOption(page, 'field-time_zone', '韓国標準時');
    await page.getByTestId('form-submit').click();
    await page.getByTestId('time-zone-preview').waitFor();
    await expect(page.getByTestId('time-zone-preview-broadcasts').textContent()).resolves.toMatch(
      /予約中の一斉配信: \d+件/,
    );
    await expect(page.getByTestId('time-zone-preview-scenarios').textContent()).resolves.toMatch(
      /送信予定のシナリオ配信: \d+件/,
    );
    await clickInDialog(page, 'time-zone-confirm');
    await page.reload();
    await expect.poll(() => page.getByTestId('field-time_zone').textContent()).toContain('韓国標準時');

    // Back to Japan for the other tests.
    await chooseOption(page, 'field-time_zone', '日本標準時');
    await page.getByTestId('form-submit').click();
    await clickInDialog(page, 'time-zone-confirm');
    await page.reload();
    await expect.poll(() => page.getByTestId('field-time_zone').textContent()).toContain('日本標準時');
  }, 120_000);
});
