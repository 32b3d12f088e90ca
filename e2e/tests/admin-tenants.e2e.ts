import { mailApi } from '@linq/contract';
import { describe, expect } from 'vitest';
import { channelApi, uniqueSuffix, until } from '../support/demo-service.ts';
import { it } from '../support/fixtures.ts';
import { loginAs, signIn } from '../support/session.ts';

describe('tenants in the admin area', () => {
  it('creates an OEM plan and an account on it; the owner is invited by e-mail and sets a password', async ({
    page,
  }) => {
    const suffix = uniqueSuffix();
    const planName = `E2Eプラン ${suffix}`;
    const ownerEmail = `owner-${suffix}@e2e.example`;
    await signIn(page, 'admin', 'admin@demo.example');

    // The plan: its price shown as an invoice shows it (税抜, 消費税 10 %, 税込) while it is typed.
    await page.goto('/admin/oem-plan');
    await page.getByTestId('plans-table').waitFor();
    await page.getByTestId('create-button').click();
    await page.waitForURL(/\/admin\/oem-plan\/create$/);
    await page.getByTestId('field-name').fill(planName);
    await page.getByTestId('field-monthly_price_yen').fill('12000');
    await expect.poll(() => page.getByTestId('price-tax').textContent()).toBe('1,200円');
    await expect(page.getByTestId('price-including').textContent()).resolves.toBe('13,200円');
    await page.getByTestId('field-max_channels').fill('2');
    await page.getByTestId('form-submit').click();
    await page.waitForURL(/\/admin\/oem-plan$/);
    await page.getByRole('link', { name: planName }).waitFor();

    // The account on that plan, with its owner's login.
    await page.goto('/admin/accounts/create');
    await page.getByTestId('field-name').fill(`E2E商店 ${suffix}`);
    await page.getByTestId('field-owner_name').fill('E2E オーナー');
    await page.getByTestId('field-owner_email').fill(ownerEmail);
    await page.getByTestId('field-oem_plan_id').click();
    await page.locator('[data-testid^="plan-option-"]', { hasText: planName }).click();
    await page.getByTestId('form-submit').click();
    await page.waitForURL(/\/admin\/accounts\/\d+$/);
    await expect(page.getByTestId('detail-plan').textContent()).resolves.toBe(planName);
    await expect(page.getByTestId('detail-owner').textContent()).resolves.toContain(ownerEmail);
    await expect(page.getByTestId('detail-status').textContent()).resolves.toBe('利用中');
    // Its usage against the plan's limits: no channel yet of the two the plan allows.
    await expect(page.getByTestId('account-usage-channels').textContent()).resolves.toMatch(/^0 \/ 2/);

    // The invitation is in the demo outbox, with the owner's set-password link.
    const mail = await until(
      async () => (await channelApi(page, null, mailApi.demoOutbox, { query: { to: ownerEmail } })).data[0],
      10_000,
      'the invitation in the demo outbox',
    );
    expect(mail.subject).toContain('ご招待');
    const link = /https?:\/\/\S+\/account\/login\?invitation=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();

    // The owner follows it, sets a password and logs in to the account area.
    const invitation = new URL(link!);
    await page.goto(`${invitation.pathname}${invitation.search}`);
    await page.getByTestId('field-password').fill('Owner-password-2026');
    await page.getByTestId('field-password_confirmation').fill('Owner-password-2026');
    await page.getByTestId('form-submit').click();
    await page.getByTestId('reset-success').waitFor();
    await loginAs(page, 'account', ownerEmail, 'Owner-password-2026');
  }, 120_000);
});
