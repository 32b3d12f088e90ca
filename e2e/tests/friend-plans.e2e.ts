/**
 * A friend's plans in the browser (issue 15, friend detail): staff start a step scenario for a
 * virtual friend from the friend's page; the friend's phone receives its first box, the page shows
 * it in the enrolment's timeline as sent, with the next send's date and time in the account's time
 * zone; staff stop the enrolment and the timeline says so.
 */
import { describe, expect } from 'vitest';
import { friendPlansApi, STAFF_STOP_REASON } from '@linq/contract';
import {
  followingFriend,
  friendIdOf,
  loginAsDemoStaff,
  receivedBy,
  serviceApi,
  twoStepScenario,
  uniqueSuffix,
  until,
} from '../support/demo-service.ts';
import { it } from '../support/fixtures.ts';

describe("a friend's plans on the friend page", () => {
  it('starts a scenario for the friend, shows its timeline with the next send, and stops it', async ({ page }) => {
    await loginAsDemoStaff(page, '/service/friends');
    const suffix = uniqueSuffix();
    const planName = `E2E 個別シナリオ ${suffix}`;
    const firstText = `E2E 一通目 ${suffix}`;
    const planId = await twoStepScenario(page, planName, firstText);
    const displayName = `E2E シナリオの友だち ${suffix}`;
    const virtualFriend = await followingFriend(page, displayName);
    const friendId = await friendIdOf(page, displayName);

    await page.goto(`/service/friends/${friendId}`);
    const section = page.getByTestId('friend-plans');
    await section.waitFor();

    await section.getByTestId('start-plan').click();
    await page.getByTestId('start-plan-select').click();
    await page.keyboard.type(planName);
    await page.locator(`.ant-select-item-option[title="${planName}"]`).click();
    await page.getByTestId('start-plan-submit').click();

    // The friend's phone receives the first box …
    await until(
      async () =>
        (await receivedBy(page, virtualFriend)).some((entry) => JSON.stringify(entry).includes(firstText))
          ? true
          : undefined,
      20_000,
      'the first box on the phone',
    );
    // … and the friend page shows it sent, with the next send a day later at 10:00 Tokyo time.
    const { data } = await serviceApi(page, friendPlansApi.list, { params: { id: friendId }, query: {} });
    const enrolment = data.find((row) => row.plan_id === planId)!;
    expect(enrolment).toMatchObject({
      status: 'active',
      trigger: 'manual',
      waiting_for: 'send',
      next_box_id: 'box-1-0',
    });
    const card = page.getByTestId(`friend-plan-${enrolment.id}`);
    await card.getByText(planName).waitFor();
    await card.getByTestId('plan-send-box-0').getByText('送信済み').waitFor({ timeout: 20_000 });
    await card.getByTestId('plan-send-box-0').getByText(firstText).waitFor();
    const nextSend = await card.getByTestId('plan-next-send').textContent();
    expect(nextSend).toMatch(/^\d{4}\/\d{2}\/\d{2} 10:00（日本標準時）$/);

    await card.getByTestId('friend-plan-stop').click();
    await page.getByTestId('confirm-ok').click();
    await card.getByTestId('friend-plan-status').getByText('停止').waitFor();
    // The end reason is stored as a code; the page words it.
    await card.getByText('スタッフが停止', { exact: false }).waitFor();
    await expect(card.getByTestId('friend-plan-stop').count()).resolves.toBe(0);
    const after = await serviceApi(page, friendPlansApi.list, { params: { id: friendId }, query: {} });
    expect(after.data.find((row) => row.id === enrolment.id)).toMatchObject({
      status: 'stopped',
      end_reason: STAFF_STOP_REASON,
      next_action_at: null,
    });
  });
});
