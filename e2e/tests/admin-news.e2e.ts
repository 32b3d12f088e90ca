/**
 * News (お知らせ) from the admin area to the service dashboard: a platform admin writes a notice to
 * the demo agency's accounts in the browser; the demo account's staff see it on the dashboard as
 * unread, open it, and after a reload it is read. The admin home shows its sections.
 */
import { describe, expect } from 'vitest';
import { uniqueSuffix } from '../support/demo-service.ts';
import { chooseOption, clickInDialog } from '../support/dialogs.ts';
import { it } from '../support/fixtures.ts';
import { serviceScreen, signIn } from '../support/session.ts';

describe('admin news', () => {
  it('reaches the dashboard of an account of the addressed agency, unread until opened', async ({ openPage }) => {
    const title = `E2Eのお知らせ ${uniqueSuffix()}`;
    const admin = await openPage();
    await signIn(admin, 'admin', 'admin@demo.example', { path: '/admin/news' });
    await admin.getByTestId('news-table').waitFor();
    await admin.getByTestId('create-button').click();
    await admin.waitForURL(/\/admin\/news\/create$/);
    await admin.getByTestId('field-title').fill(title);
    await admin
      .getByTestId('field-body')
      .fill('新しい**テンプレート**を追加しました。\n\n- 詳しくはヘルプをご覧ください');
    // The Markdown is previewed as it is typed, rendered, never as HTML.
    await expect.poll(() => admin.getByTestId('news-preview').locator('strong').textContent()).toBe('テンプレート');
    await admin.getByTestId('field-audience-agency').click();
    await chooseOption(admin, 'field-audience_agency_id', 'Demo Agency');
    await admin.getByTestId('form-submit').click();
    await admin.waitForURL(/\/admin\/news$/);
    const link = admin.getByRole('link', { name: title });
    await link.waitFor();
    const id = Number((await link.getAttribute('data-testid'))?.replace('news-link-', ''));
    expect(id).toBeGreaterThan(0);
    await expect(admin.getByTestId(`news-status-${id}`).textContent()).resolves.toBe('公開中');

    const staff = await openPage();
    await signIn(staff, 'service', 'staff@demo.example');
    await staff.waitForURL(serviceScreen('/service'));
    const card = staff.getByTestId('dashboard-news');
    await card.getByTestId(`news-item-${id}`).waitFor();
    await expect(card.getByTestId(`news-open-${id}`).textContent()).resolves.toBe(title);
    await card.getByTestId(`news-unread-${id}`).waitFor();

    await card.getByTestId(`news-open-${id}`).click();
    await expect.poll(() => staff.getByTestId('news-body').locator('strong').textContent()).toBe('テンプレート');
    await clickInDialog(staff, 'news-close');
    await expect.poll(() => card.getByTestId(`news-unread-${id}`).count()).toBe(0);

    await staff.reload();
    await card.getByTestId(`news-item-${id}`).waitFor();
    await expect(card.getByTestId(`news-unread-${id}`).count()).resolves.toBe(0);

    // The admin deletes it (after confirming): it leaves the list.
    await admin.getByTestId(`row-delete-${id}`).click();
    await clickInDialog(admin, 'confirm-ok');
    await expect.poll(() => admin.getByTestId(`news-row-${id}`).count()).toBe(0);
  }, 120_000);

  it('shows the admin home with its figures, plan limits, anomalies and inquiries', async ({ page }) => {
    await signIn(page, 'admin', 'admin@demo.example', { path: '/admin' });
    await page.getByTestId('admin-home-counts').waitFor();
    // A platform admin sees the number of OEMs; the demo has two.
    await expect
      .poll(async () =>
        Number(await page.getByTestId('admin-home-count-oems').locator('.ant-statistic-content-value').textContent()),
      )
      .toBeGreaterThanOrEqual(2);
    // Each section shows its rows or its empty state (the demo's detectors may have resolved its incidents).
    for (const section of ['near-limits', 'anomalies', 'inquiries']) {
      const card = page.getByTestId(`admin-home-${section}`);
      await card.waitFor();
      await card.locator(`.ant-list-item, [data-testid="admin-home-${section}-empty"]`).first().waitFor();
    }
    for (const severity of ['critical', 'warning', 'info']) {
      await expect(page.getByTestId(`admin-home-severity-${severity}`).textContent()).resolves.toMatch(/: \d+$/);
    }
    await expect(page.getByTestId('admin-home-counts').textContent()).resolves.toContain('今月の送信数');
  }, 60_000);
});
