/**
 * The platform admin records a bank transfer: on Demo Bakery's account page the 請求 card shows how it
 * pays, its standing (last month's transfer is overdue, the account in its grace period) and its
 * invoices; marking the overdue one paid, after a confirmation, shows it paid and the account back in
 * good standing.
 */
import { describe, expect } from 'vitest';
import { clickInDialog } from '../support/dialogs.ts';
import { it } from '../support/fixtures.ts';
import { signIn } from '../support/session.ts';

describe('admin billing', () => {
  it("marks Demo Bakery's overdue bank-transfer invoice paid", async ({ page }) => {
    await signIn(page, 'admin', 'admin@demo.example', { path: '/admin/accounts' });
    const search = page.getByTestId('search-input').locator('input');
    await search.fill('Demo Bakery');
    await search.press('Enter');
    await page.getByRole('link', { name: 'Demo Bakery' }).click();
    await page.waitForURL(/\/admin\/accounts\/\d+$/);

    const card = page.getByTestId('account-billing');
    // The account pays by bank transfer, or by card once the account's own test has set one up.
    await expect.poll(() => card.getByTestId('billing-method').textContent()).toMatch(/^(請求書払い|クレジットカード)/);
    await expect(card.getByTestId('billing-status').textContent()).resolves.toBe('お支払い待ち');
    await expect(card.getByTestId('billing-grace-until').textContent()).resolves.toMatch(
      /^猶予期限 \d{4}\/\d{2}\/\d{2}/,
    );

    // The overdue invoice (the newer one may already be paid by card, by the account's own test).
    const overdue = card.getByTestId('admin-invoices').locator('tr.ant-table-row', { hasText: '期限超過' });
    const markPaid = overdue.locator('[data-testid^="mark-paid-"]');
    const number = (await markPaid.getAttribute('data-testid'))!.replace('mark-paid-', '');
    await markPaid.click();
    await clickInDialog(page, 'mark-paid-confirm');

    await page.getByText('入金済みにしました').waitFor();
    await expect.poll(() => card.getByTestId(`invoice-status-${number}`).textContent()).toBe('支払済み');
    await expect(card.getByTestId(`mark-paid-${number}`).count()).resolves.toBe(0);
    await expect.poll(() => card.getByTestId('billing-status').textContent()).toBe('正常');
    await expect(card.getByTestId('billing-grace-until').count()).resolves.toBe(0);
  });
});
