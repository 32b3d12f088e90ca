import type { Page } from 'playwright-core';

/** Waits until no antd element is still moving in (dialogs zoom, dropdowns slide). */
export async function animationsSettled(page: Page) {
  await page.waitForFunction(() => !document.querySelector('[class*="-appear"], [class*="-enter"]'));
}

/**
 * Clicks a button of a dialog, drawer or popover once antd's opening animation is over: while it
 * zooms in, the button is not yet where it ends up and a click can land on the mask instead.
 */
export async function clickInDialog(page: Page, testId: string) {
  const button = page.getByTestId(testId);
  await button.waitFor();
  await animationsSettled(page);
  await button.click();
}

/**
 * Picks an option of the antd select with this test id, by its text, once the dropdown has slid
 * in: a click on an option still moving can be lost.
 */
export async function chooseOption(page: Page, selectTestId: string, label: string) {
  await page.getByTestId(selectTestId).click();
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label }).first();
  await option.waitFor();
  await animationsSettled(page);
  await option.click();
}
