import { describe, expect } from 'vitest';
import { it } from '../support/fixtures.ts';
import { signIn } from '../support/session.ts';

describe('staff authorities through the UI', () => {
  it('creates, edits and deletes a staff authority; server errors show on the form', async ({ page }) => {
    await signIn(page, 'account', 'account@demo.example', { path: '/account/staff_authorities' });
    await page.getByTestId('staff-authorities-table').waitFor();

    // A duplicate name comes back as a 422 and shows on the name field.
    await page.getByTestId('create-button').click();
    await page.waitForURL(/\/account\/staff_authorities\/create$/);
    await page.getByTestId('field-name').fill('全権限');
    await page.getByTestId('preset-view-only').click();
    await page.getByTestId('form-submit').click();
    await page.getByText('同じ名前のスタッフ権限が既にあります').waitFor();

    await page.getByTestId('field-name').fill('トーク担当');
    await page.getByTestId('permission-talks-edit').click();
    await page.getByTestId('permission-send_messages').click();
    await page.getByTestId('form-submit').click();
    await page.waitForURL(/\/account\/staff_authorities\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByTestId('staff-authority-detail').waitFor();
    await expect(page.getByTestId('permission-level-talks').textContent()).resolves.toMatch(/編集/);

    await page.getByTestId('edit-button').click();
    await page.waitForURL(new RegExp(`/account/staff_authorities/${id}/edit$`));
    await page.getByTestId('field-name').fill('トーク担当（更新）');
    await page.getByTestId('form-submit').click();
    await page.waitForURL(new RegExp(`/account/staff_authorities/${id}$`));
    await page.getByText('トーク担当（更新）').first().waitFor();

    await page.goto('/account/staff_authorities');
    await page.getByTestId(`staff-authority-row-${id}`).waitFor();
    await page.getByTestId(`row-delete-${id}`).click();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId(`staff-authority-row-${id}`).waitFor({ state: 'detached' });
    // The list reloaded from the server: the row is gone after a fresh visit too.
    await page.reload();
    await page.getByTestId('staff-authorities-table').waitFor();
    expect(await page.getByTestId(`staff-authority-row-${id}`).count()).toBe(0);
  });
});
