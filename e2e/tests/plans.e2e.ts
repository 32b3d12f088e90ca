/**
 * Plans in the browser: a step scenario drawn in the diagram editor (a text box, a confirm box and
 * its two branches, with timings), saved, reopened, undone and redone, changed and saved again with
 * its action ids kept; a save with an over-long option label shows the error and stays; a
 * broadcast's forecast shows how many friends it would reach.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { plansApi, type PlanDetail } from '@linq/contract';
import { demoFriendsJoined, serviceApi, uniqueSuffix, until } from '../support/demo-service.ts';
import { it } from '../support/fixtures.ts';
import { loginAs } from '../support/session.ts';

const unique = (prefix: string) => `${prefix} ${uniqueSuffix()}`;

async function loginAsStaff(page: Page) {
  await loginAs(page, 'service', 'staff@demo.example');
  await page.goto('/service/plans');
  await page.waitForFunction(() => localStorage.getItem('laid') !== null);
  await demoFriendsJoined(page);
}

/** Opens a box in the side panel (clicked on its id, clear of its buttons). */
async function openBox(page: Page, boxId: string) {
  await page.getByTestId(`plan-box-${boxId}`).getByText(boxId, { exact: true }).click();
  await page.getByTestId('box-panel').getByText(boxId).waitFor();
}

async function writeText(page: Page, boxId: string, text: string) {
  await openBox(page, boxId);
  await page.getByTestId('box-panel').getByTestId('builder-text').fill(text);
  await page.getByTestId(`plan-box-${boxId}`).getByText(text).waitFor();
}

/** Picks an option of an antd select by its visible text. */
async function choose(page: Page, selectTestId: string, option: string) {
  await page.getByTestId(selectTestId).click();
  await page.locator(`.ant-select-item-option[title="${option}"]`).click();
}

/** An antd number input by its test id (on the input itself, or on its wrapper). */
const numberInput = (page: Page, testId: string) =>
  page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`);

/** The plan as the API answers it, found by its name. */
async function planNamed(page: Page, name: string): Promise<PlanDetail> {
  const listed = await until(
    async () => {
      const { status, body } = await serviceApi(page, plansApi.list, { query: { q: name } });
      return status === 200 ? body.data.find((plan) => plan.name === name) : undefined;
    },
    10_000,
    `the plan ${name}`,
  );
  const { status, body } = await serviceApi(page, plansApi.get, { params: { id: listed.id } });
  expect(status).toBe(200);
  return body;
}

const actionIds = (detail: PlanDetail) =>
  Object.fromEntries(detail.plan_actions.map((action) => [action.box_id, action.id]));

const textOf = (detail: PlanDetail, boxId: string) =>
  detail.plan_actions.find((action) => action.box_id === boxId)?.message.text;

async function save(page: Page) {
  await page.getByTestId('plan-save').click();
  await page.waitForURL(/\/service\/plans$/);
}

describe('step scenario in the diagram editor', () => {
  it('is built with a confirm box and two timed branches, saved, reopened, undone, redone, changed and saved with its action ids kept', async ({
    page,
  }) => {
    await loginAsStaff(page);
    await page.getByTestId('create-button').click();
    await page.waitForURL('**/service/plans/create');
    const name = unique('E2E ウェルカム');
    await page.getByTestId('plan-name').fill(name);

    // box-0: a text; box-1-0 below it becomes a confirm, whose "はい" gets box-2-0 at once.
    await writeText(page, 'box-0', 'ようこそ！');
    await page.getByTestId('box-add-box-0').click();
    await openBox(page, 'box-1-0');
    await choose(page, 'box-message-type', '確認');
    await page.getByTestId('plan-box-box-2-0').waitFor();
    await page.getByTestId('box-panel').getByTestId('builder-confirm-text').fill('ご来店されますか？');
    // "いいえ" gets its own branch from its handle.
    await page.getByTestId('box-add-box-1-0-option-n-1').click();
    await page.getByTestId('plan-box-box-2-1').waitFor();
    await writeText(page, 'box-2-0', 'お待ちしています');
    await writeText(page, 'box-2-1', 'またの機会に');

    // Timings: the confirm a day later at 10:00, the "いいえ" branch two hours later.
    await page.getByTestId('timing-label-box-1-0').click();
    await page.getByTestId('timing-type-send_after').click();
    await numberInput(page, 'timing-after-days').fill('1');
    await page.getByTestId('timing-at-time').click();
    await page.getByTestId('timing-label-box-1-0').getByText('1日後 10:00').waitFor();
    await page.getByTestId('timing-label-box-2-1').click();
    await page.getByTestId('timing-type-send_after').click();
    await numberInput(page, 'timing-after-hours').fill('2');
    await page.getByTestId('timing-label-box-2-1').getByText('2時間後').waitFor();
    expect(await page.getByTestId('timing-label-box-2-0').textContent()).toBe('すぐに送信');

    await save(page);
    await page.getByText(name).waitFor();
    const first = await planNamed(page, name);
    const ids = actionIds(first);
    expect(Object.keys(ids).sort()).toEqual(['box-0', 'box-1-0', 'box-2-0', 'box-2-1']);
    expect(Object.values(ids).every((id) => typeof id === 'number')).toBe(true);
    const confirm = first.plan_actions.find((action) => action.box_id === 'box-1-0');
    expect(confirm?.message_type).toBe('confirm');
    expect(confirm?.message.message_confirm?.message_actions.map((action) => action.box_id)).toEqual([
      'box-2-0',
      'box-2-1',
    ]);
    const timingInto = (end: string) => first.plan_timings.find((timing) => timing.end === end);
    expect(timingInto('box-1-0')).toMatchObject({ timing_type: 'send_after', after_days: 1, next_action_at: '10:00' });
    expect(timingInto('box-2-1')).toMatchObject({ timing_type: 'send_after', after_hours: 2 });

    // Reopen: the diagram shows what was saved.
    const id = first.plan.id ?? 0;
    await page.goto(`/service/plans/${id}/edit`);
    await page.getByTestId('timing-label-box-1-0').getByText('1日後 10:00').waitFor();
    await page.getByTestId('plan-box-box-2-1').getByText('またの機会に').waitFor();

    // Change a branch, undo it with the keyboard, redo it with the button.
    await writeText(page, 'box-2-1', 'また今度お越しください');
    await page.getByTestId('panel-tab-settings').click();
    await page.keyboard.press('Control+z');
    await page.getByTestId('plan-box-box-2-1').getByText('またの機会に', { exact: true }).waitFor();
    await page.getByTestId('plan-redo').click();
    await page.getByTestId('plan-box-box-2-1').getByText('また今度お越しください').waitFor();

    await save(page);
    const second = await until(
      async () => {
        const detail = await planNamed(page, name);
        return textOf(detail, 'box-2-1') === 'また今度お越しください' ? detail : undefined;
      },
      10_000,
      'the changed branch',
    );
    expect(actionIds(second)).toEqual(ids);
    expect(textOf(second, 'box-2-0')).toBe('お待ちしています');
  });

  it('a save with an over-long option label shows the error notification and stays with the box highlighted', async ({
    page,
  }) => {
    await loginAsStaff(page);
    await page.goto('/service/plans/create');
    await page.getByTestId('plan-name').fill(unique('E2E 長いラベル'));
    await openBox(page, 'box-0');
    await choose(page, 'box-message-type', '確認');
    await page.getByTestId('box-panel').getByTestId('builder-confirm-text').fill('ご来店されますか？');
    await page.getByTestId('builder-confirm-answer-0').getByTestId('builder-action-label').fill('あ'.repeat(30));
    // Away from the box, so the highlight must bring it back.
    await page.getByTestId('panel-tab-settings').click();
    await page.getByTestId('plan-save').click();

    await page.locator('.ant-notification-notice-error').waitFor();
    await page.locator('[data-testid="plan-box-box-0"][data-error="true"]').waitFor();
    await page.getByTestId('box-panel').waitFor();
    expect(new URL(page.url()).pathname).toBe('/service/plans/create');
  });

  it("a keyed error from the server (the channel's friend-added scenario is taken) shows its description and stays", async ({
    page,
  }) => {
    await loginAsStaff(page);
    await page.goto('/service/plans/create');
    await page.getByTestId('plan-name').fill(unique('E2E 友だち追加'));
    await writeText(page, 'box-0', 'ようこそ');
    await page.getByTestId('panel-tab-settings').click();
    // The demo channel already has its friend-added welcome scenario.
    await choose(page, 'plan-trigger', '友だち追加時');
    await page.getByTestId('plan-save').click();

    const notice = page.locator('.ant-notification-notice-error');
    await notice.getByText('友だち追加時のシナリオはチャネルに1つだけです', { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/service/plans/create');
  });
});

describe('broadcast', () => {
  it('shows the forecast with the recipient count before it is activated', async ({ page }) => {
    await loginAsStaff(page);
    await page.goto('/service/plans/create?plan_type=broadcast');
    const name = unique('E2E 一斉配信');
    await page.getByTestId('plan-name').fill(name);
    await writeText(page, 'box-0', 'セールのお知らせ');
    await save(page);
    const saved = await planNamed(page, name);
    expect(saved.plan.plan_type).toBe('broadcast');
    const id = saved.plan.id ?? 0;
    const forecast = await serviceApi(page, plansApi.forecast, { params: { id } });
    expect(forecast.status).toBe(200);
    expect(forecast.data.recipients).toBeGreaterThan(0);

    await page.getByTestId(`plan-active-${id}`).click();
    await page.getByTestId('plan-forecast').waitFor();
    expect(await page.getByTestId('forecast-recipients').textContent()).toBe(`${forecast.data.recipients}人`);
    await page.getByTestId('forecast-cancel').click();
    // Not activated.
    const after = await planNamed(page, name);
    expect(after.plan.is_active).toBe(false);
  });
});
