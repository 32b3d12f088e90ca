import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser.ts';
import { serviceApi } from '../support/demo-service.ts';
import { loginAs } from '../support/session.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('screen tutorials (user tutorial setting)', () => {
  it('a dismissed tutorial stays hidden after a reload and on another device', async () => {
    const first = await newPage(browser);
    const second = await newPage(browser);
    try {
      await loginAs(first.page, 'service', 'viewer@demo.example');
      await first.page.goto('/service/marks');
      const tutorial = first.page.getByTestId('tutorial-marks');
      await tutorial.waitFor();
      expect(await tutorial.textContent()).toContain('対応マーク');

      await tutorial.getByTestId('tutorial-dismiss').click();
      await tutorial.waitFor({ state: 'detached' });
      // Stored locally (spec: hide_tutorial_screens) and on the server.
      await first.page.waitForFunction(() =>
        JSON.parse(localStorage.getItem('hide_tutorial_screens') ?? '[]').includes('marks'),
      );
      const me = await serviceApi<{ hide_tutorial_screens: string[] }>(first.page, 'GET', '/service/sessions/me');
      expect(me.data.hide_tutorial_screens).toContain('marks');

      await first.page.reload();
      await first.page.getByTestId('page-title').waitFor();
      expect(await first.page.getByTestId('tutorial-marks').count()).toBe(0);
      // Other screens keep theirs.
      await first.page.goto('/service/tags');
      await first.page.getByTestId('tutorial-tags').waitFor();

      // A fresh browser has nothing stored locally: the session's list hides it.
      await loginAs(second.page, 'service', 'viewer@demo.example');
      await second.page.goto('/service/marks');
      await second.page.getByTestId('page-title').waitFor();
      await second.page.locator('[data-testid^="label-row-"]').first().waitFor();
      expect(await second.page.getByTestId('tutorial-marks').count()).toBe(0);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });
});
