/**
 * Plans in the browser: a step scenario drawn in the diagram editor (a text box, a confirm box and
 * its two branches, with timings), saved, reopened, undone and redone, changed and saved again with
 * its action ids kept; a save with an over-long option label shows the error and stays; a
 * broadcast's forecast shows how many friends it would reach. Then the rest of the editor, each
 * checked through the UI and the API: a box filled from a template, advanced targeting (and its
 * submit rule), auto-reply settings, typing as one undo step, resize and hide children, and a
 * broadcast over the monthly quota.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import {
  defaultPlan,
  emptyMessage,
  firstBox,
  friendsApi,
  planSaveAnswer,
  plansApi,
  templatesApi,
  toPlanMessage,
  toPlanSavePayload,
  type PlanDetail,
  type PlanType,
} from '@linq/contract';
import {
  demoFriendsJoined,
  selectedSimulatedChannel,
  serviceApi,
  simulatorControl,
  uniqueSuffix,
  until,
} from '../support/demo-service.ts';
import { chooseOption } from '../support/dialogs.ts';
import { it } from '../support/fixtures.ts';
import { serviceScreen, signIn } from '../support/session.ts';

const unique = (prefix: string) => `${prefix} ${uniqueSuffix()}`;

async function loginAsStaff(page: Page) {
  await signIn(page, 'service', 'staff@demo.example', { path: '/service/plans' });
  await page.waitForFunction(() => localStorage.getItem('laid') !== null);
  await demoFriendsJoined(page);
}

/** Opens a box in the side panel (clicked on its id, clear of its buttons). */
async function openBox(page: Page, boxId: string) {
  await page.getByTestId(`plan-box-${boxId}`).getByTestId('box-type').click();
  await page.locator(`[data-testid="box-panel"][data-box="${boxId}"]`).waitFor();
}

async function writeText(page: Page, boxId: string, text: string) {
  await openBox(page, boxId);
  await page.getByTestId('box-panel').getByTestId('builder-text').fill(text);
  await page.getByTestId(`plan-box-${boxId}`).getByText(text).waitFor();
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
  await page.waitForURL(serviceScreen('/service/plans'));
}

describe('step scenario in the diagram editor', () => {
  it('is built with a confirm box and two timed branches, saved, reopened, undone, redone, changed and saved with its action ids kept', async ({
    page,
  }) => {
    await loginAsStaff(page);
    await page.getByTestId('create-button').click();
    await page.waitForURL(serviceScreen('/service/plans/create'));
    const name = unique('E2E ウェルカム');
    await page.getByTestId('plan-name').fill(name);

    // box-0: a text; box-1-0 below it becomes a confirm, whose "はい" gets box-2-0 at once.
    await writeText(page, 'box-0', 'ようこそ！');
    await page.getByTestId('box-add-box-0').click();
    await openBox(page, 'box-1-0');
    await chooseOption(page, 'box-message-type', '確認');
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
    // The list it returns to says the plan was saved.
    await page.locator('.ant-notification-notice-success').getByText(`「${name}」を保存しました`).waitFor();
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

    // Activating asks first and says who will enter it (started by staff) and how many friends its target matches.
    const audience = (await serviceApi(page, plansApi.forecast, { params: { id: first.plan.id! } })).data.recipients;
    await page.getByTestId(`plan-active-${first.plan.id}`).click();
    await page.getByTestId('activate-confirm').waitFor();
    expect(await page.getByTestId('activate-confirm').textContent()).toContain('スタッフが友だちごとに開始したとき');
    expect(await page.getByTestId('activate-confirm-audience').textContent()).toContain(`${audience}人`);
    expect((await planNamed(page, name)).plan.is_active).toBe(false);
    await page.getByTestId('activate-confirm-ok').click();
    await until(async () => ((await planNamed(page, name)).plan.is_active ? true : undefined), 10_000, 'activated');
    await page.getByTestId(`plan-state-${first.plan.id}`).getByText('配信中').waitFor();

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
    await chooseOption(page, 'box-message-type', '確認');
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
    await chooseOption(page, 'plan-trigger', '友だち追加時');
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

  it('scheduled a week ahead and active, it is listed as 予約済み, not 配信中', async ({ page }) => {
    await loginAsStaff(page);
    const name = unique('E2E 来週の配信');
    const detail = {
      plan: { ...defaultPlan('broadcast'), name, send_at: new Date(Date.now() + 8 * 86_400_000).toISOString() },
      plan_actions: [
        {
          ...firstBox('text_message'),
          message: { ...toPlanMessage(emptyMessage('text_message')), text: '来週のお知らせ' },
        },
      ],
      plan_timings: [],
    };
    const created = await serviceApi(page, plansApi.create, { body: toPlanSavePayload(detail) });
    expect(created.status).toBe(201);
    const id = planSaveAnswer.parse(created.body).id!;
    expect(
      (await serviceApi(page, plansApi.activate, { params: { id }, body: { allow_partial_send: true } })).status,
    ).toBe(200);
    await page.reload();
    const state = page.getByTestId(`plan-state-${id}`);
    await state.waitFor();
    expect(await state.getAttribute('data-state')).toBe('scheduled');
    expect(await state.textContent()).toContain('予約済み');
  });
});

/** Picks a label in a searchable multiple select: typed, then chosen with Enter (several dropdowns share labels). */
async function pick(page: Page, selectTestId: string, label: string) {
  await page.getByTestId(selectTestId).click();
  await page.keyboard.type(label);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option-active[title="${label}"]`).waitFor();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await chosen(page, selectTestId, label).waitFor();
}

/** The labels a multiple select shows as chosen. */
const chosen = (page: Page, selectTestId: string, label: string) =>
  page.getByTestId(selectTestId).getByText(label, { exact: true });

async function newPlan(page: Page, type: PlanType, prefix: string) {
  await page.goto(`/service/plans/create?plan_type=${type}`);
  const name = unique(prefix);
  await page.getByTestId('plan-name').fill(name);
  return name;
}

describe('a box filled from a template', () => {
  it("takes the template's message, and the saved box has it", async ({ page }) => {
    await loginAsStaff(page);
    const listed = await serviceApi(page, templatesApi.list, { query: { name: 'ご来店の確認', page: 1, limit: 10 } });
    const summary = listed.data.find((template) => template.name === 'ご来店の確認');
    if (!summary) throw new Error('the demo template ご来店の確認');
    const template = (await serviceApi(page, templatesApi.get, { params: { id: summary.id } })).body;
    const templateMessage = template.plan_actions[0]?.message;
    expect(templateMessage?.message_confirm?.text).toBe('今週末のご来店のご予定はありますか？');

    const name = await newPlan(page, 'scenario', 'E2E テンプレート');
    await openBox(page, 'box-0');
    await chooseOption(page, 'box-template', 'ご来店の確認（確認）');
    await page.getByText('テンプレートを入力しました').waitFor();
    await page.getByTestId('box-panel').getByTestId('builder-confirm-text').waitFor();
    expect(await page.getByTestId('box-panel').getByTestId('builder-confirm-text').inputValue()).toBe(
      '今週末のご来店のご予定はありますか？',
    );
    await save(page);

    const saved = await planNamed(page, name);
    const box = saved.plan_actions.find((action) => action.box_id === 'box-0');
    expect(box?.message_type).toBe('confirm');
    expect(box?.message.alt_text).toBe(templateMessage?.alt_text);
    expect(box?.message.message_confirm?.text).toBe(templateMessage?.message_confirm?.text);
    expect(box?.message.message_confirm?.message_actions.map((action) => action.label)).toEqual(['はい', 'いいえ']);
    // The template itself is untouched: the plan's box is a copy.
    expect(box?.message.id).not.toBe(templateMessage?.id);

    // On the saved plan: box-0 filled from another template and then edited. The box keeps its
    // action id (use_template: the server copies the template's message), and the template stays as it was.
    const greeting = (await serviceApi(page, templatesApi.list, { query: { name: 'ご挨拶', page: 1, limit: 10 } }))
      .data[0];
    if (!greeting) throw new Error('the demo template ご挨拶');
    const greetingBefore = (await serviceApi(page, templatesApi.get, { params: { id: greeting.id } })).body;
    await page.goto(`/service/plans/${String(saved.plan.id)}/edit`);
    await openBox(page, 'box-0');
    await chooseOption(page, 'box-template', 'ご挨拶（テキスト）');
    const text = page.getByTestId('box-panel').getByTestId('builder-text');
    await expect.poll(() => text.innerText()).toContain('友だち追加ありがとうございます');
    await text.fill('ご挨拶を書き換えました');
    await save(page);
    const second = await until(
      async () => {
        const detail = await planNamed(page, name);
        return textOf(detail, 'box-0') === 'ご挨拶を書き換えました' ? detail : undefined;
      },
      10_000,
      'the box filled again',
    );
    expect(actionIds(second)['box-0']).toBe(box?.id);
    expect(second.plan_actions.find((action) => action.box_id === 'box-0')?.message_type).toBe('text_message');
    const greetingAfter = (await serviceApi(page, templatesApi.get, { params: { id: greeting.id } })).body;
    expect(greetingAfter.plan_actions[0]?.message).toEqual(greetingBefore.plan_actions[0]?.message);
  });
});

describe('advanced targeting', () => {
  it('saves tags and marks (has / has not), conditions and specified friends; reopened it shows them; a deleted condition is gone', async ({
    page,
  }) => {
    await loginAsStaff(page);
    const friends = await serviceApi(page, friendsApi.list, { query: { page: 1, limit: 1 } });
    const friend = friends.data[0];
    if (!friend) throw new Error('a demo friend');

    const name = await newPlan(page, 'broadcast', 'E2E 絞り込み');
    await writeText(page, 'box-0', '会員様へのお知らせ');
    await page.getByTestId('panel-tab-settings').click();
    await page.getByTestId('target-advanced').click();
    await pick(page, 'target-tags', 'VIP');
    await pick(page, 'target-marks', '要対応');
    await chooseOption(page, 'target-has-mark', 'を持たない');
    await page.getByTestId('add-condition').click();
    await page.getByTestId('add-condition').click();
    await pick(page, 'condition-accepted-0', '新規');
    await pick(page, 'condition-excepted-0', 'VIP');
    await pick(page, 'condition-accepted-1', 'セミナー参加');
    await page.getByTestId('target-specified').click();
    await pick(page, 'target-friends', friend.display_name);
    await save(page);

    const first = await planNamed(page, name);
    const names = (labels: { name: string }[]) => labels.map((label) => label.name);
    expect(first.plan).toMatchObject({
      target_send: 'advanced',
      target_is_all: false,
      target_has_tag: true,
      target_has_mark: false,
      target_is_specified_friend: true,
    });
    expect(names(first.plan.target_tags)).toEqual(['VIP']);
    expect(names(first.plan.target_marks)).toEqual(['要対応']);
    expect(first.plan.target_friends.map((item) => item.id)).toEqual([friend.id]);
    expect(
      first.plan.target_conditions.map((condition) => [names(condition.tags_accepted), names(condition.tags_excepted)]),
    ).toEqual([
      [['新規'], ['VIP']],
      [['セミナー参加'], []],
    ]);
    const [removed, kept] = first.plan.target_conditions;

    // Reopened: the settings show what was saved.
    await page.goto(`/service/plans/${String(first.plan.id)}/edit`);
    await chosen(page, 'target-tags', 'VIP').waitFor();
    await chosen(page, 'target-marks', '要対応').waitFor();
    await page.getByTestId('target-has-mark').getByText('を持たない').waitFor();
    await chosen(page, 'condition-accepted-0', '新規').waitFor();
    await chosen(page, 'condition-excepted-0', 'VIP').waitFor();
    await chosen(page, 'condition-accepted-1', 'セミナー参加').waitFor();
    await chosen(page, 'target-friends', friend.display_name).waitFor();

    // The first condition deleted: sent as its id with the destroy flag, it is gone; the other keeps its id.
    await page.getByTestId('target-condition-0').getByRole('button', { name: '条件を削除' }).click();
    await chosen(page, 'condition-accepted-0', 'セミナー参加').waitFor();
    await save(page);
    const second = await until(
      async () => {
        const detail = await planNamed(page, name);
        return detail.plan.target_conditions.length === 1 ? detail : undefined;
      },
      10_000,
      'the condition deleted',
    );
    expect(second.plan.target_conditions[0]?.id).toBe(kept?.id);
    expect(second.plan.target_conditions.map((condition) => condition.id)).not.toContain(removed?.id);
    expect(names(second.plan.target_tags)).toEqual(['VIP']);
  });

  it('advanced with no tag, mark or specified friend is saved as all_target', async ({ page }) => {
    await loginAsStaff(page);
    const name = await newPlan(page, 'broadcast', 'E2E 絞り込みなし');
    await writeText(page, 'box-0', '全員へのお知らせ');
    await page.getByTestId('panel-tab-settings').click();
    await page.getByTestId('target-advanced').click();
    await page.getByTestId('target-tags').waitFor();
    await save(page);
    const saved = await planNamed(page, name);
    expect(saved.plan).toMatchObject({ target_send: 'all_target', target_is_all: true });
    await page.goto(`/service/plans/${String(saved.plan.id)}/edit`);
    await page
      .getByTestId('plan-name')
      .and(page.locator(`[value="${name}"]`))
      .waitFor();
    await expect
      .poll(() => page.getByTestId('plan-settings').getByRole('radio', { name: 'すべての友だち' }).isChecked())
      .toBe(true);
    expect(await page.getByTestId('target-tags').count()).toBe(0);
  });
});

describe('auto-reply settings', () => {
  it('keywords with their match, weekdays and a term are saved and shown again when reopened', async ({ page }) => {
    await loginAsStaff(page);
    const name = await newPlan(page, 'auto_reply', 'E2E 自動応答');
    await writeText(page, 'box-0', '営業時間は10時から19時です');
    await page.getByTestId('panel-tab-settings').click();
    const keywords = page.getByTestId('plan-keywords');
    await keywords.click();
    await page.keyboard.type('営業時間');
    await page.keyboard.press('Enter');
    await page.keyboard.type('何時まで');
    await page.keyboard.press('Enter');
    await chosen(page, 'plan-keywords', '何時まで').waitFor();
    await page.getByTestId('plan-keyword-match').getByText('部分一致').click();
    const weekdays = page.getByTestId('plan-weekdays');
    await weekdays.getByText('月', { exact: true }).click();
    await weekdays.getByText('水', { exact: true }).click();
    await page.getByTestId('plan-has-term').click();
    // The range picker's two inputs (each carries the test id).
    const term = page.getByTestId('plan-term');
    await term.first().click();
    await term.first().fill('2030-01-07 10:00');
    await page.keyboard.press('Enter');
    await term.nth(1).fill('2030-01-31 19:00');
    await page.keyboard.press('Enter');
    await save(page);

    const saved = await planNamed(page, name);
    expect(saved.plan).toMatchObject({
      plan_type: 'auto_reply',
      auto_keywords: ['営業時間', '何時まで'],
      auto_keyword_match: 'partial',
      auto_weekdays: [1, 3],
      auto_has_term: true,
    });
    // Wall-clock times in the account's zone (Asia/Tokyo, UTC+9).
    expect(new Date(saved.plan.auto_term_start_at ?? '').toISOString()).toBe('2030-01-07T01:00:00.000Z');
    expect(new Date(saved.plan.auto_term_end_at ?? '').toISOString()).toBe('2030-01-31T10:00:00.000Z');

    await page.goto(`/service/plans/${String(saved.plan.id)}/edit`);
    await chosen(page, 'plan-keywords', '営業時間').waitFor();
    await chosen(page, 'plan-keywords', '何時まで').waitFor();
    await expect
      .poll(() => page.getByTestId('plan-keyword-match').getByRole('radio', { name: '部分一致' }).isChecked())
      .toBe(true);
    const checked = page.getByTestId('plan-weekdays').getByRole('checkbox', { checked: true });
    await expect(checked.count()).resolves.toBe(2);
    await expect(page.getByTestId('plan-term').first().inputValue()).resolves.toBe('2030-01-07 10:00');
    await expect(page.getByTestId('plan-term').nth(1).inputValue()).resolves.toBe('2030-01-31 19:00');
  });
});

describe('the diagram', () => {
  it("typing the plan name, or a box's text, is one undo step", async ({ page }) => {
    await loginAsStaff(page);
    await page.goto('/service/plans/create');
    await page.getByTestId('plan-name').pressSequentially('ウェルカム');
    await page.getByTestId('plan-undo').click();
    await expect.poll(() => page.getByTestId('plan-name').inputValue()).toBe('');
    await page.getByTestId('plan-redo').click();
    await expect.poll(() => page.getByTestId('plan-name').inputValue()).toBe('ウェルカム');

    await openBox(page, 'box-0');
    const text = page.getByTestId('box-panel').getByTestId('builder-text');
    await text.pressSequentially('こんにちは');
    await page.getByTestId('plan-box-box-0').getByText('こんにちは').waitFor();
    await page.getByTestId('plan-undo').click();
    await page.getByTestId('plan-box-box-0').getByText('（未入力）').waitFor();
    expect(await text.innerText()).toBe('');
    // One more undo takes back the name: the typing was one step each.
    await page.getByTestId('plan-undo').click();
    await page.getByTestId('panel-tab-settings').click();
    await expect.poll(() => page.getByTestId('plan-name').inputValue()).toBe('');
  });

  it("a box's text reads at 12 px or more at 100 % zoom, and the hint says the preview is in the diagram's box", async ({
    page,
  }) => {
    await loginAsStaff(page);
    await page.goto('/service/plans/create');
    await writeText(page, 'box-0', 'ご登録ありがとうございます');
    expect(await page.getByTestId('box-panel').textContent()).toContain('左の図のボックスのプレビュー');
    expect(await page.getByTestId('box-panel').textContent()).not.toContain('右のプレビュー');
    const sizes = await page.getByTestId('plan-box-box-0').evaluate((box) => {
      const viewport = box.closest('.react-flow__viewport')!;
      const scale = new DOMMatrixReadOnly(getComputedStyle(viewport).transform).a;
      const texts = [...box.querySelectorAll<HTMLElement>('*')].filter((node) =>
        [...node.childNodes].some((child) => child.nodeType === Node.TEXT_NODE && child.textContent!.trim() !== ''),
      );
      // The size on screen: the font's, times CSS zoom inside the box, times the diagram's zoom.
      return {
        scale,
        smallest: Math.min(
          ...texts.map(
            (node) =>
              parseFloat(getComputedStyle(node).fontSize) *
              ((node as HTMLElement & { currentCSSZoom?: number }).currentCSSZoom ?? 1),
          ),
        ),
      };
    });
    expect(sizes.scale).toBe(1);
    expect(sizes.smallest).toBeGreaterThanOrEqual(11.9);
  });

  it('resizing a box shifts the later boxes of its level to 100 units of spacing; hiding children hides them and their timings', async ({
    page,
  }) => {
    await loginAsStaff(page);
    const name = await newPlan(page, 'scenario', 'E2E リサイズ');
    // box-0 a confirm: "はい" gets box-1-0 at once, "いいえ" gets box-1-1 from its handle.
    await openBox(page, 'box-0');
    await chooseOption(page, 'box-message-type', '確認');
    await page.getByTestId('box-panel').getByTestId('builder-confirm-text').fill('ご来店されますか？');
    await page.getByTestId('box-add-box-0-option-n-1').click();
    await page.getByTestId('plan-box-box-1-1').waitFor();
    await writeText(page, 'box-1-0', 'お待ちしています');
    await writeText(page, 'box-1-1', 'またの機会に');

    // box-1-0 selected shows its resize controls: its right edge dragged 80 px to the right.
    await openBox(page, 'box-1-0');
    const before = await page.getByTestId('plan-box-box-1-1').boundingBox();
    const edge = page.locator('.react-flow__node[data-id="box-1-0"] .react-flow__resize-control.line.right');
    const line = await edge.boundingBox();
    if (!before || !line) throw new Error('the boxes on screen');
    const startX = line.x + line.width / 2;
    const startY = line.y + line.height / 2;
    await page.mouse.move(startX, startY);
    await page.mouse.down();
    await page.mouse.move(startX + 40, startY, { steps: 4 });
    await page.mouse.move(startX + 80, startY, { steps: 4 });
    await page.mouse.up();
    await expect
      .poll(async () => (await page.getByTestId('plan-box-box-1-1').boundingBox())?.x)
      .toBeGreaterThan(before.x + 40);

    // Hiding box-0's children hides both branches and their arrows.
    await page.getByTestId('box-hide-box-0').click();
    await expect.poll(() => page.getByTestId('plan-box-box-1-0').count()).toBe(0);
    expect(await page.getByTestId('plan-box-box-1-1').count()).toBe(0);
    expect(await page.getByTestId('timing-label-box-1-1').count()).toBe(0);
    await save(page);

    const saved = await planNamed(page, name);
    const box = (boxId: string) => saved.plan_actions.find((action) => action.box_id === boxId);
    const resized = box('box-1-0');
    const later = box('box-1-1');
    if (!resized || !later) throw new Error('the saved branches');
    expect(resized.box_width).toBeGreaterThan(150);
    expect(later.x).toBe(resized.x + resized.box_width + 100);
    expect(box('box-0')?.diagram_hide_children).toBe(true);
    expect([resized.diagram_hide, later.diagram_hide]).toEqual([true, true]);
    expect(saved.plan_timings.map((timing) => timing.diagram_hide)).toEqual([true, true]);

    // Reopened: still hidden; shown again on demand.
    await page.goto(`/service/plans/${String(saved.plan.id)}/edit`);
    await page.getByTestId('box-hide-box-0').click();
    await page.getByTestId('plan-box-box-1-1').getByText('またの機会に').waitFor();
  });
});

describe('broadcast over the monthly quota', () => {
  it('activating asks to confirm a partial send; the API refuses without it (409)', async ({ page }) => {
    await loginAsStaff(page);
    const name = await newPlan(page, 'broadcast', 'E2E 上限超え');
    await writeText(page, 'box-0', '週末セールのお知らせ');
    await page.getByTestId('panel-tab-settings').click();
    // Scheduled an hour or more ahead: activating it sends nothing during the test.
    await page.getByTestId('plan-settings').getByText('日時を指定').click();
    await page.getByTestId('plan-send-at').waitFor();
    await save(page);
    const saved = await planNamed(page, name);
    const id = saved.plan.id ?? 0;

    const channel = await selectedSimulatedChannel(page);
    const quotaPath = `/_sim/channels/${channel.channelId}/quota`;
    const spent = await simulatorControl<{ used: number }>('GET', quotaPath);
    // One message left this month: the broadcast reaches one friend at most.
    await simulatorControl('PUT', quotaPath, { limit: spent.used + 1 });
    try {
      const forecast = await serviceApi(page, plansApi.forecast, { params: { id } });
      expect(forecast.data).toMatchObject({ quota_remaining: 1, exceeds_quota: true });
      expect(forecast.data.recipients).toBeGreaterThan(1);
      const refused = await serviceApi(page, plansApi.activate, { params: { id }, body: {} });
      expect(refused.status).toBe(409);

      await page.goto(`/service/plans/${String(id)}/edit`);
      await page.getByTestId('plan-activate').click();
      await page.getByTestId('forecast-exceeds').waitFor();
      expect(await page.getByTestId('forecast-quota').textContent()).toBe('1通');
      expect(await page.getByTestId('forecast-activate').isDisabled()).toBe(true);
      await page.getByTestId('forecast-confirm-partial').click();
      await page.getByTestId('forecast-activate').click();
      await page.getByText(`「${name}」の配信を開始しました`).waitFor();
      const activated = await planNamed(page, name);
      expect(activated.plan.is_active).toBe(true);
    } finally {
      await serviceApi(page, plansApi.deactivate, { params: { id } });
      await simulatorControl('PUT', quotaPath, { limit: channel.quota.limit });
    }
  });
});
