/**
 * The agency area: a manager of Demo Agency creates a client account (its owner is invited by
 * e-mail, sets a password and logs in) and a contract for it, and starts the contract; a member
 * of the agency sees contracts without their fees and has no users screen; a notice sent from
 * /agency/send reaches the picked client's service dashboard.
 */
import { mailApi } from '@linq/contract';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { channelApi, uniqueSuffix, until } from '../support/demo-service.ts';
import { chooseOption, clickInDialog } from '../support/dialogs.ts';
import { it, test } from '../support/fixtures.ts';
import { loginAs, signIn } from '../support/session.ts';

const suffix = uniqueSuffix();
const clientName = `E2Eクライアント ${suffix}`;
const ownerEmail = `client-owner-${suffix}@e2e.example`;

/** Types a date into the antd date picker with this test id. */
async function pickDate(page: Page, testId: string, date: string) {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(date);
  await input.press('Enter');
}

describe('agency area', () => {
  let manager: Page;
  let contractId: number;

  test.beforeAll(async ({ openFilePage }) => {
    manager = await openFilePage();
    await loginAs(manager, 'agency', 'agency@demo.example');
  });

  it('lands on the dashboard: clients, live contracts, those ending soon, the recurring revenue and its trend', async () => {
    // The demo: Demo Shop's contract (30,000 円) runs, Demo Café's (9,800 円) ends within 30 days.
    await manager.getByTestId('agency-dashboard-clients').getByText('2 件').waitFor();
    await manager.getByTestId('agency-dashboard-ending30').getByText('1 件').waitFor();
    await manager.getByTestId('agency-dashboard-mrr').getByText('39,800円').waitFor();
    await manager.getByTestId('agency-dashboard-chart').locator('canvas').waitFor();
    await manager.getByTestId('dashboard-news').waitFor();
    await manager.getByTestId('agency-dashboard-anomalies').waitFor();
  });

  it('creates a client account whose owner is invited, sets a password and logs in', async ({ openPage }) => {
    await manager.goto('/agency/accounts');
    await manager.getByTestId('accounts-table').waitFor();
    await manager.getByTestId('create-button').click();
    await manager.waitForURL(/\/agency\/accounts\/create$/);
    await manager.getByTestId('field-name').fill(clientName);
    await manager.getByTestId('field-owner_name').fill('E2E オーナー');
    await manager.getByTestId('field-owner_email').fill(ownerEmail);
    await chooseOption(manager, 'field-oem_plan_id', 'ライト');
    await manager.getByTestId('form-submit').click();
    await manager.waitForURL(/\/agency\/accounts\/\d+$/);
    await expect(manager.getByTestId('detail-name').textContent()).resolves.toBe(clientName);
    await expect(manager.getByTestId('detail-plan').textContent()).resolves.toBe('ライト');
    await manager.getByTestId('account-usage-channels').waitFor();

    // The invitation is in the demo outbox (read as the platform admin), with the set-password link.
    const admin = await openPage();
    await loginAs(admin, 'admin', 'admin@demo.example');
    const mail = await until(
      async () => (await channelApi(admin, null, mailApi.demoOutbox, { query: { to: ownerEmail } })).data[0],
      10_000,
      'the invitation in the demo outbox',
    );
    const link = /https?:\/\/\S+\/account\/login\?invitation=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    const owner = await openPage();
    const invitation = new URL(link!);
    await owner.goto(`${invitation.pathname}${invitation.search}`);
    await owner.getByTestId('field-password').fill('Owner-password-2026');
    await owner.getByTestId('field-password_confirmation').fill('Owner-password-2026');
    await owner.getByTestId('form-submit').click();
    await owner.getByTestId('reset-success').waitFor();
    await loginAs(owner, 'account', ownerEmail, 'Owner-password-2026');
  }, 120_000);

  it('creates a contract for the client and starts it: the account takes its plan', async () => {
    await manager.goto('/agency/contracts/create');
    await chooseOption(manager, 'field-account_id', clientName);
    await chooseOption(manager, 'field-oem_plan_id', 'スタンダード');
    await pickDate(manager, 'field-start_date', '2026-01-01');
    await pickDate(manager, 'field-end_date', '2030-12-31');
    await manager.getByTestId('field-monthly_fee_yen').fill('25000');
    await manager.getByTestId('field-notes').fill('E2Eの契約');
    await manager.getByTestId('form-submit').click();
    await manager.waitForURL(/\/agency\/contracts\/\d+$/);
    contractId = Number(/\/agency\/contracts\/(\d+)$/.exec(manager.url())?.[1]);
    await expect(manager.getByTestId('detail-status').textContent()).resolves.toBe('下書き');
    await expect(manager.getByTestId('detail-fee').textContent()).resolves.toBe('25,000円');

    await manager.getByTestId('move-active').click();
    await clickInDialog(manager, 'confirm-ok');
    // Once started it can be ended: the page has the started contract.
    await manager.getByTestId('move-ended').waitFor();
    await expect(manager.getByTestId('detail-status').textContent()).resolves.toBe('契約中');
    await manager.getByTestId('detail-account').click();
    await manager.waitForURL(/\/agency\/accounts\/\d+$/);
    await manager.locator('[data-testid="detail-plan"]', { hasText: 'スタンダード' }).waitFor();
  }, 60_000);

  it('shows a member the contracts without fees, and no users screen', async ({ page }) => {
    await loginAs(page, 'agency', 'agency-member@demo.example');
    await page.getByTestId('agency-dashboard-clients').waitFor();
    await expect(page.getByTestId('agency-dashboard-revenue').count()).resolves.toBe(0);
    await expect(page.getByTestId('menu-agencyUsers').count()).resolves.toBe(0);
    await page.goto('/agency/contracts');
    await page.getByTestId(`contract-row-${contractId}`).waitFor();
    await expect(page.getByTestId('contracts-table').textContent()).resolves.not.toContain('月額');
    await page.getByTestId(`contract-link-${contractId}`).click();
    await page.getByTestId('detail-status').waitFor();
    await expect(page.getByTestId('detail-fee').count()).resolves.toBe(0);
  }, 60_000);

  it('sends a notice from /agency/send that appears on the client’s service dashboard', async ({ page }) => {
    const title = `E2Eのお知らせ ${suffix}`;
    await manager.goto('/agency/send');
    // The demo's past notice to both clients, read in Demo Shop by its staff.
    await manager.locator('[data-testid^="notice-reads-"]', { hasText: '1 アカウント（1 人）' }).first().waitFor();
    await manager.getByTestId('compose-notice').click();
    await manager.getByTestId('field-title').fill(title);
    await manager.getByTestId('field-body').fill('**年末年始**の営業日をお知らせします。');
    await manager.getByTestId('notice-preview').waitFor();
    await manager.getByTestId('field-audience-picked').click();
    await chooseOption(manager, 'field-account_ids', 'Demo Shop');
    await manager.getByTestId('notice-reach').getByText('1 アカウントに届きます').waitFor();
    await clickInDialog(manager, 'notice-submit');
    const row = manager.locator('[data-testid^="notice-row-"]', { hasText: title });
    await row.getByText('送信済み').waitFor();
    await row.getByText('1 アカウント', { exact: true }).waitFor();
    await row.getByRole('button', { name: title }).click();
    await manager.getByTestId('notice-recipients').getByText('Demo Shop').waitFor();

    await signIn(page, 'service', 'staff@demo.example', { path: '/service/dashboard' });
    const news = page.getByTestId('dashboard-news');
    await news.getByText(title).click();
    await page.getByTestId('news-body').getByText('年末年始').waitFor();
  }, 60_000);
});
